import type { Pool, PoolClient } from 'pg';
import type { ListingCheckName, ListingCheckOutcome, SellerEvidence, UpdateResult } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { inTransaction } from '../../db/pool.ts';
import { AppError } from '../../errors.ts';
import { afterCarWrite } from '../cars/car-written.ts';
import { notify } from '../notifications/notify.ts';

/** How many of the latest cars, reports, flagged messages and bookings the evidence lists (the counts are of all). */
export const EVIDENCE_LATEST = 5;
/** Cars listed with their checks: enough for a seller's stock, bounded for one with thousands. */
export const EVIDENCE_CARS = 50;

const noSuchSeller = () => new AppError('NOT_FOUND', 'There is no seller with this id.');

/** Where the seller's notices lead: their cars, which carry the badge (or carried the deleted one). */
const SELLER_LINK = '/dashboard/myproducts';

/** What an admin looks at before verifying a seller or removing their verification (contract: sellerEvidence). */
export async function sellerEvidence(pool: Pool, sellerId: string): Promise<SellerEvidence> {
  const { rows: people } = await pool.query<{ id: string; name: string; email: string; email_verified: boolean; phone: string | null; created_at: Date; verified: boolean }>(
    `select id, name, email, email_verified, phone, created_at, verified from users where id = $1 and role = 'seller' and deleted_at is null`,
    [sellerId],
  );
  const seller = people[0];
  if (!seller) throw noSuchSeller();

  const [cars, checks, reports, flagged, bookings, decisions] = await Promise.all([
    pool.query<{ id: string; product_name: string; paid: boolean; withdrawn_at: Date | null; listed_at: Date; total: number }>(
      `select id, product_name, paid, withdrawn_at, listed_at, count(*) over ()::int as total
         from products where seller_id = $1 order by listed_at desc limit ${EVIDENCE_CARS}`,
      [sellerId],
    ),
    pool.query<{ product_id: string; name: ListingCheckName; outcome: ListingCheckOutcome; detail: string; checked_at: Date; dismissed: boolean }>(
      `select c.product_id, c.name, c.outcome, c.detail, c.checked_at, c.dismissed_at is not null as dismissed
         from listing_checks c join products p on p.id = c.product_id where p.seller_id = $1`,
      [sellerId],
    ),
    pool.query<{ product_name: string; reason: string; note: string; created_at: Date; total: number }>(
      `select p.product_name, r.reason, r.note, r.created_at, count(*) over ()::int as total
         from reports r join products p on p.id = r.product_id where p.seller_id = $1 order by r.created_at desc limit ${EVIDENCE_LATEST}`,
      [sellerId],
    ),
    pool.query<{ product_name: string; body: string; warnings: string[]; created_at: Date; total: number }>(
      `select p.product_name, m.body, m.warnings, m.created_at, count(*) over ()::int as total
         from messages m join conversations c on c.id = m.conversation_id join products p on p.id = c.product_id
        where m.sender_id = $1 and cardinality(m.warnings) > 0 order by m.created_at desc limit ${EVIDENCE_LATEST}`,
      [sellerId],
    ),
    pool.query<{ product_name: string; status: string; created_at: Date; total: number }>(
      `select b.product_name, b.status, b.created_at, count(*) over ()::int as total
         from bookings b join products p on p.id = b.product_id where p.seller_id = $1 order by b.created_at desc limit ${EVIDENCE_LATEST}`,
      [sellerId],
    ),
    pool.query<{ verified: boolean; note: string; admin_name: string | null; created_at: Date }>(
      `select v.verified, v.note, a.name as admin_name, v.created_at
         from seller_verifications v left join users a on a.id = v.admin_id and a.deleted_at is null
        where v.seller_id = $1 order by v.created_at desc limit 20`,
      [sellerId],
    ),
  ]);

  const totalOf = (rows: { total: number }[]) => rows[0]?.total ?? 0;
  return {
    seller: {
      _id: seller.id,
      name: seller.name,
      email: seller.email,
      emailConfirmed: seller.email_verified,
      phone: seller.phone,
      joinedAt: seller.created_at.toISOString(),
      verification: seller.verified ? 'verified' : '',
    },
    cars: {
      count: totalOf(cars.rows),
      latest: cars.rows.map((car) => ({
        _id: car.id,
        productName: car.product_name,
        state: car.paid ? 'sold' : car.withdrawn_at ? 'withdrawn' : 'on the market',
        listedAt: car.listed_at.toISOString(),
        checks: checks.rows
          .filter((c) => c.product_id === car.id)
          .map((c) => ({ name: c.name, outcome: c.outcome, detail: c.detail, checkedAt: c.checked_at.toISOString(), dismissed: c.dismissed })),
      })),
    },
    reports: {
      count: totalOf(reports.rows),
      latest: reports.rows.map((r) => ({ productName: r.product_name, reason: r.reason, note: r.note, at: r.created_at.toISOString() })),
    },
    flaggedMessages: {
      count: totalOf(flagged.rows),
      latest: flagged.rows.map((m) => ({ productName: m.product_name, body: m.body, warnings: m.warnings, at: m.created_at.toISOString() })),
    },
    bookings: {
      count: totalOf(bookings.rows),
      latest: bookings.rows.map((b) => ({ productName: b.product_name, status: b.status, at: b.created_at.toISOString() })),
    },
    decisions: decisions.rows.map((d) => ({ verified: d.verified, note: d.note, adminName: d.admin_name, at: d.created_at.toISOString() })),
  };
}

