// Dates and times as a person reads them, in the web app and in the server's emails, calendar files
// and notifications alike (issue 47, "one clock"): one date style (medium: `Nov 28, 2026`), one time
// style (short: `11:02 PM` in en-US, `23:02` in en-GB), in the reader's time zone and locale.
//
// A page's first Intl formatter loads the browser's locale data, about 45 ms of a phone's main
// thread, so nothing here makes one before a date is written, and a reader in the runtime's own
// zone with an en-US locale (a visitor, in the usual case) gets the same words written by hand
// without any: the car, home and search pages' first render pays nothing. Formatters are made once
// per (locale, zone, style) and kept.

/**
 * Whose clock a moment is written for. `timeZone`: an IANA name (`Europe/Paris`); absent, the
 * runtime's own zone. `locale`: a BCP 47 tag (`en-GB`); absent, en-US. The product is in English, so
 * a locale of another language lends only its region (`fr-FR` writes as `en-FR`: `28 Nov 2026, 23:02`).
 */
export interface Clock {
  timeZone?: string | null;
  locale?: string | null;
}

/** An email's reader who set nothing: UTC, named after every time (`4:00 PM UTC`), in en-US. */
export const fallbackClock = { timeZone: 'UTC', locale: 'en-US' } as const satisfies Clock;

type Moment = string | number | Date;
type Style = 'date' | 'time' | 'dateTime' | 'monthYear' | 'zoneName' | 'wall';

const styles: Record<Style, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  monthYear: { month: 'short', year: 'numeric' },
  zoneName: { hour: 'numeric', timeZoneName: 'short' },
  wall: { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' },
};

const asDate = (value: Moment) => (value instanceof Date ? value : new Date(value));

/** en-US (or plain en, which Intl writes alike) is written by hand; only other locales need Intl to tell. */
const isUsEnglish = (tag: string | null | undefined) => !tag || /^en(-US)?$/i.test(tag);

const writingLocales = new Map<string, string>();

/** The English locale a tag is written in: itself for English, `en-{region}` for another language, en-US without a region or when unknown. */
export function writingLocale(tag: string | null | undefined): string {
  if (!tag || isUsEnglish(tag)) return 'en-US';
  let known = writingLocales.get(tag);
  if (known === undefined) {
    try {
      const locale = new Intl.Locale(tag);
      const english = locale.language === 'en' ? locale.baseName : locale.region ? `en-${locale.region}` : 'en-US';
      known = Intl.DateTimeFormat.supportedLocalesOf(english)[0] ?? 'en-US';
    } catch {
      known = 'en-US';
    }
    writingLocales.set(tag, known);
  }
  return known;
}

