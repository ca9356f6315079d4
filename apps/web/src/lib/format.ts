// Prices are written out by hand rather than with Intl: the page's first Intl formatter loads the
// browser's locale data, about 45 ms of a phone's main thread (180 ms at Lighthouse's 4× CPU) inside
// the first render of every page with a price on it. The product is in English, and the output is
// exactly Intl's en-US one (format.test.ts compares them). Prices and counts come from the contract,
// which the server's HTML for a car's link preview writes with too. Dates come from the contract's
// one clock (when.ts), which the emails write with too: by hand in the browser's zone in en-US, a
// formatter made on first use otherwise.

import { formatWhole, fromWallClock, toWallClock, writeDate, writeDateTime, writeMonthYear, type Clock, type DistanceUnit } from '@second-gear/contract/constants';
import { useSyncExternalStore } from 'react';
import { readerClockOf } from './reader-clock.ts';

export { formatCents, formatMileage, formatPrice, formatWhole, wholeDaysSince } from '@second-gear/contract/constants';

let reader: Clock = readerClockOf(null);
/** Bumped when the clock changed; the components that write dates subscribe to it (useReaderClock). */
let changes = 0;
const listeners = new Set<() => void>();

/**
 * Whose clock the pages write dates in: the app shell sets it from the session before the pages
 * render (app/reader-clock.tsx), the signed-in person's zone and locale, or the browser's; a page
 * the server drew is hydrated in the clock it was drawn in (UTC, en-US) first. Set while the shell
 * renders, it tells nobody; `announceReaderClock` does, after that render.
 */
export function setReaderClock(clock: Clock) {
  if (clock.timeZone === reader.timeZone && clock.locale === reader.locale) return;
  reader = clock;
  changes += 1;
}

/** After the shell's render: the components that write dates (useReaderClock) write them again in the new clock. */
export function announceReaderClock() {
  for (const listener of listeners) listener();
}

/**
 * For a component that writes dates: it renders again when the reader's clock changes (a sign-in,
 * Settings, a page the server drew taken over by the browser), rather than keeping the old clock's
 * words until something else renders it. The server's snapshot is the first one: a drawn page
 * hydrates in the clock it was drawn in.
 */
export function useReaderClock(): void {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => changes,
    () => 0,
  );
}

/** A medium date in the reader's zone and locale (`Nov 25, 2026`, `25 Nov 2026`); the raw text when it is not a date. */
export const formatDate = (value: string | number | Date) => writeDate(value, reader);

/** A month and year in the reader's zone (`Nov 2026`), as in "Member since Nov 2026"; the raw text when it is not a date. */
export const formatMonthYear = (value: string | number | Date) => writeMonthYear(value, reader);

/**
 * A date and time in the reader's zone and locale (`Nov 25, 2026, 2:30 PM`, `25 Nov 2026, 14:30`),
 * as the bell, a message, a meeting are shown; the same words as the emails' (contract/when.ts),
 * which add the zone's name. The raw text when it is not a date.
 */
export const formatDateTime = (value: string | number | Date) => writeDateTime(value, reader);

/** A moment as an `<input type="datetime-local">` holds it, in the reader's zone (`2026-11-25T14:30`); '' when it is not a date. */
export const toDateTimeLocal = (value: string | number | Date) => toWallClock(value, reader);

/**
 * What a datetime-local input holds, read in the reader's zone, as the API takes it: ISO with that
 * zone's offset for that moment (`2026-11-25T14:30:00+01:00`); '' for an empty or impossible value.
 */
export const fromDateTimeLocal = (value: string) => fromWallClock(value, reader);

/** How long a car has been listed: `Listed today`, `Listed 1 day ago`, `Listed 3 days ago`. */
export function formatListed(days: number): string {
  if (days === 0) return 'Listed today';
  return days === 1 ? 'Listed 1 day ago' : `Listed ${days} days ago`;
}

/** A search radius as `Distance` offers it (`50 miles`, `50 km`): miles in words, as the product's names have them. */
export function formatRadius(radius: number, unit: DistanceUnit): string {
  return `${formatWhole(radius)} ${unit === 'mi' ? 'miles' : 'km'}`;
}
