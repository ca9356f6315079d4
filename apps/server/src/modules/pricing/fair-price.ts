import type { Pool } from 'pg';
import { minComparables, type Condition, type DealRating, type FairPrice, type MileageUnit } from '@second-gear/contract';
import { HAS_OPEN_FLAG, ON_MARKET } from '../cars/market.ts';
import { carriedOver, inMileageBand, YEAR_WINDOW, type Depreciation } from './estimate.ts';
import { storedDepreciation } from './service.ts';

interface EstimateRow {
  comparables: number;
  estimate: number | null;
  low: number | null;
  high: number | null;
  rating: DealRating | null;
  flagged: boolean;
  category_id: string;
  model: string;
  year_key: number;
  mileage_km: number;
  condition: Condition;
}

interface ComparableRow {
  id: string;
  product_name: string;
  resale_price: number;
  year_key: number;
  mileage: number;
  mileage_unit: MileageUnit;
  mileage_km: number;
  condition: Condition;
}

/** Without a fit yet (none is stored before the first repricing), prices are carried over unchanged. */
const NO_DEPRECIATION: Depreciation = { perYear: 0, per10000Km: 0, excellent: 0, fair: 0 };

/**
 * The car's fair price as its page shows it: the stored rating and range (repriceModel), and the
 * comparables it came from, listed again here as they are now (nearest in year and mileage first),
 * each with its price carried over to this car by the market's stored depreciation, so that a
 * reader can see the estimate is their median. A car with an open listing-check flag shows its
 * estimate and range but no rating: it earns no badge until an admin clears the flag.
 */
export async function fairPriceOf(pool: Pool, productId: string): Promise<FairPrice | null> {
  const { rows } = await pool.query<EstimateRow>(
    `select e.comparables, e.estimate, e.low, e.high, e.rating, ${HAS_OPEN_FLAG} as flagged, p.category_id, p.model, p.year_key, p.mileage_km, p.condition
       from price_estimates e join products p on p.id = e.product_id
      where e.product_id = $1 and ${ON_MARKET}`,
    [productId],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.estimate === null || row.rating === null || row.low === null || row.high === null) {
    return { kind: 'not enough data', comparables: row.comparables, needed: minComparables };
  }
  const [{ rows: others }, stored] = await Promise.all([
    pool.query<ComparableRow>(
      `select p.id, p.product_name, p.resale_price, p.year_key, p.mileage, p.mileage_unit, p.mileage_km, p.condition from products p
        where ${ON_MARKET} and p.id <> $1 and p.category_id = $2 and lower(p.model) = lower($3) and abs(p.year_key - $4) <= $5 and p.mileage is not null
        order by abs(p.year_key - $4), abs(p.mileage_km - $6), p.id`,
      [productId, row.category_id, row.model, row.year_key, YEAR_WINDOW, row.mileage_km],
    ),
    storedDepreciation(pool),
  ]);
  const depreciation = stored?.depreciation ?? NO_DEPRECIATION;
  const car = { year: row.year_key, km: row.mileage_km, condition: row.condition };
  const comparables = others
    .filter((o) => inMileageBand(row.mileage_km, o.mileage_km))
    .map((o) => ({
      _id: o.id,
      productName: o.product_name,
      resalePrice: o.resale_price,
      adjustedPrice: Math.round(carriedOver({ price: o.resale_price, year: o.year_key, km: o.mileage_km, condition: o.condition }, car, depreciation)),
      modelYear: o.year_key,
      mileage: o.mileage,
      mileageUnit: o.mileage_unit,
      mileageKm: Math.round(o.mileage_km),
      condition: o.condition,
    }));
  return {
    kind: 'rated',
    ...(!row.flagged && { rating: row.rating }),
    estimate: row.estimate,
    low: row.low,
    high: row.high,
    comparables,
  };
}
