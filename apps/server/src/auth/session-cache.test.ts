import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.ts';
import { cookieValue, SessionCache } from './session-cache.ts';

const actor = (id: string): Actor => ({ id, name: id, email: `${id}@test.example`, image: null, role: 'buyer', verified: false, emailConfirmed: false, twoFactorEnabled: false });

function cache(ttlMs = 1000, maxEntries = 100) {
  const clock = { now: 0 };
  const c = new SessionCache(ttlMs, maxEntries, () => clock.now);
  c.setEnabled(true);
  return { c, clock };
}

describe('SessionCache', () => {
  it('answers a stored session until its time to live or the session’s own expiry, whichever comes first', () => {
    const { c, clock } = cache(1000);
    c.set('a.sig', { actor: actor('u1'), expiresAt: 10_000 }, c.ticket());
    c.set('b.sig', { actor: actor('u2'), expiresAt: 500 }, c.ticket());
    clock.now = 499;
    expect(c.get('a.sig')?.id).toBe('u1');
    expect(c.get('b.sig')?.id).toBe('u2');
    clock.now = 500;
    expect(c.get('b.sig')).toBeUndefined();
    clock.now = 999;
    expect(c.get('a.sig')?.id).toBe('u1');
    clock.now = 1000;
    expect(c.get('a.sig')).toBeUndefined();
    expect(c.size).toBe(0);
    expect(c.get('never.seen')).toBeUndefined();
    expect([c.hits, c.misses]).toEqual([3, 3]);
  });

  it('counts every lookup while it is off as a miss (the caller asks the database)', () => {
    const off = new SessionCache(0);
    off.setEnabled(true);
    expect(off.get('a.sig')).toBeUndefined();
    expect([off.hits, off.misses]).toEqual([0, 1]);
  });

  it('drops every session of one user and only theirs', () => {
    const { c } = cache();
    c.set('phone', { actor: actor('u1'), expiresAt: 1e12 }, c.ticket());
    c.set('laptop', { actor: actor('u1'), expiresAt: 1e12 }, c.ticket());
    c.set('other', { actor: actor('u2'), expiresAt: 1e12 }, c.ticket());
    c.dropUser('u1');
    expect(c.get('phone')).toBeUndefined();
    expect(c.get('laptop')).toBeUndefined();
    expect(c.get('other')?.id).toBe('u2');
  });

  it('drops the user behind a cookie it knows, nobody for a cookie it does not, and stops fills under way either way', () => {
    const { c } = cache();
    c.set('phone', { actor: actor('u1'), expiresAt: 1e12 }, c.ticket());
    c.set('laptop', { actor: actor('u1'), expiresAt: 1e12 }, c.ticket());
    c.set('other', { actor: actor('u2'), expiresAt: 1e12 }, c.ticket());
    const underWay = c.ticket();
    c.dropUserOf('unknown');
    expect(c.size).toBe(3);
    c.set('late', { actor: actor('u3'), expiresAt: 1e12 }, underWay);
    expect(c.get('late')).toBeUndefined();
    c.dropUserOf('phone');
    expect(c.get('laptop')).toBeUndefined();
    expect(c.get('other')?.id).toBe('u2');
  });

  it('does not store an answer read before a change it heard of while reading', () => {
    const { c } = cache();
    const ticket = c.ticket();
    // ...better-auth reads the session; meanwhile the database announces that user u9 changed...
    c.dropUser('u9');
    c.set('stale', { actor: actor('u1'), expiresAt: 1e12 }, ticket);
    expect(c.get('stale')).toBeUndefined();
    c.set('fresh', { actor: actor('u1'), expiresAt: 1e12 }, c.ticket());
    expect(c.get('fresh')?.id).toBe('u1');
  });

  it('is off until enabled, forgets everything when switched, and is never on with a time to live of 0', () => {
    const off = new SessionCache(1000);
    off.set('k', { actor: actor('u1'), expiresAt: 1e12 }, off.ticket());
    expect(off.get('k')).toBeUndefined();

    const { c } = cache();
    c.set('k', { actor: actor('u1'), expiresAt: 1e12 }, c.ticket());
    c.setEnabled(false);
    expect(c.get('k')).toBeUndefined();
    c.setEnabled(true);
    expect(c.get('k')).toBeUndefined();

    const zero = new SessionCache(0);
    zero.setEnabled(true);
    expect(zero.enabled).toBe(false);
  });

  it('keeps at most maxEntries, dropping the oldest first', () => {
    const { c } = cache(1000, 2);
    for (const k of ['one', 'two', 'three']) c.set(k, { actor: actor(`u-${k}`), expiresAt: 1e12 }, c.ticket());
    expect(c.size).toBe(2);
    expect(c.get('one')).toBeUndefined();
    expect(c.get('three')?.id).toBe('u-three');
    // The dropped entry no longer counts for its user either.
    c.dropUser('u-one');
    expect(c.size).toBe(2);
  });
});

describe('cookieValue', () => {
  it('finds one cookie by its exact name, value as sent', () => {
    const header = 'x.session_token=nope; second-gear.session_token=abc.d%2Bef%3D; other=1';
    expect(cookieValue(header, 'second-gear.session_token')).toBe('abc.d%2Bef%3D');
    expect(cookieValue(header, 'session_token')).toBeUndefined();
    expect(cookieValue(undefined, 'second-gear.session_token')).toBeUndefined();
    expect(cookieValue('garbage', 'second-gear.session_token')).toBeUndefined();
  });
});
