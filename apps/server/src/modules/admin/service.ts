import type { Pool } from 'pg';
import { listingCheckNames, type DeleteResult, type InsertResult, type ReportBody, type ReportedItem, type UpdateResult, type UserSummary } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import type { Limit, RateLimits } from '../../auth/rate-limits.ts';
import { inTransaction } from '../../db/pool.ts';
import { AppError } from '../../errors.ts';
import { withinLimit } from '../../http/allowance.ts';
import { imageUrls } from '../../images/store.ts';
import { ON_MARKET, OPEN_FLAGS } from '../cars/market.ts';
import { afterCarWrite, type CarModel } from '../cars/car-written.ts';
import { forgetPictures } from '../account/leaving-pictures.ts';
import { removeFromMarket } from '../cars/leaving-market.ts';
import { takenWords } from '../cars/product.ts';
import { unsettledMoney } from '../money/unsettled.ts';
import { setVerification, tellSellerOfDeletion } from './verification.ts';

export const USERS_LIMIT = 1000;
export const REPORTED_LIMIT = 200;

interface UserRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: 'buyer' | 'seller';
  verified: boolean;
  created_at: Date;
}

const toSummary = (r: UserRow): UserSummary => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  photo: r.image,
  role: r.role,
  verification: r.role === 'seller' && r.verified ? 'verified' : '',
  joinedAt: r.created_at.toISOString(),
});

/** Sellers or buyers, newest first. Only the columns a table shows are ever selected. */
export async function listUsers(pool: Pool, role: 'seller' | 'buyer'): Promise<UserSummary[]> {
  const { rows } = await pool.query<UserRow>(
    `select id, name, email, image, role, verified, created_at from users where role = $1 and deleted_at is null order by created_at desc limit ${USERS_LIMIT}`,
    [role],
  );
  return rows.map(toSummary);
}

/**
 * Make Verified as the specification calls it (the seller's id and email): once (`modifiedCount` 1,
 * then 0), recorded with no note. The badge follows on every car of the seller, as it is read at query time.
 */
export async function verifySeller(pool: Pool, admin: Actor, id: string, email: string): Promise<UpdateResult> {
  const { rows } = await pool.query(`select 1 from users where id = $1 and email = $2 and role = 'seller' and deleted_at is null`, [id, email]);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'There is no seller with this id and email.');
  return setVerification(pool, admin, id, true, '');
}

/**
 * Deletes a buyer or seller: their login and sessions go at once (sessions and accounts cascade),
 * so their next call is a 401. Their unsold cars, open bookings and pictures go with them, as when
 * they leave by themselves (forgetPictures); paid orders,
 * sold cars and payments stay for the record with the person's name copied on them. Refused while
 * money is held between them and someone else, or released to them and not yet paid out.
 */
export async function deleteUser(pool: Pool, admin: Actor, id: string): Promise<DeleteResult> {
  if (id === admin.id) throw new AppError('FORBIDDEN', 'You cannot delete your own account.');
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ role: string }>('select role from users where id = $1 and deleted_at is null for update', [id]);
    if (!rows[0]) {
      await client.query('rollback');
      return { acknowledged: true, deletedCount: 0 };
    }
    if (rows[0].role === 'admin') throw new AppError('FORBIDDEN', 'Admins cannot be deleted here.');
    const unsettled = await unsettledMoney(client, id, 'admin');
    if (unsettled) throw new AppError('CONFLICT', unsettled);
    await removeFromMarket(client, id);
    await forgetPictures(client, id);
    // Their sold cars stay with no seller (the foreign key sets it null): nothing a job reads changes.
    const { rowCount } = await client.query('delete from users where id = $1', [id]);
    await client.query('commit');
    return { acknowledged: true, deletedCount: rowCount ?? 0 };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Reports one buyer may make in an hour. Each is a row of the admins' Reported Items queue; a buyer
 * reports a listing now and then, so ten an hour is room for a bad afternoon of listings and a bound
 * on how far one account can fill the queue.
 */
export const REPORTS_PER_HOUR: Limit = { max: 10, minutes: 60 };

/**
 * `POST /reports`: a buyer reports a listing on the market, once per car, counted against
 * REPORTS_PER_HOUR (a refused report is not counted). Off the market there is no listing left for an
 * admin to review or remove: a withdrawn or deleted car is not there for the buyer (404, as its page
 * says), and a sold or reserved one is its order's business (409).
 */
export function reportProduct(pool: Pool, limits: RateLimits, buyer: Actor, body: ReportBody): Promise<InsertResult> {
  return withinLimit(
    limits,
    `report:${buyer.id}`,
    REPORTS_PER_HOUR,
    (wait) => `You have reported ${REPORTS_PER_HOUR.max} cars in the last hour, the most we take. You can report another in ${wait}.`,
    () => reportOnMarket(pool, buyer, body),
  );
}

