import { useEffect, useRef, type ReactNode } from 'react';
import { fallbackClock } from '@second-gear/contract/constants';
import { useAuth } from '../features/auth/index.ts';
import { saveProfile } from '../features/settings/api.ts';
import { announceReaderClock, setReaderClock } from '../lib/format.ts';
import { useBrowserOnly } from '../lib/use-browser-only.ts';
import { browserLocale, browserTimeZone, clockToKeep, readerClockOf } from '../lib/reader-clock.ts';

/**
 * The clock the pages below write dates in (issue 47): the signed-in person's zone and locale, or the
 * browser's. Set while this renders, before the pages do, so that no page writes a date on the
 * previous person's clock; a change of session or of Settings renders this again.
 *
 * Once a person is signed in and the account lacks a zone or a locale (a new account by form or by
 * Google, or an older account's first sign-in), the browser's are kept for it, and the session read
 * again: emails and calendar files then speak the person's time too. A zone chosen in Settings is
 * never replaced (clockToKeep).
 */
export function ReaderClock({ children }: { children: ReactNode }) {
  const { user, refresh } = useAuth();
  // A page the server drew (entry-server.tsx) is drawn, and hydrated, in a clock that knows no
  // reader's zone (UTC, en-US); the reader's own follows at once, and the dates are written again in it.
  setReaderClock(useBrowserOnly() ? readerClockOf(user) : fallbackClock);
  useEffect(announceReaderClock);

  const keptFor = useRef<string | null>(null);
  useEffect(() => {
    if (!user || keptFor.current === user.id) return;
    keptFor.current = user.id;
    const keep = clockToKeep(user, { timeZone: browserTimeZone(), locale: browserLocale() });
    if (!keep) return;
    saveProfile(keep)
      .then(() => refresh())
      // Nothing for the person to do: the next sign-in tries again, and Settings offers the zone.
      .catch((error: unknown) => console.error('Could not keep the browser’s time zone', error));
  }, [user, refresh]);

  return children;
}
