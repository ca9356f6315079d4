import type { PriceChange } from '@second-gear/contract';
import { formatDate, formatPrice } from '../../lib/format.ts';

/** "Price dropped by $1,500", "Price raised by $500"; a change back to the same price says so. */
function describeChange({ oldPrice, newPrice }: PriceChange): string {
  if (newPrice < oldPrice) return `Price dropped by ${formatPrice(oldPrice - newPrice)}`;
  if (newPrice > oldPrice) return `Price raised by ${formatPrice(newPrice - oldPrice)}`;
  return 'Price unchanged';
}

/** Every change of the resale price, oldest first, as the server lists them; nothing when it never changed. */
export function PriceHistory({ changes, headingId }: { changes: PriceChange[]; headingId: string }) {
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-semibold">
        Price history
      </h2>
      <ol className="flex flex-col gap-2">
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
