import { describe, expect, it } from 'vitest';
import { meetingCalendar, type Meeting } from './calendar.ts';

/** The properties of an iCalendar text, its folded lines unfolded (RFC 5545 §3.1), by name (parameters dropped). */
function parse(ics: string): Map<string, string[]> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
  const props = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0]!;
    props.set(name, [...(props.get(name) ?? []), line.slice(colon + 1)]);
  }
  return props;
}
const one = (props: Map<string, string[]>, name: string) => props.get(name)?.[0];

const meeting: Meeting = {
  bookingId: '3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
  carName: 'Honda Civic, 2019; "Sport"',
  location: 'Main Street 1, Springfield',
  start: new Date('2031-05-03T14:30:00Z'),
  sequence: 0,
  cancelled: false,
  otherParty: { role: 'seller', name: 'Sam Seller', phone: '555-0100' },
  reader: null,
};

describe('meetingCalendar', () => {
  it('writes an invitation with a UID stable per booking, the car, the place and the other party', () => {
    const ics = meetingCalendar(meeting);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const props = parse(ics);
    expect(one(props, 'METHOD')).toBe('REQUEST');
    expect(one(props, 'STATUS')).toBe('CONFIRMED');
    expect(one(props, 'UID')).toBe('booking-3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b@second-gear');
    expect(one(props, 'SEQUENCE')).toBe('0');
    // Text values escape commas and semicolons (RFC 5545 §3.3.11).
    expect(one(props, 'SUMMARY')).toBe('Viewing: Honda Civic\\, 2019\\; "Sport"');
    expect(one(props, 'LOCATION')).toBe('Main Street 1\\, Springfield');
    expect(one(props, 'DESCRIPTION')).toBe('Meeting the seller: Sam Seller\\, 555-0100\\, May 3\\, 2031\\, 2:30 PM UTC.');
    expect(one(props, 'DTSTART')).toBe('20310503T143000Z');
    expect(one(props, 'DURATION')).toBe('PT60M');
    expect(props.get('BEGIN')).toEqual(['VCALENDAR', 'VEVENT']);
  });

  it('says when in the reader’s own time zone and locale, the zone named, the start staying the same instant in UTC', () => {
    const paris = parse(meetingCalendar({ ...meeting, reader: { timeZone: 'Europe/Paris', locale: 'en-GB' } }));
    expect(one(paris, 'DESCRIPTION')).toBe('Meeting the seller: Sam Seller\\, 555-0100\\, 3 May 2031\\, 16:30 CEST.');
    expect(one(paris, 'DTSTART')).toBe('20310503T143000Z');
    const denver = parse(meetingCalendar({ ...meeting, reader: { timeZone: 'America/Denver', locale: 'en-US' } }));
    expect(one(denver, 'DESCRIPTION')).toBe('Meeting the seller: Sam Seller\\, 555-0100\\, May 3\\, 2031\\, 8:30 AM MDT.');
    expect(one(denver, 'DTSTART')).toBe('20310503T143000Z');
  });

  it('writes a move as the same UID with a higher SEQUENCE, and a cancellation as METHOD:CANCEL with the same UID', () => {
    const moved = parse(meetingCalendar({ ...meeting, sequence: 1, start: new Date('2031-05-04T09:00:00Z') }));
    expect(one(moved, 'SEQUENCE')).toBe('1');
    expect(one(moved, 'DTSTART')).toBe('20310504T090000Z');
    const cancelled = parse(meetingCalendar({ ...meeting, sequence: 2, cancelled: true }));
    expect(one(cancelled, 'METHOD')).toBe('CANCEL');
    expect(one(cancelled, 'STATUS')).toBe('CANCELLED');
    expect(one(cancelled, 'UID')).toBe(one(moved, 'UID'));
    expect(one(cancelled, 'SEQUENCE')).toBe('2');
  });

  it('adds no property of its own for a carriage return, line break or other control character in the people’s text', () => {
    const ics = meetingCalendar({
      ...meeting,
      carName: 'Civic\u2028ATTENDEE:mailto:x@evil.example',
      location: 'Main St\rURL:https://evil.example',
      otherParty: { role: 'buyer', name: 'Bea\r\nORGANIZER:mailto:x@evil.example', phone: '555\u0085\u0000\u001b\u007f\u009b0100' },
    });
    // Every line ends in CRLF, and no carriage return, other control character or separator is left in one.
    expect(ics.endsWith('\r\n')).toBe(true);
    const unfolded = ics.replace(/\r\n[ \t]/g, '');
    // eslint-disable-next-line no-control-regex -- the control characters are what is looked for
    for (const line of unfolded.slice(0, -2).split('\r\n')) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    // A multiline `^` starts after any of CR, LF, U+2028 and U+2029: a line as any reader might split them.
    expect(ics).not.toMatch(/^(?:URL|ATTENDEE|ORGANIZER)[:;]/m);
    const props = parse(ics);
    expect(one(props, 'LOCATION')).toBe('Main St URL:https://evil.example');
    expect(one(props, 'SUMMARY')).toBe('Viewing: Civic ATTENDEE:mailto:x@evil.example');
    expect(one(props, 'DESCRIPTION')).toBe('Meeting the buyer: Bea ORGANIZER:mailto:x@evil.example\\, 555 0100\\, May 3\\, 2031\\, 2:30 PM UTC.');
  });

  it('names the buyer in the seller’s file, and leaves out what is empty', () => {
    const props = parse(meetingCalendar({ ...meeting, location: '', otherParty: { role: 'buyer', name: 'Bea Buyer', phone: '' } }));
    expect(one(props, 'DESCRIPTION')).toBe('Meeting the buyer: Bea Buyer\\, May 3\\, 2031\\, 2:30 PM UTC.');
    expect(props.has('LOCATION')).toBe(false);
  });
});
