import { describe, expect, it } from 'vitest';
import { nearCookie, nearCookieLine, nearFromCookies } from './kept-near.ts';

/** What a browser sends back of the line `document.cookie` was given: its name and value. */
const sentBack = (line: string) => line.split(';')[0]!;

describe("a visitor's Near and Distance kept in a cookie", () => {
  it('come back as they were kept, among other cookies, and are forgotten with the Near', () => {
    const line = nearCookieLine({ nearZip: '78701', searchRadius: 50 }, false);
    expect(line).toMatch(/; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(nearFromCookies(`sg.session=abc; ${sentBack(line)}; other=1`)).toEqual({ nearZip: '78701', searchRadius: 50 });
    expect(nearFromCookies(sentBack(nearCookieLine({ nearZip: '78701', searchRadius: null }, false)))).toEqual({ nearZip: '78701', searchRadius: null });
    expect(nearCookieLine({ nearZip: null, searchRadius: null }, false)).toBe(`${nearCookie}=; Max-Age=0; Path=/; SameSite=Lax`);
    expect(nearFromCookies(`${nearCookie}=`)).toEqual({ nearZip: null, searchRadius: null });
  });

  it('are sent only over HTTPS on a site served over it', () => {
    expect(nearCookieLine({ nearZip: '78701', searchRadius: 50 }, true)).toMatch(/; Secure$/);
  });

  it('ignore what is none of the choices (another version’s, or written by hand)', () => {
    const cookie = (value: string) => `${nearCookie}=${encodeURIComponent(value)}`;
    expect(nearFromCookies(cookie('{"nearZip":"7870","searchRadius":50}'))).toEqual({ nearZip: null, searchRadius: null });
    expect(nearFromCookies(cookie('{"nearZip":"78701","searchRadius":30}'))).toEqual({ nearZip: '78701', searchRadius: null });
    expect(nearFromCookies(cookie('not json'))).toEqual({ nearZip: null, searchRadius: null });
    expect(nearFromCookies(`${nearCookie}=%E0%A4%A`)).toEqual({ nearZip: null, searchRadius: null });
    // A cookie whose name only starts like it is another's.
    expect(nearFromCookies(`${nearCookie}x=${encodeURIComponent('{"nearZip":"78701","searchRadius":50}')}`)).toEqual({ nearZip: null, searchRadius: null });
  });

  it('are nothing where no cookie came', () => {
    expect(nearFromCookies(undefined)).toEqual({ nearZip: null, searchRadius: null });
    expect(nearFromCookies('')).toEqual({ nearZip: null, searchRadius: null });
  });
});
