import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../../db/pool.ts';
import { afterCarWrite } from '../cars/car-written.ts';
import { HAS_OPEN_FLAG, ON_MARKET } from '../cars/market.ts';
import { dealRating, estimatePrice, fitDepreciation, type Condition, type Depreciation, type PricedCar } from './estimate.ts';

export interface MarketRow {
  id: string;
  category_id: string;
  model: string;
  year_key: number;
  mileage_km: number;
  condition: Condition;
  resale_price: number;
  flagged: boolean;
}

/**
 * The cars on the market that can be priced: a model and a mileage given (the year always is), and
 * whether a listing check flagged them (such a car is priced but is nobody's comparable, estimate.ts);
 * `moreColumns` (", p.x, …") for a reader that shows the cars too.
 */
export const pricedCars = (moreColumns = '') => `
  select p.id, p.category_id, p.model, p.year_key, p.mileage_km, p.condition, p.resale_price, ${HAS_OPEN_FLAG} as flagged${moreColumns}
    from products p where ${ON_MARKET} and p.model is not null and p.mileage is not null`;
export const PRICED_CARS = pricedCars();

export const toPricedCar = (r: MarketRow): PricedCar => ({
  id: r.id,
  makeId: r.category_id,
  model: r.model,
  year: r.year_key,
  km: r.mileage_km,
  condition: r.condition,
  price: r.resale_price,
  flagged: r.flagged,
});

/**
 * A fit over a large market reads every car (about half a second at 100,000 cars) and passes over
 * them 10 to 30 times (about as long again, decision 034): it is done again once an hour, as the
 * slopes move slowly. A fit over a small market is cheap and may move a
 * lot with each car, so it is done every time.
 */
const REFIT_AFTER = '1 hour';
const LARGE_MARKET = 5_000;

interface DepreciationRow {
  per_year: number;
  per_10000_km: number;
  excellent: number;
  fair: number;
  fresh: boolean;
}

/** The depreciation the last fit over the market gave, if there was one, and whether it can stand (REFIT_AFTER). */
export async function storedDepreciation(db: Pool | PoolClient): Promise<{ depreciation: Depreciation; fresh: boolean } | null> {
  const { rows } = await db.query<DepreciationRow>(
    `select per_year, per_10000_km, excellent, fair, cars >= ${LARGE_MARKET} and fitted_at > now() - interval '${REFIT_AFTER}' as fresh from price_depreciation`,
  );
  const r = rows[0];
  return r ? { depreciation: { perYear: r.per_year, per10000Km: r.per_10000_km, excellent: r.excellent, fair: r.fair }, fresh: r.fresh } : null;
}

/** The market's depreciation: the stored one while recent and from a large market, or fitted again over every car on the market and stored. */
async function marketDepreciation(pool: Pool): Promise<Depreciation> {
  const stored = await storedDepreciation(pool);
  if (stored?.fresh) return stored.depreciation;
  const { rows } = await pool.query<MarketRow>(PRICED_CARS);
  const d = fitDepreciation(rows.map(toPricedCar));
  await pool.query(
    `insert into price_depreciation (per_year, per_10000_km, excellent, fair, cars) values ($1, $2, $3, $4, $5)
     on conflict (only_row) do update set per_year = $1, per_10000_km = $2, excellent = $3, fair = $4, cars = $5, fitted_at = now()`,
    [d.perYear, d.per10000Km, d.excellent, d.fair, rows.length],
  );
  return d;
}

/**
 * Prices again every car on the market of one make and model (their comparables are each other),
 * with the market's depreciation, and writes one row per car in one transaction; cars of that
 * model that left the market lose theirs (by the foreign key or here). Only the model's cars are
 * read, but for the depreciation's fit over the whole market once an hour. The cars whose figures
 * moved are checked again and the saved searches run (afterCarWrite); a repricing that moved
 * nothing sets nothing off.
 */
export async function repriceModel(pool: Pool, makeId: string, model: string): Promise<number> {
  const depreciation = await marketDepreciation(pool);
  const wanted = model.toLowerCase();
  const { rows: found } = await pool.query<MarketRow>(`${PRICED_CARS} and p.category_id = $1 and lower(p.model) = $2`, [makeId, wanted]);
  const cars = found.map(toPricedCar);
  const rows = cars.map((car) => {
    const e = estimatePrice(car, cars, depreciation);
    return e.kind === 'estimate'
      ? { id: car.id, comparables: e.comparables.length, estimate: Math.round(e.estimate), low: Math.round(e.low), high: Math.round(e.high), rating: dealRating(car.price, e.estimate) }
      : { id: car.id, comparables: e.comparables, estimate: null, low: null, high: null, rating: null };
  });
  await inTransaction(pool, async (client) => {
    const { rowCount: dropped } = await client.query(
      `delete from price_estimates e using products p
        where p.id = e.product_id and p.category_id = $1 and lower(p.model) = $2 and not (${ON_MARKET})`,
      [makeId, wanted],
    );
    // Each car's estimate as it was (the statement's snapshot) beside the one written.
    const { rows: written } = await client.query<{ id: string; range_moved: boolean; deal_moved: boolean }>(
      `with r as (select * from jsonb_to_recordset($1::jsonb) as r (id uuid, comparables int, estimate int, low int, high int, rating text)),
            was as (select e.* from price_estimates e join r on r.id = e.product_id),
            written as (
              insert into price_estimates (product_id, comparables, estimate, low, high, rating)
              select id, comparables, estimate, low, high, rating from r
              on conflict (product_id) do update set comparables = excluded.comparables, estimate = excluded.estimate, low = excluded.low,
                high = excluded.high, rating = excluded.rating, computed_at = now()
              returning product_id, estimate, low, high, rating)
       select w.product_id as id,
              was.product_id is null or (was.estimate, was.low, was.high) is distinct from (w.estimate, w.low, w.high) as range_moved,
              was.product_id is null or (was.estimate, was.rating) is distinct from (w.estimate, w.rating) as deal_moved
         from written w left join was using (product_id)`,
      [JSON.stringify(rows)],
    );
    await afterCarWrite(client, {
      kind: 'fair prices written',
      rangeMoved: written.filter((w) => w.range_moved).map((w) => w.id),
      dealsMoved: Boolean(dropped) || written.some((w) => w.deal_moved),
    });
  });
  return rows.length;
}
