// The payment page tells the buyer the same number, so it lives in the contract.
import { RELEASE_AFTER_DAYS } from '@second-gear/contract/constants';

/** What decides where released money goes: the provider payout accounts are made with, and the platform's fee. */
export interface MoneyRules {
  provider: 'test' | 'stripe';
  /** `PLATFORM_FEE_PERCENT`. */
  feePercent: number;
}

/**
 * When a held payment is released on its own, of a payment and its booking named by these aliases
 * (`from payments pay left join bookings b on b.id = pay.booking_id`): a week after the confirmed
 * meeting, or after the payment without one.
 */
export function releaseDue(pay = 'pay', b = 'b'): string {
  return `(case when ${b}.status = 'confirmed' and ${b}.meeting_time is not null then ${b}.meeting_time else ${pay}.created_at end) + make_interval(days => ${RELEASE_AFTER_DAYS})`;
}


/** A day as both parties read it in a message: "27 November 2026" (UTC, as the server's other words). */
export function dayWords(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}
