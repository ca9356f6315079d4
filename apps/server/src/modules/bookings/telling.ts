/** Where each party reads about their bookings: the links of the notifications. */
export const SELLER_LINK = '/dashboard/bookings';
export const BUYER_LINK = '/dashboard/myorders';

/** A meeting time in words, for titles and emails (in UTC: an email cannot know its reader's zone; the calendar file can). */
export function meetingWords(at: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
}
