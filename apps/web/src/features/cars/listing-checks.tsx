import type { ListingCheck } from '@second-gear/contract';
import { formatDate, useReaderClock } from '../../lib/format.ts';
import { CheckIcon, InfoIcon, MinusIcon, WarningIcon } from '../../ui/icons.tsx';

const checked: Record<ListingCheck['name'], string> = {
  photos: 'Photos',
  vin: 'VIN',
  price: 'Price',
  seller: 'Seller',
  plausibility: 'Plausibility',
};

/** How each outcome reads: a tick for what passed, a note to ask about (never a warning), a dash for what could not be checked. */
const outcomes: Record<ListingCheck['outcome'], { label: string; icon: typeof CheckIcon; className: string }> = {
  passed: { label: 'Passed', icon: CheckIcon, className: 'text-success' },
  flagged: { label: 'Note', icon: InfoIcon, className: 'text-info' },
  'not checked': { label: 'Not checked', icon: MinusIcon, className: 'text-base-content/60' },
};

/**
 * The listing checks of the car (decision 020), calm on purpose: what was checked, a tick for what
 * passed, a neutral note to ask the seller about for what did not, and what could not be checked.
 * A note is a question for the seller, not a verdict: honest cars can have one (a typo in the year).
 */
export function ListingChecksPanel({ checks, headingId }: { checks: ListingCheck[] | undefined; headingId: string }) {
  useReaderClock();
  if (!checks?.length) return null;
  const latest = checks.reduce((a, b) => (a > b.checkedAt ? a : b.checkedAt), '');
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-1 text-xl font-semibold">
        Listing checks
      </h2>
      <p className="mb-3 text-sm text-base-content/80">
        Checked by Second Gear on <time dateTime={latest}>{formatDate(latest)}</time>. A note is something to ask the seller about.
      </p>
      <ul className="flex flex-col gap-2">
        {checks.map((check) => {
          const { label, icon: Icon, className } = outcomes[check.outcome];
          return (
            <li key={check.name} className="flex items-start gap-3 rounded-lg bg-base-200 px-3 py-2">
              <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${className}`} />
              <div className="min-w-0">
                <p className="font-medium">
                  {checked[check.name]}: {label}
                </p>
                <p className="text-sm break-words">
                  {check.detail}
                  {check.outcome === 'flagged' ? (check.cleared ? ' Looked into and cleared by Second Gear.' : ' Ask the seller.') : null}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The checks' findings no admin has cleared: what the box at the top of the page lists. */
export const openFlags = (checks: ListingCheck[] | undefined) => (checks ?? []).filter((c) => c.outcome === 'flagged' && !c.cleared);

/**
 * The findings an admin has not cleared yet, beside the price at the top of the page, so a buyer
 * reads them with the price rather than after the description. The car shows no deal rating until
 * an admin clears them in Reported Items. Nothing when there are none.
 */
export function ListingFlags({ checks, headingId }: { checks: ListingCheck[] | undefined; headingId: string }) {
  const flags = openFlags(checks);
  if (!flags.length) return null;
  return (
    <section aria-labelledby={headingId} className="alert alert-warning flex-col items-start gap-2 text-amber-950">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <WarningIcon className="h-5 w-5 shrink-0" />
        Listing checks found {flags.length === 1 ? 'something' : `${flags.length} things`} to ask the seller about
      </h2>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
        {flags.map((check) => (
          <li key={check.name} className="break-words">
            <span className="font-medium">{checked[check.name]}:</span> {check.detail}
          </li>
        ))}
      </ul>
      <p className="text-sm">No deal rating is shown until Second Gear has looked into it.</p>
    </section>
  );
}