async function reportOnMarket(pool: Pool, buyer: Actor, body: ReportBody): Promise<InsertResult> {
  // The car's state and the insert in one statement: a report is stored only while its car is on the market.
  const { rows } = await pool.query<{ product_name: string; paid: boolean; sales_status: 'available' | 'reserved' | 'sold'; withdrawn: boolean; id: string | null }>(
    `with car as (
       select p.id, p.product_name, p.paid, p.sales_status, p.withdrawn_at is not null as withdrawn, ${ON_MARKET} as on_market from products p where p.id = $1
     ), added as (
       insert into reports (product_id, reporter_id, reason, note) select car.id, $2::text, $3::text, $4::text from car where car.on_market
       on conflict (product_id, reporter_id) do nothing returning id
     )
     select car.product_name, car.paid, car.sales_status, car.withdrawn, (select added.id from added) as id from car`,
    [body.productId, buyer.id, body.reason, body.note ?? ''],
  );
  const car = rows[0];
  if (!car || car.withdrawn) throw new AppError('NOT_FOUND', 'This car is no longer listed.');
  if (car.paid) {
    throw new AppError('CONFLICT', `${takenWords(car.product_name, car.sales_status, 'a buyer')}, so its listing is no longer reviewed. If you bought it and something is wrong, use Report a problem in My Orders.`);
  }
  if (!car.id) throw new AppError('CONFLICT', `You have already reported ${car.product_name}.`);
  return { acknowledged: true, insertedId: car.id };
}

/**
 * The Reported Items queue: the cars the listing checks flagged (and no admin dismissed) first, reported
 * or not, then the reported cars; each most recently reported (or checked) first. Flagged cars are
 * those on the market: a sold or withdrawn car needs no review for what its listing showed.
 */
export async function listReported(pool: Pool): Promise<ReportedItem[]> {
  const { rows } = await pool.query<{
    product_id: string;
    product_name: string;
    image_key: string;
    widths: number[];
    seller_name: string;
    seller_email: string;
    paid: boolean;
    sales_status: 'available' | 'reserved' | 'sold';
    reports: number;
    reasons: string[];
    notes: string[];
    latest_at: Date;
    flags: string[] | null;
  }>(
    `with reported as (
       select r.product_id, count(*)::int as reports, array_agg(distinct r.reason) as reasons,
              array_remove(array_agg(nullif(r.note, '') order by r.created_at desc), null) as notes,
              max(r.created_at) as latest_at
         from reports r group by r.product_id
     ), flagged as (
       select c.product_id, array_agg(c.detail order by array_position($1::text[], c.name)) as flags, max(c.checked_at) as checked_at
         from ${OPEN_FLAGS}
        group by c.product_id
     )
     select p.id as product_id, p.product_name, p.image_key, i.widths, p.seller_name, p.seller_email, p.paid, p.sales_status,
            coalesce(r.reports, 0) as reports, coalesce(r.reasons, '{}') as reasons, coalesce(r.notes, '{}') as notes,
            coalesce(r.latest_at, f.checked_at) as latest_at, f.flags
       from reported r full join flagged f on f.product_id = r.product_id
       join products p on p.id = coalesce(r.product_id, f.product_id) join images i on i.key = p.image_key
      order by f.flags is null, latest_at desc
      limit ${REPORTED_LIMIT}`,
    [listingCheckNames],
  );
  return rows.map((r) => ({
    productId: r.product_id,
    productName: r.product_name,
    image: imageUrls(r.image_key, r.widths).url,
    sellerName: r.seller_name,
    sellerEmail: r.seller_email,
    reports: r.reports,
    reasons: r.reasons,
    notes: r.notes,
    latestAt: r.latest_at.toISOString(),
    paid: r.paid,
    salesStatus: r.sales_status,
    ...(r.flags && { flags: r.flags }),
  }));
}

/**
 * Dismisses every report of a car, and the listing checks' flags on it (they come back only for a
 * new finding); the car stays listed. The count is of reports and flags together.
 */
export async function dismissReports(pool: Pool, productId: string): Promise<DeleteResult> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ dismissed: number; flags: number }>(
      `with reports_gone as (delete from reports where product_id = $1 returning 1),
            flags_seen as (update listing_checks set dismissed_at = now() where product_id = $1 and outcome = 'flagged' and dismissed_at is null returning 1)
       select (select count(*) from reports_gone)::int + (select count(*) from flags_seen)::int as dismissed, (select count(*) from flags_seen)::int as flags`,
      [productId],
    );
    // Cleared flags give the car back its badge and its place in Best deal (the search's copy follows
    // by migration 0030's stamp), let instant alerts tell it, and make it a comparable of its model's
    // cars again (pricing/estimate.ts): the model is priced again.
    if (rows[0]!.flags) await afterCarWrite(client, { kind: 'listing checks written', flagsMoved: [productId] });
    return { acknowledged: true, deletedCount: rows[0]!.dismissed };
  });
}

/**
 * Removes a reported car (its reports and wishlist entries go with it) and tells its seller, with the
 * admin's reason when one is given. A sold car stays for the record.
 */
export async function deleteReportedProduct(pool: Pool, productId: string, reason?: string): Promise<DeleteResult> {
  const { rows } = await pool.query<{ paid: boolean; product_name: string }>('select paid, product_name from products where id = $1', [productId]);
  if (!rows[0]) return { acknowledged: true, deletedCount: 0 };
  if (rows[0].paid) throw new AppError('CONFLICT', `${rows[0].product_name} is paid for; paid cars stay on record and cannot be deleted.`);
  const deleted = await inTransaction(pool, async (client) => {
    const { rows: cars } = await client.query<CarModel & { sellerId: string | null; productName: string }>(
      'delete from products where id = $1 and not paid returning category_id as "makeId", model, seller_id as "sellerId", product_name as "productName"',
      [productId],
    );
    await afterCarWrite(client, { kind: 'deleted', cars: cars.map(({ makeId, model }) => ({ makeId, model })) });
    for (const car of cars) await tellSellerOfDeletion(client, { id: productId, sellerId: car.sellerId, productName: car.productName }, reason);
    return cars.length;
  });
  return { acknowledged: true, deletedCount: deleted };
}
