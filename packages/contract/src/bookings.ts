import { z } from 'zod';
import { oneLine } from './common.ts';
import { heldPayment } from './money.ts';
import { ratingSummary } from './reviews.ts';
import { bookingLimits, bookingStatuses, maxDeclineReasonLength, maxMeetingDaysAhead } from './constants.ts';

/**
 * `POST /bookings`. The first client sends the whole booking; the server takes the
 * buyer from the session and the product's name, price and picture from the database, so those
 * fields are accepted for compatibility and ignored. Only the product, phone and place count.
 */
export const bookingBody = z
  .object({
    productId: z.uuid('productId must be the id of a car'),
    phone: oneLine(z.string().trim().max(bookingLimits.phone, `Phone Number must be at most ${bookingLimits.phone} characters`), 'Phone Number').default(''),
    location: oneLine(z.string().trim().max(bookingLimits.location, `Meeting Location must be at most ${bookingLimits.location} characters`), 'Meeting Location').default(''),
    name: z.string().max(200).optional(),
    email: z.string().max(320).optional(),
    productName: z.string().max(200).optional(),
    price: z.union([z.number(), z.string().max(40)]).optional(),
    image: z.string().max(2048).optional(),
    verified: z.string().max(20).optional(),
    preferredTime: meetingTime('Preferred Time').optional(),
  })
  .strict();
export type BookingBody = z.input<typeof bookingBody>;

export const bookingStatus = z.enum(bookingStatuses);

/** A stored time, as the server answers it. */
const storedTime = z.iso.datetime({ offset: true }).nullable();

/** What a booking's answers add to an order; optional, so that older servers' orders still parse. */
export const orderBookingFields = {
  status: bookingStatus.optional(),
  preferredTime: storedTime.optional(),
  meetingTime: storedTime.optional(),
  proposedTime: storedTime.optional(),
  declineReason: z.string().nullable().optional(),
};

/**
 * Where the booked car stands now: still for sale, reserved (paid, the money held until the
 * handover), sold (to this buyer or another), or removed by its seller.
 */
export const listingStatus = z.enum(['available', 'reserved', 'sold', 'removed']);
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
  ...orderBookingFields,
  /** Once paid: where the money stands (held, released, refunded). */
  money: heldPayment.nullable().optional(),
});
export type Order = z.infer<typeof order>;

export const ownEmailQuery = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) }).strict();

/**
 * A meeting time as a person picks it: an ISO date and time with its offset, not in the past
 * (a minute's grace for the time it takes to send) and at most a year ahead. `label` is the
 * field's name on the screen, for the message.
 */
export function meetingTime(label: string) {
  return z.iso
    .datetime({ offset: true, error: `${label} must be a date and time` })
    .refine((v) => Date.parse(v) > Date.now() - 60_000, `${label} cannot be in the past`)
    .refine((v) => Date.parse(v) <= Date.now() + maxMeetingDaysAhead * 86_400_000, `${label} must be within a year from now`);
}

/** One row of the seller's Booking Requests: a booking on one of their cars. */
export const bookingRequest = z.object({
  _id: z.uuid(),
  productId: z.uuid().nullable(),
  productName: z.string(),
  image: z.string(),
  buyerName: z.string(),
  phone: z.string(),
  location: z.string(),
  preferredTime: storedTime,
  proposedTime: storedTime,
  meetingTime: storedTime,
  status: bookingStatus,
  declineReason: z.string().nullable(),
  bookedAt: z.iso.datetime({ offset: true }),
  paid: z.boolean(),
  /** What the buyer pays (or paid), in dollars: the price shown when booking, or less if lowered since. */
  agreedPrice: z.number().int().optional(),
  /** The car's price now, in dollars; null once the car is gone. */
  currentPrice: z.number().int().nullable().optional(),
  /** Once paid: where the money stands. */
  money: heldPayment.nullable().optional(),
  /** The buyer's rating from the reviews sellers wrote of them, once any can be shown (issue 48). */
  buyerRating: ratingSummary.optional(),
});
export type BookingRequest = z.infer<typeof bookingRequest>;

/**
 * `seenStatus`: the status the person saw when they chose (optional). When given, the change
 * applies only if the booking still stands there, so an answer crossing the other party's is
 * refused (409) instead of overriding what they just did.
 */
const seenStatus = z.enum(['pending', 'confirmed'], 'Seen Status must be pending or confirmed').optional();

export const acceptBookingBody = z.object({ meetingTime: meetingTime('Meeting Time'), seenStatus }).strict();
export type AcceptBookingBody = z.input<typeof acceptBookingBody>;

export const declineBookingBody = z
  .object({
    reason: z.string().trim().max(maxDeclineReasonLength, `Reason must be at most ${maxDeclineReasonLength} characters`).optional(),
    seenStatus,
  })
  .strict();
export type DeclineBookingBody = z.input<typeof declineBookingBody>;

export const proposeBookingBody = z.object({ time: meetingTime('Proposed Time') }).strict();
export type ProposeBookingBody = z.input<typeof proposeBookingBody>;

/** The buyer's cancellation; a body is optional (the first clients send none). */
export const cancelBookingBody = z.object({ seenStatus }).strict().nullish();
export type CancelBookingBody = z.input<typeof cancelBookingBody>;

/** The buyer's acceptance of the proposed time carries nothing: the time is the one stored. */
export const acceptProposalBody = z.object({}).strict().nullish();

/** What a booking's change answers: where it stands now. */
export const bookingChange = z.object({
  _id: z.uuid(),
  status: bookingStatus,
  meetingTime: storedTime,
  proposedTime: storedTime,
  declineReason: z.string().nullable(),
});
export type BookingChange = z.infer<typeof bookingChange>;
