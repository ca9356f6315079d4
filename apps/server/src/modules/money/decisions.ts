import type { PoolClient } from 'pg';
import { AppError } from '../../errors.ts';
import { afterCarWrite } from '../cars/car-written.ts';
import { closeRefundedBooking, withdrawProposalOfSold } from './booking-of-sale.ts';
import { tellRefunded, tellReleased } from './telling.ts';
import type { Clock } from '@second-gear/contract/constants';
import { dayWords, type MoneyRules } from './rules.ts';
import type { LockedPayment, RefundedBy, ReleasedBy } from './locked-payment.ts';

// The two ends of a held payment, each reached at most once: released to the seller (the buyer's
// "I have the car", the automatic release, the admin's decision) or refunded to the buyer (the
// seller's "Cancel sale", a declined or cancelled paid booking, the admin's decision). A decision
// is one conditional UPDATE from 'held' under the payment's lock, in the caller's transaction,
// with what the provider is to do written beside it (money_moves); moves.ts carries that out
// after the commit (the request that decided, or the every-minute job for what is left due). Whoever comes second finds the payment no longer held and is told what
// happened instead (a 409).

/** What happened to a payment that is no longer held, in words for the person who came second, on their clock (none: UTC). */
export function alreadyDecided(p: Pick<LockedPayment, 'state' | 'released_at' | 'refunded_at'>, reader?: Clock): string {
  if (p.state === 'released') return `This payment was already released to the seller on ${dayWords(p.released_at!, reader)}.`;
  return `This payment was already refunded to the buyer on ${dayWords(p.refunded_at!, reader)}.`;
}

/**
 * Releases a held payment to its seller: the car is sold, its booking takes no more answers, and
 * the seller's share (the payment less the platform's fee) is due to their payout account, or
 * waits for one that can receive.
 */
export async function releasePayment(client: PoolClient, rules: MoneyRules, p: LockedPayment, by: ReleasedBy, note?: string): Promise<void> {
  if (p.state !== 'held') throw new AppError('CONFLICT', alreadyDecided(p));
  const { rowCount } = await client.query(`update payments set state = 'released', released_at = now(), released_by = $2 where id = $1 and state = 'held'`, [p.id, by]);
  if (rowCount !== 1) throw new Error(`payment ${p.id} changed under its lock`);
  if (p.product_id) await client.query(`update products set sales_status = 'sold' where id = $1 and sales_status = 'reserved'`, [p.product_id]);
  if (p.booking_id) await withdrawProposalOfSold(client, p.booking_id);
  const fee = feeOf(p.amount, rules.feePercent);
  const { rows } = await client.query<{ account_id: string }>(
    'select account_id from payout_accounts where seller_id = $1 and provider = $2 and payouts_enabled',
    [p.seller_id, rules.provider],
  );
  const account = rows[0]?.account_id ?? null;
  await client.query(
    `insert into money_moves (payment_id, kind, amount, fee, state, destination) values ($1, 'transfer', $2, $3, $4, $5)`,
    [p.id, p.amount - fee, fee, account ? 'due' : 'waiting', account],
  );
  await tellReleased(client, p, { by, net: p.amount - fee, fee, waitsForAccount: !account, note });
}

/**
 * Refunds a held payment in full: the car goes back on the market, its booking closes, a wishlist
 * purchase can be paid again, and the refund is due at the provider. `reason`: why, in words both
 * parties read (the seller's, the booking's end, the admin's note).
 */
export async function refundPayment(client: PoolClient, p: LockedPayment, by: RefundedBy, reason: string): Promise<void> {
  if (p.state !== 'held') throw new AppError('CONFLICT', alreadyDecided(p));
  const { rowCount } = await client.query(
    `update payments set state = 'refunded', refunded_at = now(), refunded_by = $2, refund_reason = $3 where id = $1 and state = 'held'`,
    [p.id, by, reason],
  );
  if (rowCount !== 1) throw new Error(`payment ${p.id} changed under its lock`);
  if (p.product_id) {
    const { rowCount: back } = await client.query(`update products set paid = false, sales_status = 'available' where id = $1 and sales_status = 'reserved'`, [p.product_id]);
    if (back) await afterCarWrite(client, { kind: 'back on the market', carId: p.product_id });
  }
  // The seller's Cancel sale declines the booking with their reason; an admin's refund cancels it.
  if (p.booking_id) await closeRefundedBooking(client, p.booking_id, by === 'seller' ? { status: 'declined', reason } : { status: 'cancelled' });
  // A wishlist purchase can be paid again; its transaction id stays, so the list still shows this refund until then.
  if (p.wishlist_entry_id) await client.query('update wishlist_entries set paid = false where id = $1', [p.wishlist_entry_id]);
  // The buyer's open case is answered by the refund itself: the seller's Cancel sale or decline (the buyer
  // cannot cancel with a case open, bookings/requests.ts), or the admin's decision, which writes its own note after this.
  if (p.dispute_open) {
    await client.query(`update disputes set decision = 'refund', note = $2, decided_at = now() where payment_id = $1 and decision is null`, [p.id, reason.slice(0, 1000)]);
  }
  await client.query(`insert into money_moves (payment_id, kind, amount) values ($1, 'refund', $2)`, [p.id, p.amount]);
  await tellRefunded(client, p, { by, reason });
}

/** The platform's share of a payment, in whole cents, rounded half up. */
export function feeOf(amount: number, feePercent: number): number {
  return Math.round((amount * Math.round(feePercent * 100)) / 10_000);
}
