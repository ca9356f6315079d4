import { luhnValid } from '@second-gear/contract';

/**
 * How the test processor answers a card: as Stripe's test mode does (its documented test cards,
 * codes and messages), so that the product behaves the same with `PAYMENTS=test` and with Stripe.
 */

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CardDecline {
  code: string;
  declineCode?: string;
  message: string;
}

export type CardOutcome = { ok: true; brand: string; last4: string; expMonth: number; expYear: number } | { ok: false; decline: CardDecline };

const declined = (declineCode: string, message: string): CardDecline => ({ code: 'card_declined', declineCode, message });

/** Stripe's test cards that fail, by number (the README's "Real card payments" lists them). */
const TEST_CARD_FAILURES: Record<string, CardDecline> = {
  '4000000000000002': declined('generic_decline', 'Your card was declined.'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

/** Test cards that succeed. Any other valid number is declined, as in Stripe's test mode, where real cards are refused. */
const TEST_CARD_SUCCESSES: Record<string, string> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '378282246310005': 'amex',
  '6011111111111117': 'discover',
};

/** The answer for one card at `now`. Checks run in Stripe's order: number, expiry, CVC, then the card's own behaviour. */
export function judgeCard(card: CardInput, now = new Date()): CardOutcome {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    return { ok: false, decline: { code: 'incorrect_number', message: 'Your card number is incorrect.' } };
  }
  if (card.expMonth < 1 || card.expMonth > 12) {
    return { ok: false, decline: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." } };
  }
  const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (expYear < year) {
    return { ok: false, decline: { code: 'invalid_expiry_year', message: "Your card's expiration year is in the past." } };
  }
  if (expYear === year && card.expMonth < month) {
    return { ok: false, decline: { code: 'invalid_expiry_month', message: "Your card's expiration date is in the past." } };
  }
  if (expYear > year + 50) {
    return { ok: false, decline: { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." } };
  }
  if (!/^\d{3,4}$/.test(card.cvc)) {
    return { ok: false, decline: { code: 'invalid_cvc', message: "Your card's security code is invalid." } };
  }
  const failure = TEST_CARD_FAILURES[number];
  if (failure) return { ok: false, decline: failure };
  const brand = TEST_CARD_SUCCESSES[number];
  if (!brand) return { ok: false, decline: declined('generic_decline', 'Your card was declined.') };
  return { ok: true, brand, last4: number.slice(-4), expMonth: card.expMonth, expYear };
}
