// Prices and dates are written out by hand rather than with Intl: the page's first Intl formatter
// loads the browser's locale data, about 45 ms of a phone's main thread (180 ms at Lighthouse's 4×
// CPU) inside the first render of every page with a price on it. The product is in English, and the
// output is exactly Intl's en-US one (format.test.ts compares them).

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Prices are shown with a '$' prefix and thousands separators: `$31,500` (docs/product.md, "Fixed
 * timings and limits"), whole US dollars whatever the browser's language. Prices are never negative.
 */
export function formatPrice(amount: number): string {
  return `$${formatWhole(amount)}`;
}

/** A whole number with thousands separators (`84,200`), as Intl en-US writes it; for mileages and counts. */
export function formatWhole(amount: number): string {
  return String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

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
