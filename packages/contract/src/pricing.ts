import { z } from 'zod';
import { conditions, dealRatings, maxPrice, mileageUnits, vehicleLimits } from './constants.ts';
import { comparableCar } from './catalog.ts';
import { zipCodePattern } from './places.ts';
import { oneOf, text, wholeNumber, year } from './query-params.ts';

/**
 * `GET /pricing/guide`: what the fair price would be for a car described on the add or edit form,
 * so the seller sees where similar cars are listed while typing a price.
 */
export const priceGuideQuery = z
  .object({
    make: z.uuid({ error: 'Category must be a category id.' }),
    model: text('Model', vehicleLimits.model).pipe(z.string({ error: 'Model is required for a price guide.' })),
    modelYear: year('Model Year'),
    mileage: wholeNumber('Mileage', vehicleLimits.maxMileage),
    mileageUnit: oneOf('Mileage unit', mileageUnits),
    condition: oneOf('Condition', conditions),
    /** The price being typed, to be rated against the estimate. */
    price: wholeNumber('Resale Price', maxPrice).optional(),
    /** The car being edited, left out of its own comparables. */
    car: z.uuid({ error: 'car must be a car id.' }).optional(),
  })
  .strict();
export type PriceGuideQuery = z.input<typeof priceGuideQuery>;

export const priceGuide = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('rated'),
    estimate: z.number().int(),
    low: z.number().int(),
    high: z.number().int(),
    comparables: z.number().int(),
    /** The rating `price` would get, when one was given. */
    rating: z.enum(dealRatings).optional(),
  }),
  z.object({ kind: z.literal('not enough data'), comparables: z.number().int().nonnegative(), needed: z.number().int() }),
]);
export type PriceGuide = z.infer<typeof priceGuide>;

/**
 * `GET /value`: what a car as described is worth, for anyone (the public `What's my car worth?`
 * page), from the same estimator and comparables as the sellers' guide. The optional ZIP code does
 * not move the estimate (prices are compared market-wide): it says how many of the similar cars are
 * near it, and the listing made from the answer carries it.
 */
export const carValueQuery = priceGuideQuery
  .pick({ make: true, model: true, modelYear: true, mileage: true, mileageUnit: true, condition: true })
  .extend({ zip: z.string().regex(zipCodePattern, { error: 'ZIP code must be 5 digits.' }).optional() })
  .strict();
export type CarValueQuery = z.input<typeof carValueQuery>;

/** How many of the similar cars are within `withinMiles` of the ZIP code given. */
export const nearComparables = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  withinMiles: z.number().int(),
  comparables: z.number().int().nonnegative(),
});

export const carValue = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('estimate'),
    estimate: z.number().int(),
    low: z.number().int(),
    high: z.number().int(),
    /** The similar cars the estimate is the median of (flagged cars and outliers left out, as the estimator leaves them out). */
    comparables: z.array(comparableCar),
    /** Only when a ZIP code was given. */
    near: nearComparables.optional(),
  }),
  z.object({ kind: z.literal('not enough data'), comparables: z.number().int().nonnegative(), needed: z.number().int() }),
]);
export type CarValue = z.infer<typeof carValue>;
