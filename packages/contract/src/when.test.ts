import { describe, expect, it } from 'vitest';
import { fallbackClock, fromWallClock, isLocaleTag, toWallClock, writeDate, writeDateTime, writeDateTimeInZone, writeMonthYear, writeTime, writingLocale, zoneName } from './when.ts';

const us = (timeZone: string) => ({ timeZone, locale: 'en-US' });
const gb = (timeZone: string) => ({ timeZone, locale: 'en-GB' });

describe('one date style and one time style for a zone and a locale', () => {
  const at = '2026-11-28T23:02:00Z';

  it('writes a medium date and a short time, en-US and en-GB', () => {
    expect(writeDate(at, us('UTC'))).toBe('Nov 28, 2026');
    expect(writeTime(at, us('UTC'))).toBe('11:02 PM');
    expect(writeDateTime(at, us('UTC'))).toBe('Nov 28, 2026, 11:02 PM');
    expect(writeMonthYear(at, us('UTC'))).toBe('Nov 2026');
    expect(writeDate(at, gb('UTC'))).toBe('28 Nov 2026');
    expect(writeTime(at, gb('UTC'))).toBe('23:02');
    expect(writeDateTime(at, gb('UTC'))).toBe('28 Nov 2026, 23:02');
  });

  it('writes the moment in the reader’s zone: the day turns over for one and not another', () => {
    expect(writeDateTime(at, us('America/New_York'))).toBe('Nov 28, 2026, 6:02 PM');
    expect(writeDateTime(at, gb('Europe/Paris'))).toBe('29 Nov 2026, 00:02');
    expect(writeDate(at, us('Asia/Tokyo'))).toBe('Nov 29, 2026');
  });

  it('follows half-hour and quarter-hour zones', () => {
    expect(writeTime(at, us('Asia/Kolkata'))).toBe('4:32 AM');
    expect(writeTime(at, gb('Asia/Kathmandu'))).toBe('04:47');
    expect(writeTime(at, us('America/St_Johns'))).toBe('7:32 PM');
    expect(writeDateTimeInZone(at, us('Asia/Kolkata'))).toBe('Nov 29, 2026, 4:32 AM GMT+5:30');
  });

  it('follows a change of daylight saving time, and names the zone as it stands at that moment', () => {
    // New York springs forward at 2:00 on March 8, 2026: 6:59 UTC is 1:59 EST, 7:00 UTC is 3:00 EDT.
    expect(writeDateTimeInZone('2026-03-08T06:59:00Z', us('America/New_York'))).toBe('Mar 8, 2026, 1:59 AM EST');
    expect(writeDateTimeInZone('2026-03-08T07:00:00Z', us('America/New_York'))).toBe('Mar 8, 2026, 3:00 AM EDT');
    // London falls back at 2:00 BST on October 25, 2026: 1:30 happens twice.
    expect(writeDateTimeInZone('2026-10-25T00:30:00Z', gb('Europe/London'))).toBe('25 Oct 2026, 01:30 BST');
    expect(writeDateTimeInZone('2026-10-25T01:30:00Z', gb('Europe/London'))).toBe('25 Oct 2026, 01:30 GMT');
  });

  it('names UTC for a reader who set no zone, in en-US for one who set no locale', () => {
    expect(writeDateTimeInZone(at, {})).toBe('Nov 28, 2026, 11:02 PM UTC');
    expect(writeDateTimeInZone(at, fallbackClock)).toBe('Nov 28, 2026, 11:02 PM UTC');
    expect(zoneName(at, gb('Europe/Paris'))).toBe('CET');
  });

  it('writes a zone this runtime does not know in UTC rather than failing', () => {
    expect(writeDateTime(at, us('Mars/Olympus'))).toBe('Nov 28, 2026, 11:02 PM');
  });

  it('keeps the product in English: another language lends its region only', () => {
    expect(writingLocale('fr-FR')).toBe('en-FR');
    expect(writingLocale('fr')).toBe('en-US');
    expect(writingLocale('en-GB')).toBe('en-GB');
    expect(writingLocale(null)).toBe('en-US');
    expect(writeDate(at, { timeZone: 'UTC', locale: 'fr-FR' })).toBe('28 Nov 2026');
  });

  it('gives back text that is not a date as it is', () => {
    expect(writeDate('next Tuesday', us('UTC'))).toBe('next Tuesday');
    expect(writeDateTimeInZone('soon', {})).toBe('soon');
  });
});

