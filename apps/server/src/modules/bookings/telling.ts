import type { PoolClient } from 'pg';
import { notify, publishLive, type Notice } from '../notifications/notify.ts';

/** Where each party reads about their bookings: the links of the notifications. */
export const SELLER_LINK = '/dashboard/bookings';
export const BUYER_LINK = '/dashboard/myorders';

/** A meeting time in words, for titles and emails (in UTC: an email cannot know its reader's zone; the calendar file can). */
export function meetingWords(at: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
}

/**
 * Tells one party of a change to a booking, in the change's transaction: the bell and the email
 * (notify), and their open Booking Requests or My Orders page (a live `booking` event).
 */
export async function tellOfBooking(client: PoolClient, bookingId: string, notice: Notice | null) {
  if (!notice) return;
  await notify(client, notice);
  await publishLive(client, { user: notice.userId, type: 'booking', id: bookingId });
}
