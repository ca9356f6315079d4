import { z } from 'zod';
import { bodyTypes, categoryPageSize, conditions, fuels, maxKeywordLength, maxPrice, mileageUnits, productLimits, searchSorts, transmissions, vehicleLimits } from './constants.ts';
import { product } from './catalog.ts';
import { searchRadii, zipCodePattern } from './places.ts';
import { oneOf, text, wholeNumber, year } from './query-params.ts';

/** The search's query string: every filter optional, each refused value named as the search page labels it. */
export const searchQuery = z
  .object({
    keyword: text('Keyword', maxKeywordLength).optional(),
    make: z.uuid({ error: 'Make must be a category id.' }).optional(),
    model: text('Model', vehicleLimits.model).optional(),
    minPrice: wholeNumber('Min Price', maxPrice).optional(),
    maxPrice: wholeNumber('Max Price', maxPrice).optional(),
    minYear: year('Min Year').optional(),
    maxYear: year('Max Year').optional(),
    /** In `mileageUnit`; a car is compared by its mileage in that unit, whichever unit its seller gave it in. */
    maxMileage: wholeNumber('Max Mileage', vehicleLimits.maxMileage * 2).optional(),
    /** Max Mileage's unit: km when left out, as in the addresses made before there was a choice, so a shared link finds the same cars for everyone. */
    mileageUnit: oneOf('Max Mileage unit', mileageUnits).optional(),
    fuel: oneOf('Fuel', fuels).optional(),
    transmission: oneOf('Transmission', transmissions).optional(),
    bodyType: oneOf('Body Type', bodyTypes).optional(),
    condition: oneOf('Condition', conditions).optional(),
    /** Part of the car's location, in any case. */
    location: text('Location', productLimits.location).optional(),
    /** Verified sellers only: `true`, or leave it out. */
    verified: z.literal('true', { error: 'Verified sellers only must be true or left out.' }).transform(() => true).optional(),
    /** Great or good price only (the car's deal rating): `true`, or leave it out. */
    goodPrice: z.literal('true', { error: 'Great or good price must be true or left out.' }).transform(() => true).optional(),
    /** Near: a US ZIP code; the cars are measured from its centre. */
    near: z.string({ error: 'Near must be given once.' }).trim().regex(zipCodePattern, { error: 'Near must be a 5-digit ZIP code.' }).optional(),
    /** Distance from Near, in `distanceUnit`; absent: any distance. Needs Near. */
    distance: oneOf('Distance', searchRadii.map(String) as [string, ...string[]]).transform(Number).optional(),
    /** Distance's unit: miles when left out. */
    distanceUnit: oneOf('Distance unit', mileageUnits).optional(),
    /** The map's visible area, `south,west,north,east` in degrees: only cars placed inside it. */
    bounds: z
      .string({ error: 'bounds must be given once.' })
      .regex(/^-?[0-9]{1,3}(\.[0-9]{1,7})?(,-?[0-9]{1,3}(\.[0-9]{1,7})?){3}$/, { error: 'bounds must be south,west,north,east in degrees.' })
      .transform((s) => s.split(',').map(Number) as [number, number, number, number])
      .refine(([s, w, n, e]) => s >= -90 && n <= 90 && s <= n && w >= -180 && e <= 180 && w <= e, { error: 'bounds must be south,west,north,east in degrees.' })
      .optional(),
    sort: oneOf('Sort by', searchSorts).default('newest'),
    /** The `nextCursor` of the previous page, with the same filters and sort. */
    after: z.string({ error: 'after must be given once.' }).max(300, { error: 'after is not a cursor this server gave out.' }).optional(),
    limit: wholeNumber('limit', categoryPageSize.max)
      .pipe(z.number().min(1, { error: 'limit must be at least 1.' }))
      .default(categoryPageSize.default),
  })
  .strict()
  .superRefine((q, ctx) => {
    const pairs = [
      ['minPrice', 'maxPrice', 'Min Price', 'Max Price'],
      ['minYear', 'maxYear', 'Min Year', 'Max Year'],
    ] as const;
    for (const [min, max, minLabel, maxLabel] of pairs) {
      const lo = q[min];
      const hi = q[max];
      if (lo !== undefined && hi !== undefined && lo > hi) {
        ctx.addIssue({ code: 'custom', path: [min], message: `${minLabel} (${lo}) is more than ${maxLabel} (${hi}).` });
      }
    }
    if (q.near === undefined && q.distance !== undefined) ctx.addIssue({ code: 'custom', path: ['distance'], message: 'Distance needs Near: a ZIP code to measure from.' });
    if (q.near === undefined && q.sort === 'nearest') ctx.addIssue({ code: 'custom', path: ['sort'], message: 'Nearest first needs Near: a ZIP code to measure from.' });
  });
export type SearchQuery = z.infer<typeof searchQuery>;

/** One option of a filter with the number of cars it would find under the other filters. */
export const searchOptionCount = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type SearchOptionCount = z.infer<typeof searchOptionCount>;

export const searchResult = z.object({
  results: z.array(product),
  /** Cars matching every filter, over all pages. */
  total: z.number().int(),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * For each filter with options, every option (every category for `make`, 0 included) and how many
   * cars it would find with all the other filters as they are and this one set to it.
   */
  counts: z.object({
    make: z.array(searchOptionCount),
    fuel: z.array(searchOptionCount),
    transmission: z.array(searchOptionCount),
    bodyType: z.array(searchOptionCount),
    condition: z.array(searchOptionCount),
  }),
});
export type SearchResult = z.infer<typeof searchResult>;
