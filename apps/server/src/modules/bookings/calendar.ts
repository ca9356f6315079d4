import { createEvent } from 'ics';
import { plainText, type Clock } from '@second-gear/contract/constants';
import { meetingWords } from './telling.ts';

/** A booking's meeting as a calendar file shows it to one of the two parties. */
export interface Meeting {
  bookingId: string;
  carName: string;
  /** Where the buyer asked to meet. */
  location: string;
  start: Date;
  /** calendar_sequence: raised on every change, so a calendar replaces the event it has. */
  sequence: number;
  cancelled: boolean;
  /** The person the reader meets: the seller for the buyer's file, the buyer for the seller's. */
  otherParty: { role: 'buyer' | 'seller'; name: string; phone: string };
  /** The reader's time zone and locale, in which the description says when; none: UTC, en-US. */
  reader: Clock | null;
}

/** A viewing is booked for an hour; the two can stay longer, the calendar only needs a block. */
const VIEWING_MINUTES = 60;

/** The same for every version of one booking's meeting: that is how calendars match an update or a cancellation to it. */
export const meetingUid = (bookingId: string) => `booking-${bookingId}@second-gear`;

/**
 * The iCalendar text (RFC 5545) of a meeting: an invitation (METHOD:REQUEST, STATUS:CONFIRMED)
 * while it stands, a cancellation (METHOD:CANCEL, STATUS:CANCELLED) with the same UID once it is
 * off. The start is written in UTC, which every calendar converts to its reader's zone; the
 * description says when in the reader's own time zone and locale, the zone named.
 */
export function meetingCalendar(m: Meeting): string {
  // ics escapes commas, semicolons and line feeds but not a bare carriage return, which a calendar
  // reads as the end of the property: the people's text goes in as plain one-line text.
  const contact = [m.otherParty.name, m.otherParty.phone].filter(Boolean).map((part) => plainText(part)).join(', ');
  const { error, value } = createEvent({
    uid: meetingUid(m.bookingId),
    sequence: m.sequence,
    method: m.cancelled ? 'CANCEL' : 'REQUEST',
    status: m.cancelled ? 'CANCELLED' : 'CONFIRMED',
    productId: 'second-gear/bookings',
    title: `Viewing: ${plainText(m.carName)}`,
    location: plainText(m.location) || undefined,
    description: `${m.cancelled ? 'Cancelled. ' : ''}Meeting the ${m.otherParty.role}${contact ? `: ${contact}` : ''}, ${meetingWords(m.start, m.reader)}.`,
    start: m.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: VIEWING_MINUTES },
  });
  // Only a malformed input makes ics refuse (every field here is ours), so it is a bug.
  if (error || !value) throw error ?? new Error('the calendar file could not be written');
  return value;
}
