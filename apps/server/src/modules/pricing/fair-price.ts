import type { Pool } from 'pg';
import { minComparables, type ComparableCar, type Condition, type DealRating, type FairPrice, type MileageUnit } from '@second-gear/contract';
import { HAS_OPEN_FLAG, ON_MARKET } from '../cars/market.ts';
import { estimatePrice, OUTLIER_SPREADS, RANGE_SPREADS, YEAR_WINDOW, type Depreciation } from './estimate.ts';
import { pricedCars, storedDepreciation, toPricedCar, type MarketRow } from './service.ts';

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

export interface ComparableRow extends MarketRow {
  product_name: string;
  mileage: number;
  mileage_unit: MileageUnit;
}

/** The columns of ComparableRow beyond MarketRow's, for pricedCars(). */
export const COMPARABLE_COLUMNS = ', p.product_name, p.mileage, p.mileage_unit';

/** A comparable as a reader sees it: the car as its seller gave it, and its price carried over to the car priced. */
export const toComparable = ({ car: { row: o }, adjusted }: { car: { row: ComparableRow }; adjusted: number }): ComparableCar => ({
  _id: o.id,
  productName: o.product_name,
  resalePrice: o.resale_price,
  adjustedPrice: Math.round(adjusted),
  modelYear: o.year_key,
  mileage: o.mileage,
  mileageUnit: o.mileage_unit,
  mileageKm: Math.round(o.mileage_km),
  condition: o.condition,
});

/**
 * Whether car `p`'s asking price is an outlier against its own stored fair price, by estimatePrice's
 * rule for comparables: more than OUTLIER_SPREADS spreads from the estimate, the spread read back
 * from the range (its half-width in logs is RANGE_SPREADS spreads, widened by √(1 + 1/n) for its n
 * comparables). A car without an estimate is none.
 */
export const PRICE_OUTLIER = `exists (select 1 from price_estimates o where o.product_id = p.id and o.estimate is not null
  and abs(ln(p.resale_price::float8 / o.estimate)) > ${OUTLIER_SPREADS / RANGE_SPREADS} * ln(o.high::float8 / o.estimate) / sqrt(1 + 1.0 / o.comparables))`;

/** Without a fit yet (none is stored before the first repricing), prices are carried over unchanged. */
const NO_DEPRECIATION: Depreciation = { perYear: 0, per10000Km: 0, excellent: 0, fair: 0 };

/**
 * The car's fair price as its page shows it: the stored rating and range (repriceModel), and the
 * comparables it came from, chosen again here as they are now by the same rule (estimatePrice: no
 * flagged car, no outlier), nearest in year and mileage first, each with its price carried over to
 * this car by the market's stored depreciation, so that a reader can see the estimate is their
 * median. A car with an open listing-check flag shows its estimate and range but no rating: it
 * earns no badge until an admin clears the flag.
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
      `${pricedCars(COMPARABLE_COLUMNS)}
          and p.id <> $1 and p.category_id = $2 and lower(p.model) = lower($3) and abs(p.year_key - $4) <= $5
        order by abs(p.year_key - $4), abs(p.mileage_km - $6), p.id`,
      [productId, row.category_id, row.model, row.year_key, YEAR_WINDOW, row.mileage_km],
    ),
    storedDepreciation(pool),
  ]);
  const depreciation = stored?.depreciation ?? NO_DEPRECIATION;
  const car = { id: productId, makeId: row.category_id, model: row.model, year: row.year_key, km: row.mileage_km, condition: row.condition };
  // The comparables keep the query's order. Too few now (a change on the market the next repricing,
  // seconds later, has yet to price): none are listed until then.
  const now = estimatePrice(car, others.map((o) => ({ ...toPricedCar(o), row: o })), depreciation);
  const comparables = (now.kind === 'estimate' ? now.comparables : []).map(toComparable);
  return {
    kind: 'rated',
    ...(!row.flagged && { rating: row.rating }),
    estimate: row.estimate,
    low: row.low,
    high: row.high,
    comparables,
  };
}
