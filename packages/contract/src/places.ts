// Places as the product uses them (issue 48): a car sits at its ZIP code's centre, never at an
// address, and every distance a person reads or a search filters by is measured here, so that the
// card's "12 mi away" and the radius that found the car can never disagree.

import { distanceIn, type DistanceUnit } from './distance.ts';
import { formatWhole } from './format.ts';

/** A US ZIP code as a listing, a search's `Near` and Settings take it: five digits. */
export const zipCodePattern = /^[0-9]{5}$/;

/**
 * A form's check of an optional ZIP code field, with the field's own refusal (the server's words for
 * that field): blank or five digits.
 */
export const zipCodeCheck =
  (refusal: string) =>
  (value: string): string | true => {
    const zip = value.trim();
    return zip === '' || zipCodePattern.test(zip) || refusal;
  };

/** `/search`'s `Distance` choices, in the reader's unit (`distanceUnit` in the address, miles when absent); absent: any distance. */
export const searchRadii = [10, 25, 50, 100, 250] as const;
export type SearchRadius = (typeof searchRadii)[number];

/** A ZIP code's centre (WGS 84 degrees). */
export interface LatLon {
  lat: number;
  lon: number;
}

/** Mean Earth radius in miles (IUGG): the great-circle distances below are within 0.5% of the ellipsoid's. */
const earthRadiusMiles = 3958.7613;

/** Great-circle distance in miles between two points (haversine). */
export function milesBetween(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How far a car is, as a card and a car page say it: whole units in the reader's unit, and "less
 * than 1" for a car in the same ZIP code (`12 mi away`, `< 1 km away`).
 */
export function formatDistanceAway(miles: number, shownIn: DistanceUnit): string {
  const value = distanceIn(miles, 'mi', shownIn);
  return value < 1 ? `< 1 ${shownIn} away` : `${formatWhole(Math.round(value))} ${shownIn} away`;
}
