import { z } from 'zod';
import { product } from './catalog.ts';
import { listingStatus, paidAt } from './bookings.ts';
import { heldPayment } from './money.ts';

/** `PUT /wishlists?id={productId}&email={own email}` */
export const wishlistQuery = z
  .object({
    id: z.uuid('id must be the id of a car'),
    email: z.string().trim().toLowerCase().pipe(z.email()),
  })
  .strict();

/**
 * A wishlist item: the product itself (so `_id` is the product's id, as the first client expects), with
 * this buyer's wishlist flags: `paid` is whether this buyer paid for it from the wishlist.
 */
export const wishlistItem = product.extend({
  wishlistEmail: z.string(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  paidAt,
  listingStatus,
  /** This buyer's latest payment for the car: where the money stands. */
  money: heldPayment.nullable().optional(),
});
export type WishlistItem = z.infer<typeof wishlistItem>;
