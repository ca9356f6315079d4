import type { PoolClient } from 'pg';
import { notify, publishLive, type Notice } from '../notifications/notify.ts';

/** Where each party reads about their bookings: the links of the notifications. */
export const SELLER_LINK = '/dashboard/bookings';
export const BUYER_LINK = '/dashboard/myorders';

/**
 * A meeting time in words, for titles, emails and calendar files: in the reader's time zone (set in
 * Settings), its name printed after it, or in UTC for a reader who set none ("Friday 4 May 2031 at
 * 11:00 Europe/Paris"). A zone this runtime does not know (a stored name a later runtime dropped)
 * falls back to UTC rather than failing the change the words are about.
 */
export function meetingWords(at: Date, timeZone?: string | null): string {
  for (const zone of [timeZone, 'UTC']) {
    if (!zone) continue;
    try {
      return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(at)} ${zone}`;
    } catch {
      // not a zone this runtime knows: UTC
    }
  }
  throw new Error('UTC is always known');
}

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
