import type { Pool } from 'pg';
import { distanceIn, milesBetween, searchRadii, type LatLon } from '@second-gear/contract';
import { placeOfZip } from '../src/modules/places/gazetteer.ts';

/** The gazetteer's centre of a ZIP code the tests rely on. */
function centreOf(zip: string): LatLon {
  const place = placeOfZip(zip);
  if (!place) throw new Error(`The gazetteer has no ZIP code ${zip}`);
  return { lat: place.lat, lon: place.lon };
}

/**
 * A few ZIP codes' centres, from the gazetteer the search and the listings use, for tests of
 * distances: Austin and towns at known distances from it, and one far away.
 */
export const zipCentres = {
  /** Austin, TX (downtown). */
  '78701': centreOf('78701'),
  /** Round Rock, TX: about 17 miles north of 78701. */
  '78664': centreOf('78664'),
  /** San Antonio, TX: about 74 miles south-west of 78701. */
  '78205': centreOf('78205'),
  /** Houston, TX: about 146 miles east of 78701. */
  '77002': centreOf('77002'),
  /** Portland, OR: about 1,700 miles away. */
  '97201': centreOf('97201'),
};
export type TestZip = keyof typeof zipCentres;

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
