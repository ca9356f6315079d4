import { z } from 'zod';
import { bookingLimits } from './constants.ts';

/**
 * `POST /bookings`. The first client sends the whole booking; the server takes the
 * buyer from the session and the product's name, price and picture from the database, so those
 * fields are accepted for compatibility and ignored. Only the product, phone and place count.
 */
export const bookingBody = z
  .object({
    productId: z.uuid('productId must be the id of a car'),
    phone: z.string().trim().max(bookingLimits.phone, `Phone Number must be at most ${bookingLimits.phone} characters`).default(''),
    location: z.string().trim().max(bookingLimits.location, `Meeting Location must be at most ${bookingLimits.location} characters`).default(''),
    name: z.string().max(200).optional(),
    email: z.string().max(320).optional(),
    productName: z.string().max(200).optional(),
    price: z.union([z.number(), z.string().max(40)]).optional(),
    image: z.string().max(2048).optional(),
    verified: z.string().max(20).optional(),
  })
  .strict();
export type BookingBody = z.input<typeof bookingBody>;

/** Where the booked car stands now: still for sale, sold (to this buyer or another), or removed by its seller. */
export const listingStatus = z.enum(['available', 'sold', 'removed']);
export type ListingStatus = z.infer<typeof listingStatus>;

/** When a purchase's payment was recorded (the receipt's date); null while unpaid. Optional: older servers do not send it. */
export const paidAt = z.iso.datetime({ offset: true }).nullable().optional();

export const order = z.object({
  _id: z.uuid(),
  productId: z.uuid().nullable(),
  productName: z.string(),
  price: z.number().int(),
  image: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  location: z.string(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  paidAt,
  listingStatus,
  bookedAt: z.iso.datetime({ offset: true }),
});
export type Order = z.infer<typeof order>;

export const ownEmailQuery = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) }).strict();
