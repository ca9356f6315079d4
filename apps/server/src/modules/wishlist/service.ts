import type { Pool } from 'pg';
import type { DeleteResult, Product, UpdateResult, WishlistItem } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { assertOwnEmail } from '../../auth/guards.ts';
import { AppError } from '../../errors.ts';
import { MONEY_COLUMNS, moneyJoin, toHeldPayment, type MoneyColumns } from '../money/view.ts';
import { listingStatusOf, parseProduct, PRODUCT_FROM, PRODUCT_JSON, takenWords, type ProductJson } from '../cars/product.ts';

export const WISHLIST_LIMIT = 500;

type WishlistRow = MoneyColumns & { product: ProductJson; sales_status: Product['salesStatus']; entry_paid: boolean; entry_transaction_id: string | null };

const WISHLIST_SELECT = `
  select ${PRODUCT_JSON} as product, p.sales_status, w.paid as entry_paid, w.transaction_id as entry_transaction_id, ${MONEY_COLUMNS}
    from wishlist_entries w join ${PRODUCT_FROM} on p.id = w.product_id
    ${moneyJoin('w.transaction_id')}`;

function toItem(r: WishlistRow, buyer: Actor): WishlistItem {
  return {
    ...parseProduct(r.product),
    wishlistEmail: buyer.email,
    paid: r.entry_paid,
    transactionId: r.entry_transaction_id,
    paidAt: r.entry_paid ? (r.money_paid_at?.toISOString() ?? null) : null,
    listingStatus: listingStatusOf(r.sales_status),
    money: toHeldPayment(r),
  };
}

/** Adds a car to the buyer's wishlist; adding it again changes nothing (`modifiedCount` 0). */
export async function addToWishlist(pool: Pool, buyer: Actor, productId: string, email: string): Promise<UpdateResult> {
  assertOwnEmail(buyer, email);
  const { rows } = await pool.query<{ paid: boolean; withdrawn: boolean; product_name: string; sales_status: Product['salesStatus'] }>(
    'select paid, withdrawn_at is not null as withdrawn, product_name, sales_status from products where id = $1',
    [productId],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', 'This car is no longer listed.');
  if (rows[0].paid) throw new AppError('CONFLICT', `${takenWords(rows[0].product_name, rows[0].sales_status)}.`);
  if (rows[0].withdrawn) throw new AppError('CONFLICT', `${rows[0].product_name} is no longer for sale.`);
  const { rowCount } = await pool.query(
    'insert into wishlist_entries (product_id, buyer_id) values ($1, $2) on conflict (buyer_id, product_id) do nothing',
    [productId, buyer.id],
  );
  return { acknowledged: true, matchedCount: 1, modifiedCount: rowCount ?? 0 };
}

export async function listWishlist(pool: Pool, buyer: Actor, email: string): Promise<WishlistItem[]> {
  assertOwnEmail(buyer, email);
  const { rows } = await pool.query<WishlistRow>(`${WISHLIST_SELECT} where w.buyer_id = $1 order by w.created_at desc limit ${WISHLIST_LIMIT}`, [
    buyer.id,
  ]);
  return rows.map((r) => toItem(r, buyer));
}

/** The wishlist item for a car, from the caller's own wishlist only. */
export async function getWishlistItem(pool: Pool, buyer: Actor, productId: string): Promise<WishlistItem> {
  const { rows } = await pool.query<WishlistRow>(`${WISHLIST_SELECT} where w.product_id = $1 and w.buyer_id = $2`, [productId, buyer.id]);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'This car is not on your wishlist.');
  return toItem(rows[0], buyer);
}

/** Takes a car off the buyer's wishlist. A paid entry stays, as the record of that purchase. */
export async function removeFromWishlist(pool: Pool, buyer: Actor, productId: string): Promise<DeleteResult> {
  const { rowCount } = await pool.query('delete from wishlist_entries where product_id = $1 and buyer_id = $2 and not paid', [productId, buyer.id]);
  if (!rowCount) {
    const { rows } = await pool.query('select 1 from wishlist_entries where product_id = $1 and buyer_id = $2', [productId, buyer.id]);
    if (rows[0]) throw new AppError('CONFLICT', 'You paid for this car; it stays on your wishlist as the record.');
  }
  return { acknowledged: true, deletedCount: rowCount ?? 0 };
}
