import { describe, expect, it } from 'vitest';
import { clockToKeep } from './reader-clock.ts';

// What the app keeps of the browser's clock once a person is signed in (app/reader-clock.tsx).
const browser = { timeZone: 'America/Chicago', locale: 'en-US' };

describe('clockToKeep', () => {
  it('keeps the browser’s zone and locale for an account that has neither (a new one, or an older one’s first sign-in)', () => {
    expect(clockToKeep({ timeZone: null, locale: null }, browser)).toEqual({ timeZone: 'America/Chicago', locale: 'en-US' });
    expect(clockToKeep({}, browser)).toEqual({ timeZone: 'America/Chicago', locale: 'en-US' });
  });

  it('never replaces a zone the person chose in Settings: only the missing locale is kept', () => {
    expect(clockToKeep({ timeZone: 'Europe/Lisbon', locale: null }, browser)).toEqual({ locale: 'en-US' });
  });

  it('keeps nothing for an account that has both, nor a locale the browser does not tell', () => {
    expect(clockToKeep({ timeZone: 'Europe/Lisbon', locale: 'en-GB' }, browser)).toBeNull();
    expect(clockToKeep({ timeZone: 'Europe/Lisbon', locale: null }, { timeZone: 'UTC', locale: undefined })).toBeNull();
  });
});
