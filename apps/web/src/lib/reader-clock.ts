import type { ProfileBody, SessionUser } from '@second-gear/contract';
import type { Clock } from '@second-gear/contract/constants';

// The clock every page writes dates in (issue 47, "one clock"): the signed-in person's time zone and
// locale as the account keeps them, the browser's for a visitor and for what the account lacks.

/** The browser's language (`en-US`, `en-GB`); read without Intl, so that a first render makes no formatter. */
export const browserLocale = (): string | undefined => (typeof navigator === 'undefined' ? undefined : navigator.language || undefined);

/** The browser's own time zone. Intl's first formatter costs a phone about 45 ms: call it only where a person is signed in or a zone is asked for. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The clock of whoever reads the page: the account's zone and locale when it has them, else the
 * browser's. A zone left unset is the browser's own, which the dates are written in by hand.
 */
export function readerClockOf(user: Pick<SessionUser, 'timeZone' | 'locale'> | null, locale = browserLocale()): Clock {
  return { timeZone: user?.timeZone || undefined, locale: user?.locale || locale };
}

/**
 * What the account is to keep of the browser's clock: only what it has none of, so that a zone the
 * person chose in Settings is never replaced by the browser's (a laptop abroad); null when it has
 * both. The zone and locale are kept once, at sign-up or the first sign-in of an older account.
 */
export function clockToKeep(user: Pick<SessionUser, 'timeZone' | 'locale'>, browser: { timeZone: string; locale: string | undefined }): Pick<ProfileBody, 'timeZone' | 'locale'> | null {
  const keep: Pick<ProfileBody, 'timeZone' | 'locale'> = {};
  if (!user.timeZone) keep.timeZone = browser.timeZone;
  if (!user.locale && browser.locale) keep.locale = browser.locale;
  return Object.keys(keep).length ? keep : null;
}
