const mediumDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Prices are shown with a '$' prefix (docs/product.md, "Fixed timings and limits"). */
export function formatPrice(amount: number): string {
  return `$${amount}`;
}

/** Posted time in medium date format; the raw text when it is not a date. */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : mediumDate.format(date);
}
