import { afterEach, describe, expect, it } from 'vitest';
import { writeDateTime, writeDateTimeInZone } from '@second-gear/contract/constants';
import { formatCents, formatDate, formatDateTime, formatListed, formatMonthYear, formatPrice, formatWhole, fromDateTimeLocal, setReaderClock, toDateTimeLocal, wholeDaysSince } from './format.ts';
import { readerClockOf } from './reader-clock.ts';

const intlDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const intlMediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const intlMonthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' });

/** A fixed sequence of pseudo-random numbers, so a failure can be repeated. */
function* randomNumbers(seed: number, count: number) {
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    yield state / 2 ** 31;
  }
}

describe('formatPrice', () => {
  it('writes whole dollars with thousands separators, as Intl en-US does', () => {
    expect(formatPrice(31500)).toBe('$31,500');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(999)).toBe('$999');
    expect(formatPrice(1000)).toBe('$1,000');
    expect(formatPrice(1234567.5)).toBe(`$${intlDollars.format(1234567.5)}`);
    for (const r of randomNumbers(7, 2000)) {
      const amount = Math.floor(r * 10 ** (1 + Math.floor(r * 1e6) % 10)) + (r < 0.3 ? 0.5 : 0);
      expect(formatPrice(amount)).toBe(`$${intlDollars.format(amount)}`);
      expect(formatWhole(amount)).toBe(intlDollars.format(amount));
    }
  });
});

describe('formatDate', () => {
  it('writes a medium date in the local time zone, as Intl en-US does', () => {
    const start = Date.UTC(1990, 0, 1);
    const span = Date.UTC(2060, 0, 1) - start;
    for (const r of randomNumbers(11, 2000)) {
      const date = new Date(start + Math.floor(r * span));
      expect(formatDate(date)).toBe(intlMediumDate.format(date));
      expect(formatDate(date.toISOString())).toBe(intlMediumDate.format(date));
      expect(formatDate(date.getTime())).toBe(intlMediumDate.format(date));
      expect(formatMonthYear(date.toISOString())).toBe(intlMonthYear.format(date));
    }
  });

  it('gives back text that is not a date as it is', () => {
    expect(formatDate('next Tuesday')).toBe('next Tuesday');
  });
});

describe('formatDateTime', () => {
  it('writes a medium date and a short time in the local time zone, as Intl en-US does (its narrow space made plain)', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    const start = Date.UTC(1990, 0, 1);
    const span = Date.UTC(2060, 0, 1) - start;
    for (const r of randomNumbers(13, 2000)) {
      const date = new Date(start + Math.floor(r * span));
      expect(formatDateTime(date.toISOString())).toBe(intl.format(date).replace(/\u202f/g, ' '));
    }
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('toDateTimeLocal and fromDateTimeLocal', () => {
  it('go from a moment to the input’s value and back to the same moment, with the browser’s offset', () => {
    for (const r of randomNumbers(17, 500)) {
      const minute = new Date(Date.UTC(2020, 0, 1) + Math.floor(r * 20 * 365 * 24 * 60) * 60_000);
      const local = toDateTimeLocal(minute);
      expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
      const iso = fromDateTimeLocal(local);
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
      expect(new Date(iso).getTime()).toBe(minute.getTime());
    }
    expect(fromDateTimeLocal('')).toBe('');
    expect(fromDateTimeLocal('2026-11-25')).toBe('');
    expect(toDateTimeLocal('nope')).toBe('');
  });
});

describe('the reader’s clock', () => {
  const at = '2026-11-28T23:02:00Z';
  afterEach(() => setReaderClock(readerClockOf(null)));

  it('writes every date and time in the signed-in person’s zone and locale, as their emails do (one function, the zone named there)', () => {
    const kolkata = { timeZone: 'Asia/Kolkata', locale: 'en-GB' };
    setReaderClock(readerClockOf(kolkata));
    expect(formatDateTime(at)).toBe('29 Nov 2026, 04:32');
    expect(formatDate(at)).toBe('29 Nov 2026');
    expect(formatMonthYear(at)).toBe('Nov 2026');
    expect(formatDateTime(at)).toBe(writeDateTime(at, kolkata));
    expect(writeDateTimeInZone(at, kolkata)).toBe(`${formatDateTime(at)} GMT+5:30`);
    setReaderClock(readerClockOf({ timeZone: 'America/Los_Angeles', locale: 'en-US' }));
    expect(formatDateTime(at)).toBe('Nov 28, 2026, 3:02 PM');
  });

  it('takes the datetime-local inputs in the same zone: a meeting typed at 10:00 is 10:00 on the person’s pages', () => {
    setReaderClock(readerClockOf({ timeZone: 'Europe/Paris', locale: 'en-GB' }));
    expect(fromDateTimeLocal('2026-11-25T10:00')).toBe('2026-11-25T10:00:00+01:00');
    expect(formatDateTime(fromDateTimeLocal('2026-11-25T10:00'))).toBe('25 Nov 2026, 10:00');
    expect(toDateTimeLocal('2026-11-25T09:00:00Z')).toBe('2026-11-25T10:00');
  });

  it('falls back to the browser’s zone and locale for what the account has not set, and for a visitor', () => {
    expect(readerClockOf(null, 'en-GB')).toEqual({ timeZone: undefined, locale: 'en-GB' });
    expect(readerClockOf({ timeZone: 'Asia/Tokyo', locale: null }, 'en-AU')).toEqual({ timeZone: 'Asia/Tokyo', locale: 'en-AU' });
    expect(readerClockOf({ timeZone: null, locale: 'en-US' }, 'en-GB')).toEqual({ timeZone: undefined, locale: 'en-US' });
  });
});

describe('days listed', () => {
  it('counts whole days since the listing, as the car page does, and says them', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(wholeDaysSince('2026-11-26T11:00:00Z', now)).toBe(0);
    expect(wholeDaysSince('2026-11-25T12:00:01Z', now)).toBe(0);
    expect(wholeDaysSince('2026-11-25T12:00:00Z', now)).toBe(1);
    expect(wholeDaysSince('2026-11-23T08:00:00+02:00', now)).toBe(3);
    // A clock a little behind the server's never makes a negative age.
    expect(wholeDaysSince('2026-11-26T12:00:05Z', now)).toBe(0);
    expect(formatListed(0)).toBe('Listed today');
    expect(formatListed(1)).toBe('Listed 1 day ago');
    expect(formatListed(3)).toBe('Listed 3 days ago');
  });
});

describe('formatCents', () => {
  it('writes cents as dollars with separators, and the cents only when there are some', () => {
    expect(formatCents(3_100_000)).toBe('$31,000');
    expect(formatCents(155_025)).toBe('$1,550.25');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0');
  });
});
