// Prices and dates are written out by hand rather than with Intl: the page's first Intl formatter
// loads the browser's locale data, about 45 ms of a phone's main thread (180 ms at Lighthouse's 4×
// CPU) inside the first render of every page with a price on it. The product is in English, and the
// output is exactly Intl's en-US one (format.test.ts compares them). Prices and counts come from the
// contract, which the server's HTML for a car's link preview writes with too.

export { formatPrice, formatWhole } from '@second-gear/contract/constants';

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
