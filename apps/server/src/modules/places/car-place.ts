import { zipOfCityState } from './gazetteer.ts';
import { knownZip } from './known-zip.ts';

// Where a car sits (issue 48): at a ZIP code's centre, never at an address. Every writer of a car's
// Location (the seller's listing and edit, the demo seed, the placing of cars listed before places)
// places it here, so that the columns of migration 0039 always say the same thing:
//
//   zip given by the seller   zip_given, lat/lon its centre (an unknown one is refused)
//   none, Location a US city  the city's ZIP code (gazetteer.ts: the one nearest its mean centre)
//   none, any other Location  unplaced: zip, lat and lon null
//
// A car is placed by the write that sets its Location, in that write's statement: the search's
// stamp of the car (products_search_stamp, migration 0013) then tells each process's copy of the
// cars the new place with the rest of the write.

/** The car columns a place is written to, in the order of `placeValues`. */
export const PLACE_COLUMNS = ['zip', 'zip_given', 'lat', 'lon'] as const;

export interface CarPlace {
  zip: string | null;
  zipGiven: boolean;
  lat: number | null;
  lon: number | null;
}

/**
 * The place of a car with this `Location` and the `ZIP code` its seller gave, if any (absent, null
 * or blank: none, and the car is placed from its Location). Throws a 400 for a ZIP code the
 * gazetteer does not know, before anything is written.
 */
export function placeCar(location: string, givenZip: string | null | undefined): CarPlace {
  const zip = givenZip?.trim();
  if (zip) {
    const place = knownZip(zip);
    return { zip, zipGiven: true, lat: place.lat, lon: place.lon };
  }
  const named = zipOfCityState(location);
  return named ? { zip: named.zip, zipGiven: false, lat: named.lat, lon: named.lon } : { zip: null, zipGiven: false, lat: null, lon: null };
}

/** A place as the values of PLACE_COLUMNS. */
export function placeValues(place: CarPlace): [string | null, boolean, number | null, number | null] {
  return [place.zip, place.zipGiven, place.lat, place.lon];
}
