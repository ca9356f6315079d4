import type { Pool } from 'pg';
import { minComparables, type DealRating, type FairPrice } from '@second-gear/contract';
import { ON_MARKET } from '../cars/market.ts';
import { inMileageBand, YEAR_WINDOW } from './estimate.ts';

interface EstimateRow {
  comparables: number;
  estimate: number | null;
  low: number | null;
  high: number | null;
  rating: DealRating | null;
  category_id: string;
  model: string;
  year_key: number;
  mileage_km: number;
}

/**
 * The car's fair price as its page shows it: the stored rating and range (repriceModel), and the
 * comparables it came from, listed again here as they are now (nearest in year and mileage first).
 */
export async function fairPriceOf(pool: Pool, productId: string): Promise<FairPrice | null> {
  const { rows } = await pool.query<EstimateRow>(
    `select e.comparables, e.estimate, e.low, e.high, e.rating, p.category_id, p.model, p.year_key, p.mileage_km
       from price_estimates e join products p on p.id = e.product_id
      where e.product_id = $1 and ${ON_MARKET}`,
    [productId],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.estimate === null || row.rating === null || row.low === null || row.high === null) {
    return { kind: 'not enough data', comparables: row.comparables, needed: minComparables };
  }
  const { rows: others } = await pool.query<{ id: string; product_name: string; resale_price: number; year_key: number; mileage_km: number; condition: 'Excellent' | 'Good' | 'Fair' }>(
    `select p.id, p.product_name, p.resale_price, p.year_key, p.mileage_km, p.condition from products p
      where ${ON_MARKET} and p.id <> $1 and p.category_id = $2 and lower(p.model) = lower($3) and abs(p.year_key - $4) <= $5
      order by abs(p.year_key - $4), abs(p.mileage_km - $6), p.id`,
    [productId, row.category_id, row.model, row.year_key, YEAR_WINDOW, row.mileage_km],
  );
  const comparables = others
    .filter((o) => inMileageBand(row.mileage_km, o.mileage_km))
    .map((o) => ({ _id: o.id, productName: o.product_name, resalePrice: o.resale_price, modelYear: o.year_key, mileage: Math.round(o.mileage_km), condition: o.condition }));
  return { kind: 'rated', rating: row.rating, estimate: row.estimate, low: row.low, high: row.high, comparables };
}
