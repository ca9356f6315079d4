import type { PoolClient } from 'pg';
import { clockOrUtc, writeDateTimeInZone, type Clock } from '@second-gear/contract/constants';
import { notify, publishLive, type Notice } from '../notifications/notify.ts';

/** Where each party reads about their bookings: the links of the notifications. */
export const SELLER_LINK = '/dashboard/bookings';
export const BUYER_LINK = '/dashboard/myorders';

/**
 * A meeting time in words, for titles, emails and calendar files: the product's one date and time
 * style in the reader's time zone and locale (Settings, or the browser's, taken once), the zone
 * named after it, since the reader may read it elsewhere ("Nov 28, 2026, 4:00 PM EST"); in UTC and
 * en-US for a reader who has none. A zone this runtime does not know (a stored name a later runtime
 * dropped) is written in UTC rather than failing the change the words are about.
 */
export const meetingWords = (at: Date, reader: Clock | null | undefined): string => writeDateTimeInZone(at, clockOrUtc(reader));

/** The booking a change is about, and its car (null once the car is deleted). */
export interface BookingRef {
  id: string;
  product_id: string | null;
}

/**
 * Tells one party of a change to a booking, in the change's transaction: the bell and the email
 * (notify), and their open Booking Requests or My Orders page (a live `booking` event). The emails
 * about one car's bookings to one person coalesce (notify's `about`): a buyer booking and
 * cancelling in a loop makes a seller's inbox receive one email every few minutes, not two a cycle.
 */
export async function tellOfBooking(client: PoolClient, booking: BookingRef, notice: Notice | null) {
  if (!notice) return;
  await notify(client, { ...notice, about: booking.product_id ? `car:${booking.product_id}` : `booking:${booking.id}` });
  await publishLive(client, { user: notice.userId, type: 'booking', id: booking.id });
}
