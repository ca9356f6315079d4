// Distances as the product shows them: the one place a mileage is converted between km and miles
// and written out, for the web app and the server's texts alike (issue 47: one unit a person sees).

import { formatWhole } from './format.ts';

/** A car's mileage is given in either unit; a market (DISTANCE_UNIT) and a person (Settings' Distance unit) read one of them. */
export const mileageUnits = ['km', 'mi'] as const;
export type MileageUnit = (typeof mileageUnits)[number];
/** A market's unit, or a person's: the same two. */
export type DistanceUnit = MileageUnit;

/** Settings' `Distance unit` options, in the order offered. */
export const distanceUnitNames: Record<DistanceUnit, string> = { mi: 'Miles', km: 'Kilometres' };

/** The international mile, exactly: a mileage given in miles is compared in km at this rate (products.mileage_km, migration 0012). */
export const kmPerMile = 1.609344;

/** A distance given in `from`, in `to` (not rounded: a filter compares the exact value). */
export function distanceIn(value: number, from: MileageUnit, to: DistanceUnit): number {
  if (from === to) return value;
  return from === 'mi' ? value * kmPerMile : value / kmPerMile;
}

/**
 * A mileage as a person reads it, in their unit: whole units with thousands separators
 * (`62,764 mi`, `101,009 km`); without `shownIn`, in the unit it was given in.
 */
export function formatMileage(mileage: number, unit: MileageUnit, shownIn: DistanceUnit = unit): string {
  return `${formatWhole(distanceIn(mileage, unit, shownIn))} ${shownIn}`;
}
