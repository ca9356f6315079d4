import type { HeldPayment } from '@second-gear/contract';
import { RELEASE_DUE } from './rules.ts';

// A purchase's payment as the lists show it (My Orders, My Wishlist, Booking Requests, Payouts):
// a lateral join on the payment a purchase's transaction id names, with its open or decided case.

/** The columns `moneyJoin` adds, all prefixed `money_` or `dispute_`. */
export interface MoneyColumns {
  money_payment_id: string | null;
  money_state: HeldPayment['state'] | null;
  money_amount: number | null;
  money_paid_at: Date | null;
  money_release_due_at: Date | null;
  money_released_at: Date | null;
  money_refunded_at: Date | null;
  money_refund_reason: string | null;
  dispute_id: string | null;
  dispute_reason: NonNullable<HeldPayment['dispute']>['reason'] | null;
  dispute_details: string | null;
  dispute_opened_at: Date | null;
  dispute_decision: 'refund' | 'release' | null;
  dispute_note: string | null;
  dispute_decided_at: Date | null;
}

/** The payment columns of one purchase, as `select …, money.*` reads them. */
export const MONEY_COLUMNS = `money.money_payment_id, money.money_state, money.money_amount, money.money_paid_at, money.money_release_due_at,
  money.money_released_at, money.money_refunded_at, money.money_refund_reason, money.dispute_id, money.dispute_reason, money.dispute_details,
  money.dispute_opened_at, money.dispute_decision, money.dispute_note, money.dispute_decided_at`;

/** A `left join lateral … money` on the payment whose transaction id is `transactionId` (a column of the outer query). */
export function moneyJoin(transactionId: string): string {
  return `left join lateral (
    select pay.id as money_payment_id, pay.state as money_state, pay.amount as money_amount, pay.created_at as money_paid_at,
           case when pay.state = 'held' and d.id is null then ${RELEASE_DUE} end as money_release_due_at,
           pay.released_at as money_released_at, pay.refunded_at as money_refunded_at, pay.refund_reason as money_refund_reason,
           d.id as dispute_id, d.reason as dispute_reason, d.details as dispute_details, d.opened_at as dispute_opened_at,
           d.decision as dispute_decision, d.note as dispute_note, d.decided_at as dispute_decided_at
      from payments pay
      left join bookings b on b.id = pay.booking_id
      left join disputes d on d.payment_id = pay.id
     where pay.transaction_id = ${transactionId}
  ) money on true`;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toHeldPayment(r: MoneyColumns): HeldPayment | null {
  if (!r.money_payment_id) return null;
  return {
    paymentId: r.money_payment_id,
    state: r.money_state!,
    amount: r.money_amount!,
    paidAt: r.money_paid_at!.toISOString(),
    releaseDueAt: iso(r.money_release_due_at),
    releasedAt: iso(r.money_released_at),
    refundedAt: iso(r.money_refunded_at),
    refundReason: r.money_refund_reason,
    dispute: r.dispute_id
      ? {
          id: r.dispute_id,
          reason: r.dispute_reason!,
          details: r.dispute_details!,
          openedAt: r.dispute_opened_at!.toISOString(),
          decision: r.dispute_decision,
          note: r.dispute_note,
          decidedAt: iso(r.dispute_decided_at),
        }
      : null,
  };
}
