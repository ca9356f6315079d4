// The payment page tells the buyer the same number of days, so it lives in the contract.
import { clockOrUtc, RELEASE_AFTER_DAYS, writeDate, type Clock } from '@second-gear/contract/constants';

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

/** A day as one party reads it, in their time zone and locale (UTC, en-US when they have none): "Nov 27, 2026". */
export const dayWords = (at: Date, reader: Clock | null | undefined): string => writeDate(at, clockOrUtc(reader));