/** Whether a tag is a well-formed BCP 47 locale this runtime can write dates for (`en-US`, `en-GB`, `fr-FR`). */
export function isLocaleTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1 && Intl.DateTimeFormat.supportedLocalesOf(tag).length === 1;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of one style for one clock, made on first use; a zone this runtime does not know (a stored name a later runtime dropped) writes in UTC. */
function formatter(style: Style, clock: Clock): Intl.DateTimeFormat {
  const locale = writingLocale(clock.locale);
  const zone = clock.timeZone || undefined;
  const key = `${style} ${locale} ${zone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    try {
      made = new Intl.DateTimeFormat(locale, { ...styles[style], timeZone: zone });
    } catch {
      made = new Intl.DateTimeFormat(locale, { ...styles[style], timeZone: 'UTC' });
    }
    formatters.set(key, made);
  }
  return made;
}

/** ICU puts a narrow or thin space before AM/PM and in ranges; people's text, emails and tests read a plain one. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u2009]/g, ' ');

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A moment's fields as the hand-written words read them: in the runtime's own zone, or in UTC. */
interface Fields {
  month: number;
  day: number;
  year: number;
  hours: number;
  minutes: number;
}
const localFields = (d: Date): Fields => ({ month: d.getMonth(), day: d.getDate(), year: d.getFullYear(), hours: d.getHours(), minutes: d.getMinutes() });
const utcFields = (d: Date): Fields => ({ month: d.getUTCMonth(), day: d.getUTCDate(), year: d.getUTCFullYear(), hours: d.getUTCHours(), minutes: d.getUTCMinutes() });

/** The hand-written en-US words, exactly Intl's (when.test.ts compares them). */
const byHand: Record<Exclude<Style, 'zoneName' | 'wall'>, (f: Fields) => string> = {
  date: (f) => `${months[f.month]} ${f.day}, ${f.year}`,
  time: (f) => `${f.hours % 12 || 12}:${String(f.minutes).padStart(2, '0')} ${f.hours < 12 ? 'AM' : 'PM'}`,
  dateTime: (f) => `${byHand.date(f)}, ${byHand.time(f)}`,
  monthYear: (f) => `${months[f.month]} ${f.year}`,
};

function write(style: Exclude<Style, 'zoneName' | 'wall'>, value: Moment, clock: Clock): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  // en-US in the runtime's zone or in UTC (a page drawn on the server, app/reader-clock.tsx) needs no formatter.
  if (isUsEnglish(clock.locale) && !clock.timeZone) return byHand[style](localFields(date));
  if (isUsEnglish(clock.locale) && clock.timeZone === 'UTC') return byHand[style](utcFields(date));
  return plainSpaces(formatter(style, clock).format(date));
}

/** A medium date: `Nov 28, 2026` (en-US), `28 Nov 2026` (en-GB); the raw text when it is not a date. */
export const writeDate = (value: Moment, clock: Clock) => write('date', value, clock);

/** A short time: `11:02 PM` (en-US), `23:02` (en-GB); the raw text when it is not a date. */
export const writeTime = (value: Moment, clock: Clock) => write('time', value, clock);

/** A medium date and a short time: `Nov 28, 2026, 11:02 PM` (en-US), `28 Nov 2026, 23:02` (en-GB); the raw text when it is not a date. */
export const writeDateTime = (value: Moment, clock: Clock) => write('dateTime', value, clock);

/** A month and year: `Nov 2026`, as in "Member since Nov 2026"; the raw text when it is not a date. */
export const writeMonthYear = (value: Moment, clock: Clock) => write('monthYear', value, clock);

/** The zone's short name at that moment, as the locale writes it: `EST`, `EDT`, `GMT+5:30`, `CET` (en-GB), `UTC`. */
export function zoneName(value: Moment, clock: Clock): string {
  const parts = formatter('zoneName', clock).formatToParts(asDate(value));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? 'UTC';
}

/** A reader's clock as the server writes for them, what they have not set taken from fallbackClock (UTC, en-US). */
export const clockOrUtc = (clock?: Clock | null): Clock => ({ timeZone: clock?.timeZone || fallbackClock.timeZone, locale: clock?.locale || fallbackClock.locale });

/**
 * A date and time with its zone named, for a reader who may be elsewhere when they read it (an
 * email, a calendar file's description): `Nov 28, 2026, 11:02 PM EST`. Without a zone: UTC.
 */
export function writeDateTimeInZone(value: Moment, clock: Clock): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const zoned = clockOrUtc(clock);
  return `${writeDateTime(date, zoned)} ${zoneName(date, zoned)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAY = 24 * 60 * 60 * 1000;

/** A moment's wall clock in a zone, to the minute, as UTC fields (`Date.UTC` of it); without a zone, the runtime's own, read without Intl. */
function wallOf(date: Date, timeZone: string | null | undefined): number {
  if (!timeZone) return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes());
  const parts = Object.fromEntries(formatter('wall', { timeZone, locale: 'en-US' }).formatToParts(date).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
}

/** How far a zone's wall clock is ahead of UTC at a moment, in minutes (Kolkata: 330). */
const offsetAt = (at: number, timeZone: string | null | undefined) => Math.round((wallOf(new Date(at), timeZone) - Math.floor(at / 60_000) * 60_000) / 60_000);

/** A moment as an `<input type="datetime-local">` holds it, in the clock's zone (`2026-11-25T14:30`); '' when it is not a date. */
export function toWallClock(value: Moment, clock: Clock): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(wallOf(date, clock.timeZone)).toISOString().slice(0, 16);
}

/**
 * What a datetime-local input holds, read in the clock's zone, as the API takes it: ISO with the
 * zone's offset at that moment (`2026-11-25T14:30:00+01:00`); '' for an empty or impossible value. A
 * time the zone skips (the hour clocks spring forward) is the moment the same distance after the
 * change (2:30 that never was is 3:30), as a browser reads it too.
 */
export function fromWallClock(value: string, clock: Clock): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return '';
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const checked = new Date(wall);
  if (Number.isNaN(wall) || checked.getUTCMonth() !== month - 1 || checked.getUTCDate() !== day || hour > 23 || minute > 59) return '';
  // The zone's offsets a day either side: the same but across a change of daylight saving time. A
  // time the clocks fall back over happens twice: the earlier is meant, as a browser reads it.
  const offsets = [offsetAt(wall - DAY, clock.timeZone), offsetAt(wall + DAY, clock.timeZone)];
  const moments = offsets.map((offset) => wall - offset * 60_000).filter((at) => offsetAt(at, clock.timeZone) * 60_000 === wall - at);
  const at = moments.length ? Math.min(...moments) : wall - offsets[0]! * 60_000;
  const offset = offsetAt(at, clock.timeZone);
  const sign = offset >= 0 ? '+' : '-';
  return `${toWallClock(at, clock)}:00${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}
