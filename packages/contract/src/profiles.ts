import { z } from 'zod';
import { product } from './catalog.ts';

// A seller's public profile (issue 48, `/sellers/{id}`): what a buyer weighs before driving to see a
// stranger's car. Only what the seller already shows on their cards, or what the platform itself
// measured; never their email or phone.

/** `GET /sellers/{id}` takes no query: anything in it is a 400 rather than silently ignored. */
export const sellerProfileQuery = z.object({}).strict();

/** `GET /sellers/{id}/cars`: the next page of the seller's cars on the market, after `nextCursor`. */
export const sellerCarsQuery = z
  .object({ after: z.string({ error: 'after must be given once.' }).max(300, { error: 'after is not a cursor this server gave out.' }).optional() })
  .strict();

/** One page of a seller's cars on the market, newest first. */
export const sellerCars = z.object({
  cars: z.array(product),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type SellerCars = z.infer<typeof sellerCars>;

/**
 * How a seller answered one kind of request over the last 90 days (the server's definitions, in
 * modules/profiles/responsiveness.ts): how many there were, how many they answered, and the median
 * time to the answer, in whole minutes (null when none was answered).
 */
export const responsiveness = z.object({
  cases: z.number().int().nonnegative(),
  answered: z.number().int().nonnegative(),
  medianMinutes: z.number().int().nonnegative().nullable(),
});
export type Responsiveness = z.infer<typeof responsiveness>;

/** `GET /sellers/{id}`: a seller's public profile. */
export const sellerProfile = z.object({
  id: z.string(),
  name: z.string(),
  /** Their photo's address, when they gave one. */
  photo: z.string().nullable(),
  /** When the account was made (the page says the month and year). */
  memberSince: z.iso.datetime({ offset: true }),
  /** An admin verified them (the `Verified Seller` badge). */
  verified: z.boolean(),
  /**
   * The payment provider verified their payout account (Stripe Connect checks identity and bank
   * account): `stripe`; `test` for the built-in test processor's, whose check is not real; null: not yet.
   */
  payoutsVerifiedBy: z.enum(['stripe', 'test']).nullable(),
  /** Their city ("Austin, TX"), from their latest listing's Location; never an address. Null when it names none. */
  city: z.string().nullable(),
  /** Over the last 90 days: buyers' conversations and booking requests. */
  responds: z.object({ messages: responsiveness, bookings: responsiveness }),
  /** Their cars on the market now. */
  onMarket: z.number().int().nonnegative(),
  /** Cars they sold here: payments released to them. */
  sold: z.number().int().nonnegative(),
});
export type SellerProfile = z.infer<typeof sellerProfile>;
