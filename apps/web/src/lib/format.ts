// Prices and dates are written out by hand rather than with Intl: the page's first Intl formatter
// loads the browser's locale data, about 45 ms of a phone's main thread (180 ms at Lighthouse's 4×
// CPU) inside the first render of every page with a price on it. The product is in English, and the
// output is exactly Intl's en-US one (format.test.ts compares them). Prices and counts come from the
// contract, which the server's HTML for a car's link preview writes with too.

export { formatCents, formatMileage, formatPrice, formatWhole, wholeDaysSince } from '@second-gear/contract/constants';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Posted time as a medium date in the visitor's time zone (`Nov 25, 2026`); the raw text when it is not a date. */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${months[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** A month and year in the visitor's time zone (`Nov 2026`), as in "Member since Nov 2026"; the raw text when it is not a date. */
export function formatMonthYear(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${months[date.getMonth()]} ${date.getFullYear()}`;
}

/**
 * A date and time in the visitor's time zone (`Nov 25, 2026, 2:30 PM`), as a meeting is shown; the
 * raw text when it is not a date. Intl en-US writes the same, bar the narrow space before AM/PM.
 */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${formatDate(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as an `<input type="datetime-local">` holds it (`2026-11-25T14:30`, the visitor's zone); '' when it is not a date. */
export function toDateTimeLocal(value: string | number | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * What a datetime-local input holds, as the API takes it: ISO with the browser's offset for that
 * moment (`2026-11-25T14:30:00+01:00`); '' for an empty or impossible value.
 */
export function fromDateTimeLocal(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return '';
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]));
  if (Number.isNaN(date.getTime())) return '';
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${toDateTimeLocal(date)}:00${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** How long a car has been listed: `Listed today`, `Listed 1 day ago`, `Listed 3 days ago`. */
export function formatListed(days: number): string {
  if (days === 0) return 'Listed today';
  return days === 1 ? 'Listed 1 day ago' : `Listed ${days} days ago`;
}
