import type { Pool } from 'pg';
import { distanceIn, milesBetween, searchRadii, type LatLon } from '@second-gear/contract';
import type { PlaceOfZip } from '../src/modules/search/near.ts';

/**
 * A few ZIP codes' centres (the Census gazetteer's, rounded), for tests of distances: Austin and
 * towns at known distances from it, and one far away. Any other ZIP code is unknown.
 */
export const zipCentres = {
  /** Austin, TX (downtown). */
  '78701': { lat: 30.2711, lon: -97.7437 },
  /** Round Rock, TX: about 17 miles north of 78701. */
  '78664': { lat: 30.5083, lon: -97.6789 },
  /** San Antonio, TX: about 74 miles south-west of 78701. */
  '78205': { lat: 29.4241, lon: -98.4936 },
  /** Houston, TX: about 146 miles east of 78701. */
  '77002': { lat: 29.7604, lon: -95.3698 },
  /** Portland, OR: about 1,700 miles away. */
  '97201': { lat: 45.5152, lon: -122.6784 },
} satisfies Record<string, LatLon>;
export type TestZip = keyof typeof zipCentres;

/** The app's ZIP lookup in tests: the centres above, and nothing for any other ZIP code. */
export const placeOfTestZip: PlaceOfZip = (zip) => (zip in zipCentres ? zipCentres[zip as TestZip] : undefined);

/** Places the car at the ZIP code's centre (or nowhere, null), as a listing's ZIP code does. */
export async function placeCar(pool: Pool, carId: string, zip: TestZip | null): Promise<void> {
  const centre = zip === null ? null : zipCentres[zip];
  await pool.query('update products set zip = $2, lat = $3, lon = $4 where id = $1', [carId, zip, centre?.lat ?? null, centre?.lon ?? null]);
}

/** The point `miles` from `from` heading `bearing` degrees from north, on milesBetween's sphere. */
export function pointAt(from: LatLon, miles: number, bearing: number): LatLon {
  const rad = Math.PI / 180;
  const angle = (miles / milesBetween({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })) * rad;
  const [lat1, lon1, heading] = [from.lat * rad, from.lon * rad, bearing * rad];
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(heading));
  const lon2 = lon1 + Math.atan2(Math.sin(heading) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / rad, lon: lon2 / rad };
}
/** Every radius a search may ask for, in miles (the km ones converted): points a hair either side of one test a radius's edge. */
export const radiiInMiles = searchRadii.flatMap((r) => [r, distanceIn(r, 'km', 'mi')]);
