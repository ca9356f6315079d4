import type { Pool } from 'pg';
import { kmPerMile, minComparables, type PriceGuide, type priceGuideQuery } from '@second-gear/contract';
import type { z } from 'zod';
import { dealRating, estimatePrice, fitDepreciation, YEAR_WINDOW } from './estimate.ts';
import { PRICED_CARS, storedDepreciation, toPricedCar, type MarketRow } from './service.ts';

/**
 * The fair price a car described on the add or edit form would get, from the same comparables as a
 * listed car's (estimate.ts), so that the seller sees where similar cars are listed while typing a
 * price. Only the model's cars near its year are read; the depreciation is the one last fitted
 * over the whole market (however old), or, before any, one fitted over those cars.
 */
export async function priceGuideFor(pool: Pool, q: z.output<typeof priceGuideQuery>): Promise<PriceGuide> {
  const [{ rows: cars }, stored] = await Promise.all([
    pool.query<MarketRow>(`${PRICED_CARS} and p.category_id = $1 and lower(p.model) = lower($2) and abs(p.year_key - $3) <= $4 and p.id is distinct from $5`, [
      q.make,
      q.model,
      q.modelYear,
      YEAR_WINDOW,
      q.car ?? null,
    ]),
    storedDepreciation(pool),
  ]);
  const market = cars.map(toPricedCar);
  const depreciation = stored?.depreciation ?? fitDepreciation(market);
  const km = q.mileageUnit === 'mi' ? q.mileage * kmPerMile : q.mileage;
  const e = estimatePrice({ id: q.car ?? '', makeId: q.make, model: q.model, year: q.modelYear, km, condition: q.condition }, market, depreciation);
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
