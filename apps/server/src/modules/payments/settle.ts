import type { FastifyBaseLogger } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import { formatCents, type PaymentResult } from '@second-gear/contract';
import { AppError } from '../../errors.ts';
import { inTransaction } from '../../db/pool.ts';
import type { PaymentIntentView, PaymentProvider } from '../../payments/provider.ts';
import { intentIsFor, lockPurchase, markPurchasePaid, ownsPurchase, purchaseWord, type LockedPurchase, type PurchaseRef } from './purchases.ts';
import { tellPaid } from '../money/telling.ts';
import { afterCarWrite } from '../cars/car-written.ts';
import { takenWords } from '../cars/product.ts';

export interface PaymentDeps {
  pool: Pool;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** A car was paid for just now (reserved: it leaves the catalog's lists). */
  onSale: () => void;
}

/** A payment that went through but cannot buy the car any more: it is given back and the buyer told why. */
interface Refusal {
  message: string;
  reason: string;
  bookingId: string | null;
  productId: string | null;
}

/** `sold`: this call recorded the sale, rather than finding it recorded before. */
type Outcome = { insertedId: string; sold: boolean } | { refuse: Refusal };

/** The refund's recorded reason when another buyer paid first: the car reserved for them, or sold (the buyer is told which). */
const ALREADY_SOLD = 'sold to someone else';

/**
 * Records a payment the provider says succeeded, exactly once. The one path for both the browser's
 * `POST /payments` (or `/wishlist-payments`) and Stripe's `payment_intent.succeeded` webhook, so
 * whichever arrives first records and the other answers the same `insertedId`.
 *
 * Nothing the browser says about the payment is trusted: the intent is read from the provider and
 * must be succeeded, in USD, made by us for this very purchase and buyer, for the database's price.
 */
export async function settlePayment(deps: PaymentDeps, buyerId: string, ref: PurchaseRef, transactionId: string): Promise<PaymentResult> {
  const intent = await deps.provider.retrieveIntent(transactionId);
  if (!intent || !intentIsFor(intent.metadata, ref, buyerId)) {
    // Someone else's order is a 404 whatever the transaction id, as everywhere else.
    if (!(await ownsPurchase(deps.pool, buyerId, ref))) throw new AppError('NOT_FOUND', ref.kind === 'order' ? 'You have no such order.' : 'This car is not on your wishlist.');
    throw new AppError('BAD_REQUEST', intent ? `This payment is not for this ${purchaseWord(ref)}.` : 'There is no payment with this transaction id.');
  }
  if (intent.currency !== 'usd') throw new AppError('BAD_REQUEST', 'This payment is not in US dollars.');
  if (intent.status !== 'succeeded') throw new AppError('CONFLICT', 'This payment has not gone through. Please pay with your card first.');

  const outcome = await inTransaction(deps.pool, (client) => record(client, buyerId, ref, intent));
  if ('insertedId' in outcome) {
    if (outcome.sold) deps.onSale();
    return { acknowledged: true, insertedId: outcome.insertedId };
  }
  await giveBack(deps, buyerId, ref, intent, outcome.refuse);
  throw new AppError('CONFLICT', outcome.refuse.message);
}

/**
 * One transaction with the car's row locked: concurrent recordings of one payment, or payments of
 * two buyers for one car, take turns here, and each sees what the one before it committed. The demo
 * seed records its paid orders through it too (demo-data/activity.ts).
 */
export async function record(client: PoolClient, buyerId: string, ref: PurchaseRef, intent: PaymentIntentView): Promise<Outcome> {
  const purchase = await lockPurchase(client, buyerId, ref);

  const { rows: recorded } = await client.query<{ id: string; booking_id: string | null; wishlist_entry_id: string | null }>(
    'select id, booking_id, wishlist_entry_id from payments where transaction_id = $1',
    [intent.id],
  );
  if (recorded[0]) {
    // Recorded before (a retry, the webhook, or a concurrent call that took the lock first): the same answer again.
    const forThis = purchase.id !== null && (ref.kind === 'order' ? recorded[0].booking_id : recorded[0].wishlist_entry_id) === purchase.id;
    if (!forThis) throw new AppError('CONFLICT', 'This payment is already recorded for another purchase.');
    return { insertedId: recorded[0].id, sold: false };
  }

  const refusal = whyNotSellable(purchase, ref, intent);
  if (refusal) {
    if (refusal.reason === ALREADY_SOLD && (await boughtBefore(client, purchase.productId!, buyerId))) {
      return { refuse: { ...refusal, message: `You already bought ${purchase.productName}; this second payment of ${formatCents(intent.amount)} was refunded.` } };
    }
    return { refuse: refusal };
  }
  if (intent.amount !== purchase.priceCents) {
    // An intent this server made at the price of its time: the seller changed the price after the
    // payment started (past the half hour that holds a change back, in-progress.ts). The buyer pays
    // the price of now, never another. Any other intent for another amount was never offered here.
    const { rows: ours } = await client.query('select 1 from payment_attempts where intent_id = $1', [intent.id]);
    if (!ours.length) throw new AppError('BAD_REQUEST', `The amount paid does not match the price of this ${purchaseWord(ref)}.`);
    const message = `The price of ${purchase.productName} changed while you were paying; your payment of ${formatCents(intent.amount)} was refunded. Please pay again at the new price.`;
    return { refuse: { bookingId: ref.kind === 'order' ? purchase.id : null, productId: purchase.productId, message, reason: 'price changed' } };
  }

  // Held by the platform until the buyer has the car (modules/money): the car is reserved, off the market.
  const { rows } = await client.query<{ id: string; seller_id: string | null; created_at: Date }>(
    `insert into payments (kind, booking_id, wishlist_entry_id, product_id, buyer_id, buyer_email, amount, currency, transaction_id, seller_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, (select seller_id from products where id = $4))
     on conflict (transaction_id) do nothing
     returning id, seller_id, created_at`,
    [
      ref.kind,
      ref.kind === 'order' ? purchase.id : null,
      ref.kind === 'wishlist' ? purchase.id : null,
      purchase.productId,
      buyerId,
      purchase.buyerEmail,
      intent.amount,
      intent.currency,
      intent.id,
    ],
  );
  const paid = await markPurchasePaid(client, ref, purchase.id!, intent.id);
  const { rowCount: reserved } = await client.query(`update products set paid = true, sales_status = 'reserved' where id = $1 and not paid`, [purchase.productId]);
  // All three hold under the locks above; anything else is a bug, and the transaction is rolled back.
  const payment = rows[0];
  if (!payment || !paid || reserved !== 1) throw new Error(`payment ${intent.id} could not be recorded consistently`);
  await afterCarWrite(client, { kind: 'sold', carId: purchase.productId! });
  await tellPaid(client, {
    id: payment.id,
    kind: ref.kind,
    amount: intent.amount,
    product_name: purchase.productName,
    buyer_id: buyerId,
    seller_id: payment.seller_id,
    transactionId: intent.id,
    paidAt: payment.created_at,
  });
  return { insertedId: payment.id, sold: true };
}


function whyNotSellable(p: LockedPurchase, ref: PurchaseRef, intent: PaymentIntentView): Refusal | null {
  const refunded = `your payment of ${formatCents(intent.amount)} was refunded`;
  const base = { bookingId: ref.kind === 'order' ? p.id : null, productId: p.productId };
  if (!p.id) {
    const gone = ref.kind === 'order' ? 'This order no longer exists' : `${p.productName} is no longer on your wishlist`;
    return { ...base, message: `${gone}; ${refunded}.`, reason: 'purchase no longer exists' };
  }
  if (p.paid) {
    return { ...base, message: `You already paid for this ${purchaseWord(ref)}; this second payment of ${formatCents(intent.amount)} was refunded.`, reason: 'paid twice' };
  }
  if (!p.productId) return { ...base, message: `${p.productName} was removed by its seller; ${refunded}.`, reason: 'car removed' };
  if (p.salesStatus && p.salesStatus !== 'available') {
    return { ...base, message: `${takenWords(p.productName, p.salesStatus)}; ${refunded}.`, reason: ALREADY_SOLD };
  }
  if (p.bookingStatus === 'declined') return { ...base, message: `The seller declined this booking; ${refunded}.`, reason: 'booking declined' };
  if (p.bookingStatus === 'cancelled') return { ...base, message: `You cancelled this booking; ${refunded}.`, reason: 'booking cancelled' };
  if (p.productWithdrawn) return { ...base, message: `${p.productName} was taken off the market by its seller; ${refunded}.`, reason: 'car withdrawn' };
  return null;
}

async function boughtBefore(client: PoolClient, productId: string, buyerId: string): Promise<boolean> {
  const { rows } = await client.query(`select 1 from payments where product_id = $1 and buyer_id = $2 and state <> 'refunded'`, [productId, buyerId]);
  return rows.length > 0;
}

/**
 * Refunds through the provider after the transaction has ended (no lock is held across a network
 * call). Refunds are idempotent at the provider, so a retried request or a webhook refunding the
 * same payment again gives nothing back twice.
 */
async function giveBack(deps: PaymentDeps, buyerId: string, ref: PurchaseRef, intent: PaymentIntentView, refusal: Refusal) {
  deps.log.warn({ transactionId: intent.id, reason: refusal.reason }, 'refunding a payment that cannot buy the car');
  await deps.provider.refund(intent.id, refusal.reason);
  // Rows may have gone meanwhile (a deleted car); the sub-selects keep the foreign keys satisfied.
  await deps.pool.query(
    `insert into payment_refunds (transaction_id, kind, booking_id, product_id, buyer_id, amount, reason)
     values ($1, $2, (select id from bookings where id = $3), (select id from products where id = $4), (select id from users where id = $5), $6, $7)
     on conflict (transaction_id) do nothing`,
    [intent.id, ref.kind, refusal.bookingId, refusal.productId, buyerId, intent.amount, refusal.reason],
  );
}
