import { z } from 'zod';

/** What the listing checks look at, in the order the car's page lists them. */
export const listingCheckNames = ['photos', 'vin', 'price', 'seller', 'plausibility'] as const;
export type ListingCheckName = (typeof listingCheckNames)[number];

/** A check found nothing to ask about, found something to ask about, or had nothing to go on (no VIN, no fair price). */
export const listingCheckOutcomes = ['passed', 'flagged', 'not checked'] as const;
export type ListingCheckOutcome = (typeof listingCheckOutcomes)[number];

/** One background check of a car (decision 020), as its page shows it. */
export const listingCheck = z.object({
  name: z.enum(listingCheckNames),
  outcome: z.enum(listingCheckOutcomes),
  /** What was found, as a fact ("This VIN decodes to a 2015 car; the listing says 2019."). */
  detail: z.string(),
  /** A finding an admin looked into and dismissed in Reported Items: the car earns its badges again. */
  cleared: z.literal(true).optional(),
  checkedAt: z.iso.datetime({ offset: true }),
});
export type ListingCheck = z.infer<typeof listingCheck>;
