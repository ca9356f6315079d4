import type { Pool, PoolClient } from 'pg';
import { ON_MARKET } from '../catalog/service.ts';
import { dealRating, estimatePrice, fitDepreciation, type Condition, type PricedCar } from './estimate.ts';

interface MarketRow {
  id: string;
  category_id: string;
  model: string;
  year_key: number;
  mileage_km: number;
  condition: Condition;
  resale_price: number;
}

/** The cars on the market that can be priced: a model and a mileage given (the year always is). */
async function pricedMarket(db: Pool | PoolClient): Promise<PricedCar[]> {
  const { rows } = await db.query<MarketRow>(
    `select p.id, p.category_id, p.model, p.year_key, p.mileage_km, p.condition, p.resale_price
       from products p where ${ON_MARKET} and p.model is not null and p.mileage is not null`,
  );
  return rows.map((r) => ({ id: r.id, makeId: r.category_id, model: r.model, year: r.year_key, km: r.mileage_km, condition: r.condition, price: r.resale_price }));
}

/**
 * Prices again every car on the market of one make and model (their comparables are each other),
 * with the depreciation fitted over the whole market, and writes one row per car in one
 * transaction; cars of that model that left the market lose theirs (by the foreign key or here).
 * The depreciation is kept too, for the sellers' price guide (guide.ts).
 */
export async function repriceModel(pool: Pool, makeId: string, model: string): Promise<number> {
  const market = await pricedMarket(pool);
  const depreciation = fitDepreciation(market);
  const wanted = model.toLowerCase();
  const cars = market.filter((c) => c.makeId === makeId && c.model.toLowerCase() === wanted);
  const rows = cars.map((car) => {
    const e = estimatePrice(car, market, depreciation);
    return e.kind === 'estimate'
      ? { id: car.id, comparables: e.comparables.length, estimate: Math.round(e.estimate), low: Math.round(e.low), high: Math.round(e.high), rating: dealRating(car.price, e.estimate) }
      : { id: car.id, comparables: e.comparables, estimate: null, low: null, high: null, rating: null };
  });
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `delete from price_estimates e using products p
        where p.id = e.product_id and p.category_id = $1 and lower(p.model) = $2 and not (${ON_MARKET})`,
      [makeId, wanted],
    );
    await client.query(
      `insert into price_estimates (product_id, comparables, estimate, low, high, rating)
       select * from jsonb_to_recordset($1::jsonb) as r (id uuid, comparables int, estimate int, low int, high int, rating text)
       on conflict (product_id) do update set comparables = excluded.comparables, estimate = excluded.estimate, low = excluded.low,
         high = excluded.high, rating = excluded.rating, computed_at = now()`,
      [JSON.stringify(rows)],
    );
    await client.query(
      `insert into price_depreciation (per_year, per_10000_km, excellent, fair) values ($1, $2, $3, $4)
       on conflict (only_row) do update set per_year = $1, per_10000_km = $2, excellent = $3, fair = $4, fitted_at = now()`,
      [depreciation.perYear, depreciation.per10000Km, depreciation.excellent, depreciation.fair],
    );
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
  return rows.length;
}