/**
 * Verifies a seller or removes their verification, once (`modifiedCount` 1, then 0 for the same
 * again): the decision is recorded with its admin and note, and the seller is told by the bell and
 * email, all in one transaction. The admin's note stays on record for admins; the seller is not sent it.
 */
export async function setVerification(pool: Pool, admin: Actor, sellerId: string, verified: boolean, note: string): Promise<UpdateResult> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `update users set verified = $2, updated_at = now() where id = $1 and role = 'seller' and deleted_at is null and verified <> $2 returning name`,
      [sellerId, verified],
    );
    if (!rows[0]) {
      const { rowCount } = await client.query(`select 1 from users where id = $1 and role = 'seller' and deleted_at is null`, [sellerId]);
      if (!rowCount) throw noSuchSeller();
      return { acknowledged: true, matchedCount: 1, modifiedCount: 0 };
    }
    await recordDecision(client, admin, sellerId, verified, note);
    if (verified) await afterCarWrite(client, { kind: 'seller verified' });
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
  });
}

async function recordDecision(client: PoolClient, admin: Actor, sellerId: string, verified: boolean, note: string) {
  const { rows } = await client.query<{ id: string }>(
    `insert into seller_verifications (seller_id, admin_id, verified, note) values ($1, $2, $3, $4) returning id`,
    [sellerId, admin.id, verified, note],
  );
  await notify(client, {
    userId: sellerId,
    eventKey: `seller:${sellerId}:verification:${rows[0]!.id}`,
    kind: verified ? 'seller_verified' : 'seller_unverified',
    title: verified ? 'Your seller account is verified' : 'Your seller account is no longer verified',
    body: verified
      ? 'An admin verified your account: your cars now show the Verified Seller badge to buyers.'
      : 'An admin removed the verification of your account: your cars no longer show the Verified Seller badge.',
    link: SELLER_LINK,
  });
}

/** Tells a seller that an admin deleted their car from Reported Items, with the admin's reason when one was given. */
export async function tellSellerOfDeletion(client: PoolClient, car: { id: string; sellerId: string | null; productName: string }, reason: string | undefined) {
  if (!car.sellerId) return;
  await notify(client, {
    userId: car.sellerId,
    eventKey: `car:${car.id}:deleted-by-admin`,
    kind: 'car_deleted_by_admin',
    title: `${car.productName} was removed by an admin`,
    body: reason ? `An admin removed your listing after a review. The reason given: ${reason}` : 'An admin removed your listing after a review of reports about it.',
    link: SELLER_LINK,
  });
}
