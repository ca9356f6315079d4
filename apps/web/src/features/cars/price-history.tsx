import { useState } from 'react';
import type { PriceChange } from '@second-gear/contract';
import { formatDate, formatPrice, useReaderClock } from '../../lib/format.ts';
import { Chart } from '../../ui/chart/chart.tsx';
import { priceHistorySpec, priceHistorySummary } from './price-history-chart.ts';

/** "Price dropped by $1,500", "Price raised by $500"; a change back to the same price says so. */
function describeChange({ oldPrice, newPrice }: PriceChange): string {
  if (newPrice < oldPrice) return `Price dropped by ${formatPrice(oldPrice - newPrice)}`;
  if (newPrice > oldPrice) return `Price raised by ${formatPrice(newPrice - oldPrice)}`;
  return 'Price unchanged';
}

/**
 * Every change of the resale price, oldest first, as the server lists them, under a small chart of
 * the price as steps from the day it was listed to today; nothing when it never changed. The list is
 * the chart's figures in words.
 */
export function PriceHistory({ changes, postedAt, headingId }: { changes: PriceChange[]; postedAt: string; headingId: string }) {
  useReaderClock();
  // Today as of the page's first render: the chart's last step does not grow while it is open.
  const [now] = useState(() => Date.now());
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-semibold">
        Price history
      </h2>
      <Chart
        spec={priceHistorySpec(changes, postedAt, now)}
        label={`Asking price of this car from ${formatDate(postedAt)} to today`}
        summary={priceHistorySummary(changes)}
        heightClass="h-40"
      />
      <ol className="mt-3 flex flex-col gap-2">
        {changes.map((change, i) => (
          // The list never changes order while shown: a change's place in it is its identity.
          <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-lg bg-base-200 px-3 py-2">
            <time dateTime={change.changedAt} className="text-sm text-base-content/70">
              {formatDate(change.changedAt)}
            </time>
            <span className="font-medium">
              {formatPrice(change.oldPrice)} <span aria-hidden="true">→</span>
              <span className="sr-only">to</span> {formatPrice(change.newPrice)}
            </span>
            <span className={`w-full text-sm ${change.newPrice < change.oldPrice ? 'text-success' : 'text-base-content/80'}`}>
              {describeChange(change)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
