import type { Pool } from 'pg';
import { milesBetween, minComparables, type CarValue, type carValueQuery } from '@second-gear/contract';
import type { z } from 'zod';
import { knownZip } from '../places/known-zip.ts';
import { toComparable } from '../pricing/fair-price.ts';
import { estimateDescribed } from '../pricing/guide.ts';

/**
 * How near a similar car must be to the ZIP code given to count as near it: the search's middle
 * `Distance` (50 miles), an afternoon's drive to look at a car.
 */
export const NEAR_MILES = 50;

/**
 * What a car as described is worth (`What's my car worth?`): the estimator's own answer for it
 * (estimateDescribed, as the sellers' guide gets it), with the similar cars it rests on. A ZIP code
 * does not move the estimate, which compares cars market-wide: it is checked (an unknown one is a
 * 400, as on a listing) and tells how many of the similar cars sit within NEAR_MILES of it.
 */
export async function valueOf(pool: Pool, q: z.output<typeof carValueQuery>): Promise<CarValue> {
  const place = q.zip === undefined ? null : knownZip(q.zip);
  const e = await estimateDescribed(pool, q);
  if (e.kind !== 'estimate') return { kind: 'not enough data', comparables: e.comparables, needed: minComparables };
  const near = place && {
    zip: place.zip,
    city: place.city,
    state: place.state,
    withinMiles: NEAR_MILES,
    comparables: e.comparables.filter(({ car: { row } }) => row.lat !== null && row.lon !== null && milesBetween(place, { lat: row.lat, lon: row.lon }) <= NEAR_MILES).length,
  };
  return {
    kind: 'estimate',
    estimate: Math.round(e.estimate),
    low: Math.round(e.low),
    high: Math.round(e.high),
    comparables: e.comparables.map(toComparable),
    ...(near && { near }),
  };
}
