import { describe, expect, it } from 'vitest';
import { sameSitePath } from './return-path.ts';

const origin = 'https://second-gear.example';

describe('the page to come back to after signing in', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(sameSitePath('/cars/5f0c?then=book', origin)).toBe('/cars/5f0c?then=book');
    expect(sameSitePath('/search?make=a&then=save#results', origin)).toBe('/search?make=a&then=save#results');
  });

  it.each([
    ['another site', 'https://evil.example/cars/1'],
    ['a protocol-relative address', '//evil.example/cars/1'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a tab the browser drops', '/\t/evil.example'],
    ['a path that resolves to two slashes', '/.//evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'cars/1'],
    ['nothing', ''],
  ])('ignores %s', (_what, value) => {
    expect(sameSitePath(value, origin)).toBeNull();
  });

  it('ignores no value at all', () => {
    expect(sameSitePath(null, origin)).toBeNull();
  });
});
