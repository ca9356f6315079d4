import type { Pool } from 'pg';
import { kmPerMile, minComparables, type PriceGuide, type priceGuideQuery } from '@second-gear/contract';
import type { z } from 'zod';
import { dealRating, estimatePrice, fitDepreciation, YEAR_WINDOW, type PriceEstimate, type PricedCar } from './estimate.ts';
import { COMPARABLE_COLUMNS, type ComparableRow } from './fair-price.ts';
import { pricedCars, storedDepreciation, toPricedCar } from './service.ts';

/** A car as a person describes it (the sellers' form, `What's my car worth?`), and the car being edited, left out of its own comparables. */
export type DescribedCar = Pick<z.output<typeof priceGuideQuery>, 'make' | 'model' | 'modelYear' | 'mileage' | 'mileageUnit' | 'condition' | 'car'>;

/** A comparable of a described car, with where it sits (its ZIP code's centre; null when unplaced). */
export interface DescribedComparableRow extends ComparableRow {
  lat: number | null;
  lon: number | null;
}

/**
 * The fair price a car described (not listed) would get, from the same comparables as a listed
 * car's (estimate.ts), with those comparables as they are on the market. Only the model's cars near
 * its year are read; the depreciation is the one last fitted over the whole market (however old),
 * or, before any, one fitted over those cars.
 */
export async function estimateDescribed(pool: Pool, q: DescribedCar): Promise<PriceEstimate<PricedCar & { row: DescribedComparableRow }>> {
  const [{ rows }, stored] = await Promise.all([
    pool.query<DescribedComparableRow>(
      `${pricedCars(`${COMPARABLE_COLUMNS}, p.lat, p.lon`)} and p.category_id = $1 and lower(p.model) = lower($2) and abs(p.year_key - $3) <= $4 and p.id is distinct from $5
        order by p.mileage_km, p.id`,
      [q.make, q.model, q.modelYear, YEAR_WINDOW, q.car ?? null],
    ),
    storedDepreciation(pool),
  ]);
  const market = rows.map((row) => ({ ...toPricedCar(row), row }));
  const depreciation = stored?.depreciation ?? fitDepreciation(market);
  const km = q.mileageUnit === 'mi' ? q.mileage * kmPerMile : q.mileage;
  return estimatePrice({ id: q.car ?? '', makeId: q.make, model: q.model, year: q.modelYear, km, condition: q.condition }, market, depreciation);
}

/**
 * The sellers' price guide: the fair price of the car described on the add or edit form, so that the
 * seller sees where similar cars are listed while typing a price, and how that price would be rated.
 */
export async function priceGuideFor(pool: Pool, q: z.output<typeof priceGuideQuery>): Promise<PriceGuide> {
  const e = await estimateDescribed(pool, q);
  return e.kind === 'estimate'
    ? {
        kind: 'rated',
        estimate: Math.round(e.estimate),
        low: Math.round(e.low),
        high: Math.round(e.high),
        comparables: e.comparables.length,
        ...(q.price === undefined ? {} : { rating: dealRating(q.price, e.estimate) }),
      }
    : { kind: 'not enough data', comparables: e.comparables, needed: minComparables };
}
