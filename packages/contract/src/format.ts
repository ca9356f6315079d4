// Prices and whole numbers as the product writes them, in the browser and in the server's HTML
// alike. Written by hand rather than with Intl: a page's first Intl formatter loads the browser's
// locale data, about 45 ms of a phone's main thread. The output is exactly Intl's en-US
// (apps/web/src/lib/format.test.ts compares them).

/** A whole number with thousands separators (`84,200`), as Intl en-US writes it; for mileages and counts. */
export function formatWhole(amount: number): string {
  return String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Prices are shown with a '$' prefix and thousands separators: `$31,500` (docs/product.md, "Fixed
 * timings and limits"), whole US dollars whatever the browser's language. Prices are never negative.
 */
export function formatPrice(amount: number): string {
  return `$${formatWhole(amount)}`;
}

/**
 * An amount in cents as prices are written (`$31,000`), with the cents only when there are some
 * (`$1,550.25`): a payment, a fee or a net amount may have them, a car's price never does.
 */
export function formatCents(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${formatWhole(whole)}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

const dayMs = 24 * 60 * 60 * 1000;

/** Whole days from `since` to `now` (never below 0): a car's days listed, on its page and its card alike. */
export function wholeDaysSince(since: string | number | Date, now: number = Date.now()): number {
  const start = since instanceof Date ? since.getTime() : new Date(since).getTime();
  return Number.isNaN(start) ? 0 : Math.max(0, Math.floor((now - start) / dayMs));
}
