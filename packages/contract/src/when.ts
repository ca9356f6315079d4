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
type Style = 'date' | 'time' | 'dateTime' | 'monthYear' | 'zoneName';

const styles: Record<Style, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  monthYear: { month: 'short', year: 'numeric' },
  zoneName: { hour: 'numeric', timeZoneName: 'short' },
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

/** The hand-written en-US words in the runtime's own zone, exactly Intl's (when.test.ts compares them). */
const byHand: Record<Exclude<Style, 'zoneName'>, (d: Date) => string> = {
  date: (d) => `${months[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`,
  time: (d) => `${d.getHours() % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${d.getHours() < 12 ? 'AM' : 'PM'}`,
  dateTime: (d) => `${byHand.date(d)}, ${byHand.time(d)}`,
  monthYear: (d) => `${months[d.getMonth()]} ${d.getFullYear()}`,
};

function write(style: Exclude<Style, 'zoneName'>, value: Moment, clock: Clock): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  if (!clock.timeZone && isUsEnglish(clock.locale)) return byHand[style](date);
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
