import type { Pool } from 'pg';
import type { AdminNumbers, BuyerNumbers, DashboardSummary, Role, SellerNumbers } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { OPEN_FLAGS } from '../cars/market.ts';

// The numbers of the dashboard's welcome page, each counted in PostgreSQL from the rows the page
// it links to lists, so a tile and its page never disagree.

/**
 * My Products split by sale: cars on the market are listed, sold ones paid (a withdrawn car is
 * neither). Bookings are the requests on the cars still for sale (a paid booking's car is sold, and
 * other buyers' bookings of a sold or withdrawn car wait for nothing).
 */
async function sellerNumbers(pool: Pool, seller: Actor): Promise<SellerNumbers> {
  const { rows } = await pool.query<SellerNumbers>(
    `select count(*) filter (where not p.paid and p.withdrawn_at is null)::int as "activeListings",
            (select count(*)::int from bookings b join products listed on listed.id = b.product_id
              where listed.seller_id = $1 and not listed.paid and listed.withdrawn_at is null) as bookings,
            count(*) filter (where p.paid)::int as paid
       from products p where p.seller_id = $1`,
    [seller.id],
  );
  return rows[0]!;
}

/** The rows of My Orders and My Wishlist. */
async function buyerNumbers(pool: Pool, buyer: Actor): Promise<BuyerNumbers> {
  const { rows } = await pool.query<BuyerNumbers>(
    `select (select count(*)::int from bookings where buyer_id = $1) as bookings,
            (select count(*)::int from wishlist_entries where buyer_id = $1) as wishlist`,
    [buyer.id],
  );
  return rows[0]!;
}

/**
 * All Sellers without the badge, and the rows of Reported Items (each reported car once, until its
 * reports are dismissed or it is removed; and each car the listing checks flagged, until dismissed).
 */
async function adminNumbers(pool: Pool): Promise<AdminNumbers> {
  const { rows } = await pool.query<AdminNumbers>(
    `select (select count(*)::int from users where role = 'seller' and not verified and deleted_at is null) as "sellersToVerify",
            (select count(*)::int from (select product_id from reports union select c.product_id from ${OPEN_FLAGS}) open) as "openReports"`,
  );
  return rows[0]!;
}

const numbersOf: { [R in Role]: (pool: Pool, actor: Actor) => Promise<NonNullable<DashboardSummary[R]>> } = {
  seller: sellerNumbers,
  buyer: buyerNumbers,
  admin: adminNumbers,
};

/** The caller's own numbers: the section of their role only (an account holds one role). */
export async function dashboardSummaryOf(pool: Pool, actor: Actor): Promise<DashboardSummary> {
  return { [actor.role]: await numbersOf[actor.role](pool, actor) };
}
