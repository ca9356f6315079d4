import type { Pool } from 'pg';
import type { Product, SellerCars, SellerProfile } from '@second-gear/contract';
import { categoryPageSize } from '@second-gear/contract/constants';
import type { Actor } from '../../auth/actor.ts';
import { AppError, badCursor } from '../../errors.ts';
import { ON_MARKET } from '../cars/market.ts';
import { decodeCursor, encodeCursor } from '../cars/page-cursor.ts';
import { PRODUCT_FROM, PRODUCT_JSON, parseProduct, withoutSellerContact, type ProductJson } from '../cars/product.ts';
import { cityOf } from './city.ts';
import { bookingResponsiveness, messageResponsiveness } from './responsiveness.ts';

// A seller's public profile (`/sellers/{id}`). Public like a car's page: whoever opens a car may see
// who sells it. A person who is not a seller, an account deleted by its owner, and one an admin
// deleted (the way an admin bans someone: the row goes, docs/product.md) have no profile: 404, the
// same words for each, so the answer tells nothing of which.

const NO_SELLER = 'No seller here.';

/** A live seller account, or a 404. */
const SELLER = `users u where u.id = $1 and u.role = 'seller' and u.deleted_at is null`;

interface SellerRow {
  id: string;
  name: string;
  image: string | null;
  created_at: Date;
  verified: boolean;
  payouts_verified: boolean;
  location: string | null;
  on_market: number;
  sold: number;
}

/**
 * The profile as of `now` (the responsiveness window ends there). `payoutProvider` is the payment
 * provider this server runs (PAYMENTS): only an account that provider verified counts.
 */
export async function sellerProfile(pool: Pool, id: string, now: Date, payoutProvider: 'test' | 'stripe'): Promise<SellerProfile> {
  const { rows } = await pool.query<SellerRow>(
    `select u.id, u.name, u.image, u.created_at, u.verified,
            exists (select 1 from payout_accounts a where a.seller_id = u.id and a.provider = $2 and a.payouts_enabled) as payouts_verified,
            (select p.location from products p where p.seller_id = u.id order by p.posting_time desc, p.id desc limit 1) as location,
            (select count(*)::int from products p where p.seller_id = u.id and ${ON_MARKET}) as on_market,
            (select count(*)::int from payments s where s.seller_id = u.id and s.state = 'released') as sold
       from ${SELLER}`,
    [id, payoutProvider],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', NO_SELLER);
  const [messages, bookings] = await Promise.all([messageResponsiveness(pool, row.id, now), bookingResponsiveness(pool, row.id, now)]);
  return {
    id: row.id,
    name: row.name,
    photo: row.image,
    memberSince: row.created_at.toISOString(),
    verified: row.verified,
    payoutsVerifiedBy: row.payouts_verified ? payoutProvider : null,
    city: row.location === null ? null : cityOf(row.location),
    responds: { messages, bookings },
    onMarket: row.on_market,
    sold: row.sold,
  };
}

/**
 * One page of the seller's cars on the market, newest first, after `after` (a page's nextCursor), as
 * every list of cars sends them: to a visitor without the seller's email and phone.
 */
export async function sellerCars(pool: Pool, viewer: Actor | null, id: string, after: string | undefined): Promise<SellerCars> {
  const cursor = after === undefined ? undefined : decodeCursor(after);
  const { rows: seller } = await pool.query(`select 1 from ${SELLER}`, [id]);
  if (!seller[0]) throw new AppError('NOT_FOUND', NO_SELLER);
  const limit = categoryPageSize.default;
  const { rows } = await pool.query<{ product: ProductJson; id: string; posting_key: string }>(
    `select ${PRODUCT_JSON} as product, p.id, p.posting_time::text as posting_key from ${PRODUCT_FROM}
      where p.seller_id = $1 and ${ON_MARKET}${cursor ? ' and (p.posting_time, p.id) < ($2::timestamptz, $3::uuid)' : ''}
      order by p.posting_time desc, p.id desc
      limit ${limit + 1}`,
    cursor ? [id, cursor.postingTime, cursor.id] : [id],
  ).catch((err: { code?: string }) => {
    // A time JavaScript reads but PostgreSQL does not (year -92780, 30 February): a made-up cursor.
    if (cursor && err.code?.startsWith('22')) throw badCursor();
    throw err;
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const shown = (car: Product) => (viewer ? car : withoutSellerContact(car));
  return {
    cars: page.map((r) => shown(parseProduct(r.product))),
    nextCursor: rows.length > limit && last ? encodeCursor({ postingTime: last.posting_key, id: last.id }) : null,
  };
}