describe('the runtime’s own zone and UTC in en-US, written without Intl', () => {
  /** A fixed sequence of pseudo-random numbers, so a failure can be repeated. */
  function* randomNumbers(seed: number, count: number) {
    let state = seed;
    for (let i = 0; i < count; i++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      yield state / 2 ** 31;
    }
  }

  it('writes exactly what Intl en-US writes in the same zone (its narrow space made plain)', () => {
    const plain = (text: string) => text.replace(/\u202f/g, ' ');
    const start = Date.UTC(1990, 0, 1);
    const span = Date.UTC(2060, 0, 1) - start;
    // The runtime's zone (unnamed), and UTC named: a page the server drew is written in UTC (when.ts).
    for (const timeZone of [undefined, 'UTC']) {
      const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      const [date, time, dateTime, monthYear] = [
        intl({ dateStyle: 'medium' }),
        intl({ timeStyle: 'short' }),
        intl({ dateStyle: 'medium', timeStyle: 'short' }),
        intl({ month: 'short', year: 'numeric' }),
      ];
      for (const r of randomNumbers(17, 2000)) {
        const at = new Date(start + Math.floor(r * span));
        for (const clock of [{ timeZone }, { timeZone, locale: 'en-US' }, { timeZone, locale: 'en' }]) {
          expect(writeDate(at, clock)).toBe(date.format(at));
          expect(writeTime(at.toISOString(), clock)).toBe(plain(time.format(at)));
          expect(writeDateTime(at.getTime(), clock)).toBe(plain(dateTime.format(at)));
          expect(writeMonthYear(at, clock)).toBe(monthYear.format(at));
        }
      }
    }
  });
});

describe('isLocaleTag', () => {
  it('takes a BCP 47 tag this runtime writes dates for, and nothing else', () => {
    for (const tag of ['en-US', 'en-GB', 'fr-FR', 'en', 'de']) expect(isLocaleTag(tag), tag).toBe(true);
    for (const tag of ['', 'english', 'en_US', 'xx-YY', 'en-US-', '<script>', 'Europe/Paris']) expect(isLocaleTag(tag), tag).toBe(false);
  });
});

describe('a datetime-local input’s value in the reader’s zone', () => {
  it('goes from a moment to the wall clock of the zone and back to the same moment, with that zone’s offset', () => {
    expect(toWallClock('2026-11-28T23:02:00Z', us('Asia/Kolkata'))).toBe('2026-11-29T04:32');
    expect(fromWallClock('2026-11-29T04:32', us('Asia/Kolkata'))).toBe('2026-11-29T04:32:00+05:30');
    expect(fromWallClock('2026-07-01T09:00', gb('America/St_Johns'))).toBe('2026-07-01T09:00:00-02:30');
    expect(fromWallClock('2026-11-28T23:02', gb('UTC'))).toBe('2026-11-28T23:02:00+00:00');
    for (const zone of ['America/New_York', 'Europe/Paris', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      for (let minute = Date.UTC(2026, 0, 1); minute < Date.UTC(2027, 0, 1); minute += 7_919 * 60_000) {
        const wall = toWallClock(minute, us(zone));
        expect(new Date(fromWallClock(wall, us(zone))).getTime(), `${zone} ${wall}`).toBe(minute - (minute % 60_000));
      }
    }
  });

  it('reads a time the clocks skip as the same distance past the change, and a time they repeat as the earlier', () => {
    // New York: 2:30 on March 8, 2026 never happens (2:00 EST is 3:00 EDT); 1:30 on November 1 happens twice.
    expect(fromWallClock('2026-03-08T02:30', us('America/New_York'))).toBe('2026-03-08T03:30:00-04:00');
    expect(fromWallClock('2026-11-01T01:30', us('America/New_York'))).toBe('2026-11-01T01:30:00-04:00');
    // Paris: 2:30 on March 29 never happens; 2:30 on October 25 happens twice.
    expect(fromWallClock('2026-03-29T02:30', gb('Europe/Paris'))).toBe('2026-03-29T03:30:00+02:00');
    expect(fromWallClock('2026-10-25T02:30', gb('Europe/Paris'))).toBe('2026-10-25T02:30:00+02:00');
  });

  it('refuses what is not a time', () => {
    for (const value of ['', '2026-11-25', '2026-02-30T10:00', '2026-11-25T24:00', '2026-11-25T10:60', 'soon']) expect(fromWallClock(value, us('UTC')), value).toBe('');
    expect(toWallClock('nope', us('UTC'))).toBe('');
  });
});
