import type { Pool } from 'pg';
import { PERFORMANCE_DAYS, type CarPerformance, type ProductViews } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { AppError } from '../../errors.ts';
import { ON_MARKET } from '../cars/market.ts';
import { YEAR_WINDOW } from '../pricing/estimate.ts';
import { utcDay } from './views.ts';

/** The similar cars a median rests on at most: the most recently listed (a popular model has thousands). */
const SIMILAR_AT_MOST = 500;

interface CarRow {
  id: string;
  product_name: string;
  resale_price: number;
  category_id: string;
  model: string | null;
  year_key: number;
}

/**
 * A car's `Performance` for its seller: its last 30 UTC days, today included, day by day (views,
 * saves, buyers' messages, booking requests), beside the cars on the market like it (the same make
 * and model within two model years, as the fair price compares them). Anyone else's car, or no
 * car, is a 404 in the same words, so an id tells nothing of a car that is not the caller's.
 */
export async function performanceOf(pool: Pool, seller: Actor, productId: string, now: Date): Promise<CarPerformance> {
  const { rows } = await pool.query<CarRow>(
    'select id, product_name, resale_price, category_id, model, year_key from products where id = $1 and seller_id = $2',
    [productId, seller.id],
  );
  const car = rows[0];
  if (!car) throw new AppError('NOT_FOUND', 'You have no such car.');
  const today = utcDay(now);
  const [days, similar] = await Promise.all([daysOf(pool, car.id, today), similarOf(pool, car, today)]);
  return {
    productId: car.id,
    productName: car.product_name,
    price: car.resale_price,
    days: days.map((d) => ({ ...d, similarViews: similar.byDay.get(d.day) ?? null })),
    similar: { cars: similar.cars, medianViews: similar.medianViews, medianPrice: similar.medianPrice },
  };
}

/** The days of the window, `YYYY-MM-DD`, oldest first; `$1` is today. */
const WINDOW = `select d::date as day from generate_series($1::date - ${PERFORMANCE_DAYS - 1}, $1::date, interval '1 day') d`;

async function daysOf(pool: Pool, productId: string, today: string) {
  const { rows } = await pool.query<{ day: string; views: number; saves: number; messages: number; bookingRequests: number }>(
    `with days as (${WINDOW})
     select days.day::text as day,
            (select count(*)::int from car_views v where v.product_id = $2 and v.day = days.day) as views,
            (select count(*)::int from wishlist_entries w
              where w.product_id = $2 and (w.created_at at time zone 'UTC')::date = days.day) as saves,
            (select count(*)::int from messages m join conversations c on c.id = m.conversation_id
              where c.product_id = $2 and m.sender_id = c.buyer_id and (m.created_at at time zone 'UTC')::date = days.day) as messages,
            (select count(*)::int from bookings b
              where b.product_id = $2 and (b.created_at at time zone 'UTC')::date = days.day) as "bookingRequests"
       from days order by days.day`,
    [today, productId],
  );
  return rows;
}

/** The similar cars' medians: their views each day and over the window, and their asking prices. */
async function similarOf(pool: Pool, car: CarRow, today: string) {
  const none = { cars: 0, medianViews: null, medianPrice: null, byDay: new Map<string, number>() };
  // A car without a model has no like: the make alone says too little.
  if (!car.model) return none;
  const { rows } = await pool.query<{ day: string | null; median: number; cars: number; median_price: number | null }>(
    `with days as (${WINDOW}),
     alike as (
       select p.id, p.resale_price from products p
        where ${ON_MARKET} and p.id <> $2 and p.category_id = $3 and lower(p.model) = lower($4) and abs(p.year_key - $5) <= $6
        order by p.listed_at desc limit ${SIMILAR_AT_MOST}),
     counted as (
       select v.product_id, v.day, count(*)::int as n from car_views v
        where v.product_id in (select id from alike) and v.day >= $1::date - ${PERFORMANCE_DAYS - 1}
        group by v.product_id, v.day),
     daily as (
       select days.day, s.id, coalesce(c.n, 0) as n
         from days cross join alike s left join counted c on c.product_id = s.id and c.day = days.day)
     select day::text, percentile_cont(0.5) within group (order by n) as median, null::int as cars, null::float as median_price
       from daily group by day
     union all
     select null, percentile_cont(0.5) within group (order by total),
            count(*)::int, (select percentile_cont(0.5) within group (order by resale_price) from alike)
       from (select id, sum(n) as total from daily group by id) totals`,
    [today, car.id, car.category_id, car.model, car.year_key, YEAR_WINDOW],
  );
  const whole = rows.find((r) => r.day === null);
  if (!whole?.cars) return none;
  return {
    cars: whole.cars,
    medianViews: whole.median,
    medianPrice: whole.median_price,
    byDay: new Map(rows.filter((r) => r.day !== null).map((r) => [r.day!, r.median])),
  };
}

/** My Products' `Views (7 days)`: the caller's cars with a view in the last 7 UTC days, today included. */
export async function weekViewsOf(pool: Pool, seller: Actor, now: Date): Promise<ProductViews> {
  const { rows } = await pool.query<{ productId: string; views: number }>(
    `select v.product_id as "productId", count(*)::int as views
       from car_views v join products p on p.id = v.product_id
      where p.seller_id = $1 and v.day > $2::date - 7
      group by v.product_id`,
    [seller.id, utcDay(now)],
  );
  return rows;
}
