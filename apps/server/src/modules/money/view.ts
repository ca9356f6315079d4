import type { HeldPayment } from '@second-gear/contract';
import { releaseDue } from './rules.ts';

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

/**
 * A `left join lateral … money` on the payment whose transaction id is `transactionId` (a column of
 * the outer query). Its own aliases start with `money_`, so that none hides one of the outer query's.
 */
export function moneyJoin(transactionId: string): string {
  return `left join lateral (
    select money_pay.id as money_payment_id, money_pay.state as money_state, money_pay.amount as money_amount, money_pay.created_at as money_paid_at,
           case when money_pay.state = 'held' and money_d.id is null then ${releaseDue('money_pay', 'money_b')} end as money_release_due_at,
           money_pay.released_at as money_released_at, money_pay.refunded_at as money_refunded_at, money_pay.refund_reason as money_refund_reason,
           money_d.id as dispute_id, money_d.reason as dispute_reason, money_d.details as dispute_details, money_d.opened_at as dispute_opened_at,
           money_d.decision as dispute_decision, money_d.note as dispute_note, money_d.decided_at as dispute_decided_at
      from payments money_pay
      left join bookings money_b on money_b.id = money_pay.booking_id
      left join disputes money_d on money_d.payment_id = money_pay.id
     where money_pay.transaction_id = ${transactionId}
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
