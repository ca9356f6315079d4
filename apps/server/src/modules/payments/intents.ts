import type { PaymentIntentResult, Product } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { AppError } from '../../errors.ts';
import { takenWords } from '../cars/product.ts';
import type { IntentStatus, PaymentIntentView } from '../../payments/provider.ts';
import { closedBookingMessage, intentMetadata, type PurchaseRef } from './purchases.ts';
import { settlePayment, type PaymentDeps } from './settle.ts';

/** Stripe's largest amount for one card payment in USD ($999,999.99). */
export const MAX_CARD_AMOUNT = 99_999_999;

/** Intents the card form can still pay: a declined card leaves the intent open for another try. */
const PAYABLE: ReadonlySet<IntentStatus> = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

interface Opening {
  ref: PurchaseRef;
  /** The booking or wishlist entry. */
  purchaseId: string;
  productId: string | null;
  productName: string;
  /** The car's sales status; null once the car is gone. */
  salesStatus: Product['salesStatus'] | null;
  /** Taken off the market by its seller. */
  productWithdrawn: boolean;
  /** From the database, never from the request. */
  amount: number;
}

/**
 * `POST /create-payment-intent`: an intent for one of the buyer's own unpaid orders, at the lower of
 * the price it was booked at and the car's price now (purchases.ts charges the same).
 */
export async function createOrderIntent(deps: PaymentDeps, buyer: Actor, bookingId: string): Promise<PaymentIntentResult> {
  const { rows } = await deps.pool.query<{
    product_id: string | null;
    product_name: string;
    price: number;
    paid: boolean;
    sales_status: Product['salesStatus'] | null;
    withdrawn: boolean;
    status: string;
  }>(
    `select b.product_id, b.product_name, least(b.price, coalesce(p.resale_price, b.price)) as price, b.paid, b.status,
            p.sales_status, p.withdrawn_at is not null as withdrawn
       from bookings b left join products p on p.id = b.product_id
      where b.id = $1 and b.buyer_id = $2`,
    [bookingId, buyer.id],
  );
  const order = rows[0];
  if (!order) throw new AppError('NOT_FOUND', 'You have no such order.');
  if (order.paid) throw new AppError('CONFLICT', 'This order is already paid.');
  const closed = closedBookingMessage(order.status);
  if (closed) throw new AppError('CONFLICT', closed);
  return openIntent(deps, buyer, {
    ref: { kind: 'order', bookingId },
    purchaseId: bookingId,
    productId: order.product_id,
    productName: order.product_name,
    salesStatus: order.sales_status,
    productWithdrawn: order.withdrawn,
    amount: order.price * 100,
  });
}

/** `POST /wishlist-create-payment-intent`: an intent for a car on the buyer's own wishlist, at its resale price. */
export async function createWishlistIntent(deps: PaymentDeps, buyer: Actor, productId: string): Promise<PaymentIntentResult> {
  const { rows } = await deps.pool.query<{ id: string; paid: boolean; product_name: string; resale_price: number; sales_status: Product['salesStatus']; withdrawn: boolean }>(
    `select w.id, w.paid, p.product_name, p.resale_price, p.sales_status, p.withdrawn_at is not null as withdrawn
       from wishlist_entries w join products p on p.id = w.product_id
      where w.product_id = $1 and w.buyer_id = $2`,
    [productId, buyer.id],
  );
  const entry = rows[0];
  if (!entry) throw new AppError('NOT_FOUND', 'This car is not on your wishlist.');
  if (entry.paid) throw new AppError('CONFLICT', 'You have already paid for this car.');
  return openIntent(deps, buyer, {
    ref: { kind: 'wishlist', productId },
    purchaseId: entry.id,
    productId,
    productName: entry.product_name,
    salesStatus: entry.sales_status,
    productWithdrawn: entry.withdrawn,
    amount: entry.resale_price * 100,
  });
}

/**
 * Answers the purchase's open intent, or makes the next one. Reusing it means a reloaded payment
 * page never leaves a trail of intents, and the idempotency key `<kind>-<id>-<attempt>` means two
 * simultaneous requests get one intent.
 */
async function openIntent(deps: PaymentDeps, buyer: Actor, o: Opening): Promise<PaymentIntentResult> {
  const column = o.ref.kind === 'order' ? 'booking_id' : 'wishlist_entry_id';
  const { rows } = await deps.pool.query<{ intent_id: string; attempt: number }>(
    `select intent_id, attempt from payment_attempts where ${column} = $1 order by attempt desc limit 1`,
    [o.purchaseId],
  );
  const last = rows[0];
  const lastIntent = last ? await deps.provider.retrieveIntent(last.intent_id) : null;
  // A payment given back is spent: the buyer pays anew. Either it could not buy the car (settle.ts:
  // the price changed while it was made) or it was held and then refunded (modules/money).
  const refunded =
    lastIntent?.status === 'succeeded' &&
    (
      await deps.pool.query(
        `select 1 from payment_refunds where transaction_id = $1 union all select 1 from payments where transaction_id = $1 and state = 'refunded'`,
        [lastIntent.id],
      )
    ).rows.length > 0;

  if (lastIntent?.status === 'succeeded' && !refunded) {
    // Paid, but never recorded (the browser closed before its POST): record it now instead of charging again.
    await settlePayment(deps, buyer.id, o.ref, lastIntent.id);
    throw new AppError('CONFLICT', o.ref.kind === 'order' ? 'This order is already paid.' : 'You have already paid for this car.');
  }
  if (lastIntent?.status === 'processing') throw new AppError('CONFLICT', 'Your last payment is still being processed. Please try again in a minute.');
  // Refused before the buyer is charged, not refunded after.
  if (!o.productId) throw new AppError('CONFLICT', `${o.productName} is no longer listed.`);
  if (o.salesStatus && o.salesStatus !== 'available') throw new AppError('CONFLICT', `${takenWords(o.productName, o.salesStatus)}.`);
  if (o.productWithdrawn) throw new AppError('CONFLICT', `${o.productName} is no longer for sale.`);
  if (o.amount > MAX_CARD_AMOUNT) throw new AppError('CONFLICT', 'This price is above what one card payment can take ($999,999.99).');

  if (lastIntent && PAYABLE.has(lastIntent.status) && lastIntent.amount === o.amount) return answer(deps, lastIntent);

  const attempt = (last?.attempt ?? 0) + 1;
  const intent = await deps.provider.createIntent({
    amount: o.amount,
    currency: 'usd',
    metadata: intentMetadata(o.ref, buyer.id, o.productId),
    transferGroup: `${o.ref.kind}-${o.purchaseId}`,
    idempotencyKey: `${o.ref.kind}-${o.purchaseId}-${attempt}`,
    description: `Second Gear: ${o.productName}`,
    receiptEmail: buyer.email,
  });
  await deps.pool.query(
    `insert into payment_attempts (intent_id, kind, booking_id, wishlist_entry_id, buyer_id, attempt, amount)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict do nothing`,
    [intent.id, o.ref.kind, o.ref.kind === 'order' ? o.purchaseId : null, o.ref.kind === 'wishlist' ? o.purchaseId : null, buyer.id, attempt, intent.amount],
  );
  return answer(deps, intent);
}

function answer(deps: PaymentDeps, intent: PaymentIntentView): PaymentIntentResult {
  return { clientSecret: intent.clientSecret, publishableKey: deps.provider.publishableKey, amount: intent.amount, currency: 'usd' };
}
