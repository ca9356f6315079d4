import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import type { Actor } from '../../auth/actor.ts';
import { isCrawler } from './crawlers.ts';
import type { CarView } from './view-counter.ts';

/** A UTC day as the table keeps it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Whether this request of a car's page is a view (decision 045): a person's browser (crawlers left
 * out, crawlers.ts), not the car's own seller, and not a prefetch (a browser's speculative load sends
 * `Sec-Purpose` or `Purpose: prefetch`; nobody saw the page). Returns the view, its visitor hashed
 * in memory: the account for a signed-in person, the address and user agent for a visitor.
 */
export function viewOf(req: FastifyRequest, viewer: Actor | null, car: { productId: string; sellerId: string | undefined }, now: Date): CarView | null {
  const userAgent = req.headers['user-agent'];
  if (isCrawler(userAgent)) return null;
  if (viewer && viewer.id === car.sellerId) return null;
  const purpose = `${req.headers['sec-purpose'] ?? ''} ${req.headers.purpose ?? ''}`;
  if (/prefetch/i.test(purpose)) return null;
  const who = viewer ? `account ${viewer.id}` : `visitor ${req.ip} ${userAgent}`;
  return { productId: car.productId, day: utcDay(now), visitor: createHash('sha256').update(who).digest('base64') };
}

/**
 * Writes a batch of views: each visitor keyed by its day's salt (made by whichever process needs it
 * first, kept until the pruning job deletes it after the day), one statement for the whole batch,
 * a view already in the table (the same visitor, counted by another process or written twice) left as it is.
 */
export async function writeViews(pool: Pool, views: CarView[]): Promise<void> {
  const saltOf = await saltsOf(pool, [...new Set(views.map((v) => v.day))]);
  await pool.query(
    `insert into car_views (product_id, day, visitor)
     select p, d::date, v from unnest($1::uuid[], $2::text[], $3::bytea[]) as t(p, d, v)
      where exists (select 1 from products where id = p)
     on conflict do nothing`,
    [views.map((v) => v.productId), views.map((v) => v.day), views.map((v) => createHmac('sha256', saltOf.get(v.day)!).update(v.visitor).digest().subarray(0, 16))],
  );
}

/**
 * The days' salts, made where missing. A salt another process makes while this statement runs is
 * neither made nor seen by it (its snapshot is older): asked again, it is there.
 */
async function saltsOf(pool: Pool, days: string[]): Promise<Map<string, Buffer>> {
  for (;;) {
    const { rows } = await pool.query<{ day: string; salt: Buffer }>(
      `with made as (
         insert into car_view_salts (day, salt) select d::date, s from unnest($1::text[], $2::bytea[]) as t(d, s)
         on conflict (day) do nothing returning day, salt)
       select day::text, salt from made union all select day::text, salt from car_view_salts where day = any($1::date[])`,
      [days, days.map(() => randomBytes(32))],
    );
    if (rows.length >= days.length) return new Map(rows.map((r) => [r.day, r.salt]));
  }
}

/** How many days of views are kept: the 30 a car's Performance shows, and a few more. */
export const KEPT_DAYS = 35;

/** Forgets views older than KEPT_DAYS and every day's salt once the day is over (the pruning job). */
export async function pruneViews(pool: Pool, now: Date): Promise<void> {
  await pool.query(`delete from car_views where day < $1::date - $2::int`, [utcDay(now), KEPT_DAYS]);
  await pool.query(`delete from car_view_salts where day < $1::date`, [utcDay(now)]);
}
