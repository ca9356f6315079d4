// Card-field helpers of the test-mode card form: formatting while typing and the client-side checks
// (Luhn, expiry, CVC) with Stripe's wording. Pure functions, so they are easy to reason about.

import { luhnValid } from '@second-gear/contract/constants';

/** The digits of a card number as typed or pasted (at most 19). */
export function cardDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 19);
}

/** Groups of four: '4242 4242 4242 4242'. */
export function formatCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits stand before it. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index] ?? '')) seen += 1;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}

const isAmex = (digits: string) => /^3[47]/.test(digits);

export function cardNumberError(digits: string): string | undefined {
  if (digits === '') return 'Enter your card number.';
  if (digits.length >= 13 && luhnValid(digits)) return undefined;
  if (digits.length < (isAmex(digits) ? 15 : 16)) return 'Your card number is incomplete.';
  return 'Your card number is invalid.';
}

/**
 * The expiry as 'MM / YY' while typing: a first digit above 1 is a month ('4' → '04'), the separator
 * appears with the first year digit (so Backspace never gets stuck on it), and autofilled
 * '12/2030' or '12/30' become '12 / 30'.
 */
export function formatExpiry(raw: string): string {
  if (raw.includes('/')) {
    const [monthPart = '', ...rest] = raw.split('/');
    const month = monthPart.replace(/\D/g, '').slice(0, 2);
    let year = rest.join('').replace(/\D/g, '');
    if (year.length === 4) year = year.slice(2);
    year = year.slice(0, 2);
    if (!month) return '';
    const paddedMonth = month.padStart(2, '0');
    return year ? `${paddedMonth} / ${year}` : paddedMonth;
  }
  let digits = raw.replace(/\D/g, '');
  if (digits.length > 0 && digits[0] !== '0' && digits[0] !== '1') digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export interface Expiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** The month and four-digit year of a complete 'MM / YY', or null. */
export function parseExpiry(value: string): Expiry | null {
  const match = /^(\d{2}) \/ (\d{2})$/.exec(value);
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

export function expiryError(value: string, now: Date = new Date()): string | undefined {
  if (value === '') return "Enter your card's expiration date.";
  const expiry = parseExpiry(value);
  if (!expiry) return "Your card's expiration date is incomplete.";
  if (expiry.month < 1 || expiry.month > 12) return "Your card's expiration date is invalid.";
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (expiry.year < thisYear || (expiry.year === thisYear && expiry.month < thisMonth)) return "Your card's expiration date is in the past.";
  if (expiry.year > thisYear + 50) return "Your card's expiration year is invalid.";
  return undefined;
}

export function cvcDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

export function cvcError(cvc: string): string | undefined {
  if (cvc === '') return "Enter your card's security code.";
  if (cvc.length < 3) return "Your card's security code is incomplete.";
  return undefined;
}
