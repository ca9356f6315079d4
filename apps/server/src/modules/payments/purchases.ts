import type { Pool, PoolClient } from 'pg';
import type { Product } from '@second-gear/contract';

/**
 * The two things a buyer can pay for: one of their orders (a booking) or a car on their wishlist.
 * Everything that differs between the two lives here, so intents.ts and settle.ts read the same
 * for both.
 */
export type PurchaseRef = { kind: 'order'; bookingId: string } | { kind: 'wishlist'; productId: string };

/** A purchase as it stands inside the recording transaction, its rows locked. */
export interface LockedPurchase {
  /** The booking or wishlist entry; null when it no longer exists. */
  id: string | null;
  /** The car; null when its seller removed it. */
  productId: string | null;
  productName: string;
  /** The car's sales status (reserved while another buyer's money is held); null once the car is gone. */
  salesStatus: Product['salesStatus'] | null;
  /** Taken off the market by its seller. */
  productWithdrawn: boolean;
  /** What this purchase costs now, in cents; null when that can no longer be known. */
  priceCents: number | null;
  paid: boolean;
  buyerEmail: string;
  /** An order's booking status (bookings/requests.ts); a wishlist entry has none. */
  bookingStatus?: string;
}

/** Why an order whose booking was declined or cancelled cannot be paid; null while it can. */
export function closedBookingMessage(status: string | undefined): string | null {
  if (status === 'declined') return 'The seller declined this booking, so it can no longer be paid. You may book the car again.';
  if (status === 'cancelled') return 'You cancelled this booking, so it can no longer be paid. You may book the car again.';
  return null;
}

export const purchaseWord = (ref: PurchaseRef) => (ref.kind === 'order' ? 'order' : 'car');

/** The metadata every intent carries, so that an intent can be matched to exactly one purchase and buyer. */
export function intentMetadata(ref: PurchaseRef, buyerId: string, productId: string | null): Record<string, string> {
  return ref.kind === 'order'
    ? { kind: 'order', bookingId: ref.bookingId, productId: productId ?? '', buyerId }
    : { kind: 'wishlist', productId: ref.productId, buyerId };
}

/** The purchase an intent's metadata names, or null for intents that are not ours. */
export function purchaseOfMetadata(metadata: Record<string, string>): { ref: PurchaseRef; buyerId: string } | null {
  const { kind, bookingId, productId, buyerId } = metadata;
  if (!buyerId) return null;
  if (kind === 'order' && bookingId) return { ref: { kind, bookingId }, buyerId };
  if (kind === 'wishlist' && productId) return { ref: { kind, productId }, buyerId };
  return null;
}

export function intentIsFor(metadata: Record<string, string>, ref: PurchaseRef, buyerId: string): boolean {
  const named = purchaseOfMetadata(metadata);
  if (!named || named.buyerId !== buyerId) return false;
  if (named.ref.kind === 'order' && ref.kind === 'order') return named.ref.bookingId === ref.bookingId;
  if (named.ref.kind === 'wishlist' && ref.kind === 'wishlist') return named.ref.productId === ref.productId;
  return false;
}

/** Whether the buyer has this order or wishlist entry (owner-scoped, like every private lookup). */
export async function ownsPurchase(pool: Pool, buyerId: string, ref: PurchaseRef): Promise<boolean> {
  const { rows } =
    ref.kind === 'order'
      ? await pool.query('select 1 from bookings where id = $1 and buyer_id = $2', [ref.bookingId, buyerId])
      : await pool.query('select 1 from wishlist_entries where product_id = $1 and buyer_id = $2', [ref.productId, buyerId]);
  return rows.length > 0;
}

interface CarRow {
  id: string;
  product_name: string;
  resale_price: number;
  sales_status: Product['salesStatus'];
  withdrawn: boolean;
}

/** Locks the car first, then the order or entry: one lock order everywhere, so two payments never deadlock. */
async function lockCar(client: PoolClient, productId: string | null): Promise<CarRow | null> {
  if (!productId) return null;
  const { rows } = await client.query<CarRow>('select id, product_name, resale_price, sales_status, withdrawn_at is not null as withdrawn from products where id = $1 for update', [productId]);
  return rows[0] ?? null;
}

export async function lockPurchase(client: PoolClient, buyerId: string, ref: PurchaseRef): Promise<LockedPurchase> {
  if (ref.kind === 'order') {
    // The order names its car; reading that before the lock is safe because a car is only deleted
    // unpaid, and deleting waits for the lock taken next.
    const { rows: found } = await client.query<{ product_id: string | null }>('select product_id from bookings where id = $1 and buyer_id = $2', [
      ref.bookingId,
      buyerId,
    ]);
    const car = await lockCar(client, found[0]?.product_id ?? null);
    const { rows } = await client.query<{ id: string; product_name: string; price: number; paid: boolean; buyer_email: string; status: string }>(
      'select id, product_name, price, paid, buyer_email, status from bookings where id = $1 and buyer_id = $2 for update',
      [ref.bookingId, buyerId],
    );
    const order = rows[0];
    return {
      id: order?.id ?? null,
      productId: car?.id ?? null,
      productName: order?.product_name ?? car?.product_name ?? 'This car',
      salesStatus: car?.sales_status ?? null,
      productWithdrawn: car?.withdrawn ?? false,
      // The lower of the booked price and the car's price now, as intents.ts asked for.
      priceCents: order ? Math.min(order.price, car?.resale_price ?? order.price) * 100 : null,
      paid: order?.paid ?? false,
      buyerEmail: order?.buyer_email ?? '',
      bookingStatus: order?.status,
    };
  }
  const car = await lockCar(client, ref.productId);
  const { rows } = await client.query<{ id: string; paid: boolean; email: string }>(
    `select w.id, w.paid, u.email from wishlist_entries w join users u on u.id = w.buyer_id
      where w.product_id = $1 and w.buyer_id = $2 for update of w`,
    [ref.productId, buyerId],
  );
  const entry = rows[0];
  return {
    id: entry?.id ?? null,
    productId: car?.id ?? null,
    productName: car?.product_name ?? 'This car',
    salesStatus: car?.sales_status ?? null,
    productWithdrawn: car?.withdrawn ?? false,
    priceCents: car ? car.resale_price * 100 : null,
    paid: entry?.paid ?? false,
    buyerEmail: entry?.email ?? '',
  };
}

/** Marks the order or wishlist entry paid with this transaction; only an unpaid one changes. */
export async function markPurchasePaid(client: PoolClient, ref: PurchaseRef, purchaseId: string, transactionId: string): Promise<boolean> {
  const table = ref.kind === 'order' ? 'bookings' : 'wishlist_entries';
  const { rowCount } = await client.query(`update ${table} set paid = true, transaction_id = $2 where id = $1 and not paid`, [purchaseId, transactionId]);
  return rowCount === 1;
}
