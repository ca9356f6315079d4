import { z } from 'zod';
import { zipCodePattern } from './places.ts';

/** `GET /api/places/zip/{zip}` and `GET /api/places/nearest`: a ZIP code, its city and state, and its centre. */
export const placeAnswer = z.object({
  zip: z.string(),
  city: z.string(),
  /** Two-letter state code (`TX`). */
  state: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type PlaceAnswer = z.infer<typeof placeAnswer>;

export const zipParams = z.object({ zip: z.string().regex(zipCodePattern, { error: 'ZIP code must be 5 digits.' }) }).strict();

/**
 * `GET /api/places/nearest?lat=&lon=`: the ZIP code nearest a point, for `Use my location`. The
 * browser rounds the point to two decimals (about a kilometre) before asking; nothing is kept.
 */
export const nearestQuery = z
  .object({
    lat: z.coerce.number({ error: 'lat must be a number.' }).min(-90, { error: 'lat must be between -90 and 90.' }).max(90, { error: 'lat must be between -90 and 90.' }),
    lon: z.coerce.number({ error: 'lon must be a number.' }).min(-180, { error: 'lon must be between -180 and 180.' }).max(180, { error: 'lon must be between -180 and 180.' }),
  })
  .strict();
