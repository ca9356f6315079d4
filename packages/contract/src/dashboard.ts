import { z } from 'zod';

/** `GET /dashboard/summary` takes no parameters: the numbers are always the caller's own, so there is nothing to name. */
export const dashboardSummaryQuery = z.object({}).strict();

const count = z.number().int().nonnegative();

/** A seller's numbers, from the cars My Products lists. */
export const sellerNumbers = z.object({
  /** Cars of theirs still for sale (a deleted car is gone from the table, a sold one is counted as paid). */
  activeListings: count,
  /** Open booking requests (not paid) on their cars still for sale. */
  bookings: count,
  /** Cars of theirs sold and paid for. */
  paid: count,
});
export type SellerNumbers = z.infer<typeof sellerNumbers>;

/** A buyer's numbers: the rows of My Orders and My Wishlist. */
export const buyerNumbers = z.object({ bookings: count, wishlist: count });
export type BuyerNumbers = z.infer<typeof buyerNumbers>;

/** An admin's numbers: All Sellers not yet verified, and the rows of Reported Items (each reported car once). */
export const adminNumbers = z.object({ sellersToVerify: count, openReports: count });
export type AdminNumbers = z.infer<typeof adminNumbers>;

/** `GET /dashboard/summary`: one section per role the caller holds, and no other. */
export const dashboardSummary = z.object({
  seller: sellerNumbers.optional(),
  buyer: buyerNumbers.optional(),
  admin: adminNumbers.optional(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
