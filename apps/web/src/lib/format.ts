const mediumDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Whole US dollars grouped by thousands, whatever the browser's language: prices are in USD everywhere. */
const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Prices are shown with a '$' prefix and thousands separators: `$31,500` (docs/product.md, "Fixed timings and limits"). */
export function formatPrice(amount: number): string {
  return `$${dollars.format(amount)}`;
}

/** Posted time in medium date format; the raw text when it is not a date. */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : mediumDate.format(date);
}
