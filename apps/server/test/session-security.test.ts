import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defaultWebDist } from '../src/app.ts';
import { createAuth } from '../src/auth/auth.ts';
import { SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_ADDRESS, SIGN_UP_PER_ADDRESS } from '../src/auth/rate-limits.ts';
import { loadConfig } from '../src/config.ts';
import { appHasHeard, as, createTestApp, makeAdmin, ORIGIN, sessionCookie, signUp, type Person, type TestApp } from './harness.ts';
import { nextLoopbackAddress, rawRequest, type RawAnswer } from './raw-http.ts';

/**
 * Sessions, cookies, the failed-sign-in limit and security headers. The authorization
 * matrix (authorization-matrix-*.test.ts) covers who may call what; this file covers the session
 * that says who is calling.
 */

const MAX_FAILURES = SIGN_IN_PER_ACCOUNT.max;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SESSION = 'second-gear.session_token';
const setCookies = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat();
const sessionSetCookie = (res: LightMyRequestResponse, name = SESSION) => {
  const found = setCookies(res).find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in ${JSON.stringify(res.headers)}`);
  return found;
};
const cookieValue = (cookie: string) => cookie.split(';')[0]!.split('=').slice(1).join('=');

function signIn(app: FastifyInstance, email: string, password = 'secret123', origin = ORIGIN, cookie?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin, ...(cookie ? { cookie } : {}) }, payload: { email, password } });
}
const sessionEmail = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { origin: ORIGIN, cookie } })).json()?.user?.email ?? null;
/** A guarded call with this cookie: 200 while the session lives, 401 after. */
const ownOrders = (who: Person, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(who.email)}`, headers: { origin: ORIGIN, cookie } });

describe('session ids', () => {
  it('gives a new session id at every sign-in, and never adopts one the browser already had', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const seen = new Set([cookieValue(buyer.cookie)]);
    for (let i = 0; i < 3; i++) {
      // A cookie planted before the sign-in (session fixation) is replaced, not kept.
      const res = await signIn(t.app, buyer.email, 'secret123', ORIGIN, i === 0 ? `${SESSION}=planted-by-an-attacker` : buyer.cookie);
      expect(res.statusCode).toBe(200);
      const value = cookieValue(sessionCookie(res.headers['set-cookie']));
      expect(value).not.toBe('planted-by-an-attacker');
      expect(seen.has(value), 'a session id given out twice').toBe(false);
      seen.add(value);
      expect(await sessionEmail(`${SESSION}=${value}`)).toBe(buyer.email);
    }
    const { rows } = await t.pool.query('select token from sessions where user_id = $1', [buyer.id]);
    expect(new Set(rows.map((r) => r.token)).size).toBe(rows.length);
  });

  it('kills the old cookie at sign-out, on the server and not only in the browser', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const other = await signIn(t.app, buyer.email);
    const otherDevice = sessionCookie(other.headers['set-cookie']);
    expect((await ownOrders(buyer, buyer.cookie)).statusCode).toBe(200);

    const out = await as(t.app, buyer, { method: 'POST', url: '/api/auth/sign-out' });
    expect(out.statusCode).toBe(200);
    // The browser is told to forget it...
    expect(sessionSetCookie(out)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    // ...and a copy kept by anyone is dead too.
    expect((await ownOrders(buyer, buyer.cookie)).statusCode).toBe(401);
    expect(await sessionEmail(buyer.cookie)).toBeNull();
    // Signing out one device leaves the others signed in.
    expect((await ownOrders(buyer, otherDevice)).statusCode).toBe(200);
  });

  it('kills every cookie of a user the admin deletes, at once', async () => {
    const admin = await makeAdmin(t);
    const seller = await signUp(t.app, 'Seller');
    const second = sessionCookie((await signIn(t.app, seller.email)).headers['set-cookie']);
    const products = (cookie: string) =>
      t.app.inject({ method: 'GET', url: `/api/products?email=${encodeURIComponent(seller.email)}`, headers: { origin: ORIGIN, cookie } });
    expect((await products(seller.cookie)).statusCode).toBe(200);

    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/users/${seller.id}` })).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    for (const cookie of [seller.cookie, second]) {
      expect((await products(cookie)).statusCode).toBe(401);
      expect(await sessionEmail(cookie)).toBeNull();
    }
    expect((await t.pool.query('select 1 from sessions where user_id = $1', [seller.id])).rows).toHaveLength(0);
  });

  it('answers a forged or tampered cookie as no session', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const [token, signature] = cookieValue(buyer.cookie).split('.');
    for (const cookie of [`${SESSION}=${token}`, `${SESSION}=${token}.${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, `${SESSION}=nonsense`]) {
      expect((await ownOrders(buyer, cookie)).statusCode).toBe(401);
    }
  });
});

describe('session lifetime, password changes and the session cache', () => {
  it('leaves signed-in people in the session cache on an anonymous sign-out; a real one ends its session at once', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const key = cookieValue(buyer.cookie);
    expect((await ownOrders(buyer, buyer.cookie)).statusCode).toBe(200);
    expect(t.app.sessions.get(key)).toMatchObject({ email: buyer.email });

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { origin: ORIGIN } });
    expect(anonymous.statusCode).toBe(200);
    expect(t.app.sessions.get(key), 'still cached after an anonymous sign-out').toMatchObject({ email: buyer.email });

    expect((await as(t.app, buyer, { method: 'POST', url: '/api/auth/sign-out' })).statusCode).toBe(200);
    expect(t.app.sessions.get(key)).toBeUndefined();
    expect((await ownOrders(buyer, buyer.cookie)).statusCode).toBe(401);
  });

  it('ends every other session of a person who changes their password, whatever the request asks', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const otherDevice = sessionCookie((await signIn(t.app, buyer.email)).headers['set-cookie']);
    for (const cookie of [buyer.cookie, otherDevice]) expect((await ownOrders(buyer, cookie)).statusCode).toBe(200);

    const res = await as(t.app, buyer, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'secret123', newPassword: 'another-secret-456', revokeOtherSessions: false },
    });
    expect(res.statusCode).toBe(200);
    // This device carries on with a new session; every older cookie is dead, here and on the other device.
    const fresh = sessionCookie(res.headers['set-cookie']);
    expect(await sessionEmail(fresh)).toBe(buyer.email);
    for (const cookie of [buyer.cookie, otherDevice]) {
      expect((await ownOrders(buyer, cookie)).statusCode).toBe(401);
      expect(await sessionEmail(cookie)).toBeNull();
    }
    expect((await signIn(t.app, buyer.email, 'another-secret-456')).statusCode).toBe(200);
  });

  it('ends a session 30 days after it began, however often it is used', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const lifetime = (id: string) =>
      t.pool.query<{ capped: boolean; left_hours: number }>(
        `select expires_at <= created_at + interval '30 days' as capped, (extract(epoch from expires_at - now()) / 3600)::float8 as left_hours from sessions where user_id = $1`,
        [id],
      );
    // Used on its 29th day, when better-auth extends it by 7 days: extended only to its 30th day.
    await t.pool.query(`update sessions set created_at = now() - interval '29 days 12 hours', expires_at = now() + interval '1 hour' where user_id = $1`, [buyer.id]);
    await appHasHeard(t);
    expect(await sessionEmail(buyer.cookie)).toBe(buyer.email);
    const { rows } = await lifetime(buyer.id);
    expect(rows[0]!.capped).toBe(true);
    expect(rows[0]!.left_hours).toBeGreaterThan(11);
    expect(rows[0]!.left_hours).toBeLessThanOrEqual(12);

    // Older than 30 days: refused, whatever its expiry said.
    await t.pool.query(`update sessions set created_at = now() - interval '31 days' where user_id = $1`, [buyer.id]);
    await appHasHeard(t);
    expect(await sessionEmail(buyer.cookie)).toBeNull();
    expect((await ownOrders(buyer, buyer.cookie)).statusCode).toBe(401);
  });
});

describe('cookie flags', () => {
  it('sets the session cookie HttpOnly, SameSite=Lax and Path=/, and not Secure on an http origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Flags', email: `flags-${randomBytes(3).toString('hex')}@test.example`, password: 'secret123', role: 'Buyer' },
    });
    const cookie = sessionSetCookie(res);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    // Every cookie the sign-in sets keeps the same flags.
    for (const c of setCookies(res)) expect(c).toMatch(/HttpOnly/i);
  });

  it('adds Secure (and the __Secure- prefix) when PUBLIC_URL is https, with HSTS', async () => {
    const publicUrl = 'https://shop.second-gear.example';
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent', DEMO_DATA: 'off' });
    const auth = createAuth({ pool: t.pool, secret: randomBytes(32).toString('hex'), publicUrl });
    const app = await buildApp({ config, pool: t.pool, auth, images: t.app.images });
    await app.ready();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: publicUrl },
        payload: { name: 'Secure', email: `secure-${randomBytes(3).toString('hex')}@test.example`, password: 'secret123', role: 'Buyer' },
      });
      expect(res.statusCode).toBe(200);
      const cookie = sessionSetCookie(res, `__Secure-${SESSION}`);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(health.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
    }
  });
});

describe('origins in development', () => {
  it('accepts sign-ins from both http://localhost:PORT and http://127.0.0.1:PORT while PUBLIC_URL is unset, and no other origin', async () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: t.dataDir, PORT: '3000', LOG_LEVEL: 'silent', DEMO_DATA: 'off' });
    const auth = createAuth({ pool: t.pool, secret: randomBytes(32).toString('hex'), publicUrl: config.publicUrl, trustedOrigins: config.trustedOrigins });
    const app = await buildApp({ config, pool: t.pool, auth, images: t.app.images });
    await app.ready();
    try {
      const buyer = await signUp(t.app, 'Buyer');
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
        const res = await signIn(app, buyer.email, 'secret123', origin);
        expect(res.statusCode, origin).toBe(200);
        expect(sessionSetCookie(res)).toBeTruthy();
      }
      expect((await signIn(app, buyer.email, 'secret123', 'http://127.0.0.1:4000')).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});

describe('the failed-sign-in limit', () => {
  // Each test signs in from an address of its own, so that the per-address count is its own too.
  const attempt = (from: string, email: string, password = 'secret123') =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: from, headers: { origin: ORIGIN }, payload: { email, password } });

  it(`answers 429 after ${MAX_FAILURES} failures, even to the right password, and only for that account`, async () => {
    expect(MAX_FAILURES).toBe(5);
    const victim = await signUp(t.app, 'Buyer');
    const bystander = await signUp(t.app, 'Buyer');
    const from = nextLoopbackAddress();
    for (let i = 0; i < MAX_FAILURES; i++) expect((await attempt(from, victim.email, `wrong-${i}`)).statusCode).toBe(401);

    const blocked = await attempt(from, victim.email, 'wrong-again');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: expect.stringMatching(/Too many failed sign-in attempts/) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The right password does not get through while blocked, and no session is given.
    const right = await attempt(from, victim.email.toUpperCase());
    expect(right.statusCode).toBe(429);
    expect(setCookies(right).some((c) => c.startsWith(`${SESSION}=`) && !/Max-Age=0/i.test(c))).toBe(false);
    // Someone else signs in as usual.
    expect((await attempt(from, bystander.email)).statusCode).toBe(200);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const from = nextLoopbackAddress();
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await attempt(from, buyer.email, 'wrong')).statusCode).toBe(401);
    expect((await attempt(from, buyer.email)).statusCode).toBe(200);
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await attempt(from, buyer.email, 'wrong')).statusCode).toBe(401);
    expect((await attempt(from, buyer.email)).statusCode).toBe(200);
  });
});

describe('the failed-sign-in limit whatever the request target looks like', () => {
  // Over a real socket: app.inject and fetch would normalise these targets before the server saw them.
  let live: TestApp;
  beforeAll(async () => {
    live = await createTestApp({ listen: true });
  });
  afterAll(() => live.close());

  /** Request targets that are not in canonical form: refused with a 400 before anything reads them. */
  const nonCanonical = [
    '/api/auth/x/../sign-in/email',
    '/api/auth/./sign-in/email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/%2E%2E/auth/sign-in/email',
    '/api/auth/x/%2e%2e/sign-in/email',
    '/api/auth/x/.%2E/sign-in/email',
    '/api/auth/sign-in%2femail',
    '/api/auth/sign-in%2Femail',
    '/api/auth/sign-in%5cemail',
    '/api/auth/sign-in%5Cemail',
    '/api/auth/sign-in\\email',
    '/api/auth/x\\..\\sign-in/email',
    '/api/auth//sign-in/email',
    '/api/auth/sign-in//email',
    '/api/auth/sign-in/email/.',
    '/api/auth/sign-in/email/..',
    '/api/auth/sign-in/email#x',
  ];
  /** Other shapes better-auth might route to sign-in: it counts them, or does not route them (404). */
  const otherShapes = ['/api/auth/sign-in/email?x=1', '/api/auth/sign-in/email/', '/api/auth/SIGN-IN/email', '/api/auth/sign-in/EMAIL', '/api/auth/sign-in/%65mail'];

  const signInAt = (target: string, email: string, password: string, localAddress: string) =>
    rawRequest(live.origin, {
      method: 'POST',
      target,
      localAddress,
      headers: { origin: live.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  const givesSession = (res: RawAnswer) => [res.headers['set-cookie'] ?? []].flat().some((c) => c.startsWith(`${SESSION}=`) && !/Max-Age=0/i.test(c));

  it('refuses every non-canonical /api/auth and /api/test-idp target with a 400 in the contract shape, even before any failure', async () => {
    const person = await signUp(live.app, 'Buyer', { password: 'rightpass' });
    const from = nextLoopbackAddress();
    for (const target of nonCanonical) {
      const res = await signInAt(target, person.email, 'rightpass', from);
      expect(res.status, target).toBe(400);
      expect(res.json(), target).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
      expect(givesSession(res), target).toBe(false);
    }
    for (const target of ['/api/test-idp/x/../.well-known/openid-configuration', '/api/test-idp/%2e/jwks', '/api/auth/x/../get-session', '/api/auth/google/done/..']) {
      expect((await rawRequest(live.origin, { target })).status, target).toBe(400);
    }
  });

  it(`gives no session to the right password after ${MAX_FAILURES} failures, whatever the target`, async () => {
    const person = await signUp(live.app, 'Buyer', { password: 'rightpass' });
    const from = nextLoopbackAddress();
    for (let i = 0; i < MAX_FAILURES; i++) expect((await signInAt('/api/auth/sign-in/email', person.email, `wrong-${i}`, from)).status).toBe(401);
    for (const target of ['/api/auth/sign-in/email', ...nonCanonical, ...otherShapes]) {
      const res = await signInAt(target, person.email, 'rightpass', from);
      expect([400, 404, 429], `${target} → ${res.status}`).toContain(res.status);
      expect(givesSession(res), target).toBe(false);
    }
  });

  it('counts failures made through every target better-auth routes to sign-in', async () => {
    const person = await signUp(live.app, 'Buyer', { password: 'rightpass' });
    const from = nextLoopbackAddress();
    for (let i = 0; i < MAX_FAILURES; i++) expect((await signInAt(`/api/auth/sign-in/email?attempt=${i}`, person.email, `wrong-${i}`, from)).status).toBe(401);
    expect((await signInAt('/api/auth/sign-in/email', person.email, 'rightpass', from)).status).toBe(429);
  });
});

describe('limits per client address, across e-mails and processes', () => {
  const attempt = (from: string, email: string, password = 'secret123') =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: from, headers: { origin: ORIGIN }, payload: { email, password } });
  const signUpFrom = (from: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: from,
      headers: { origin: ORIGIN },
      payload: { name: 'Flood', email: `flood-${randomBytes(4).toString('hex')}@test.example`, password: 'secret123', role: 'Buyer' },
    });
  /** Failed sign-ins for as many different e-mails (password spraying). */
  async function spray(from: string, count: number) {
    for (let i = 0; i < count; i++) expect((await attempt(from, `sprayed-${i}-${randomBytes(3).toString('hex')}@test.example`, 'guess')).statusCode).toBe(401);
  }

  it(`answers 429 after ${SIGN_IN_PER_ADDRESS.max} failed sign-ins from one address, whatever the e-mails; another address is unaffected`, async () => {
    expect(SIGN_IN_PER_ADDRESS).toEqual({ max: 20, minutes: 15 });
    const person = await signUp(t.app, 'Buyer');
    await spray('198.51.100.20', SIGN_IN_PER_ADDRESS.max);
    const blocked = await attempt('198.51.100.20', person.email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The person themselves, from elsewhere, signs in as usual.
    expect((await attempt('198.51.100.21', person.email)).statusCode).toBe(200);
  });

  it('counts IPv6 clients by their /64 (and IPv4-mapped addresses as IPv4)', async () => {
    const person = await signUp(t.app, 'Buyer');
    await spray('2001:db8:aa:1::1', SIGN_IN_PER_ADDRESS.max / 2);
    await spray('2001:db8:aa:1:ffff:ffff:ffff:fffe', SIGN_IN_PER_ADDRESS.max / 2);
    expect((await attempt('2001:db8:aa:1::9', person.email)).statusCode).toBe(429);
    expect((await attempt('2001:db8:aa:2::1', person.email)).statusCode).toBe(200);

    await spray('::ffff:198.51.100.30', SIGN_IN_PER_ADDRESS.max);
    expect((await attempt('198.51.100.30', person.email)).statusCode).toBe(429);
    // Forty failed sign-ins, each hashing a password: minutes on a busy machine, not the default 30 s.
  }, 120_000);

  it(`answers 429 after ${SIGN_UP_PER_ADDRESS.max} sign-ups from one address in an hour; another address signs up`, async () => {
    expect(SIGN_UP_PER_ADDRESS).toEqual({ max: 10, minutes: 60 });
    for (let i = 0; i < SIGN_UP_PER_ADDRESS.max; i++) expect((await signUpFrom('198.51.100.40')).statusCode).toBe(200);
    const flood = await signUpFrom('198.51.100.40');
    expect(flood.statusCode).toBe(429);
    expect(flood.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: expect.stringMatching(/Too many accounts/) });
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
    expect(setCookies(flood)).toEqual([]);
    expect((await signUpFrom('198.51.100.41')).statusCode).toBe(200);
  });

  it('deletes counts whose window has ended', async () => {
    await spray('198.51.100.50', 2);
    const keys = (await t.pool.query<{ key: string }>(`select key from auth_rate_limits where key like '%198.51.100.50%'`)).rows.map((r) => r.key);
    expect(keys).toHaveLength(3); // two e-mails from the address, and the address
    await t.pool.query(`update auth_rate_limits set window_ends_at = now() - interval '1 second' where key = any($1)`, [keys]);
    await spray('198.51.100.51', 1);
    expect((await t.pool.query('select key from auth_rate_limits where key = any($1)', [keys])).rows).toEqual([]);
  });

  it('hashes a bounded number of passwords at once and answers the rest 503 with Retry-After', async () => {
    // An app whose cap is tiny: one hash at a time, one waiting.
    const auth = createAuth({ pool: t.pool, secret: randomBytes(32).toString('hex'), publicUrl: ORIGIN, passwordHashing: { concurrent: 1, queued: 1 } });
    const app = await buildApp({ config: t.app.config, pool: t.pool, auth, images: t.app.images });
    await app.ready();
    try {
      const person = await signUp(t.app, 'Buyer');
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: `203.0.113.${100 + i}`, headers: { origin: ORIGIN }, payload: { email: person.email, password: i % 2 ? 'secret123' : 'wrong' } }),
        ),
      );
      const busy = answers.filter((r) => r.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      for (const res of busy) {
        expect(res.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable', message: expect.stringMatching(/busy/) });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      for (const res of answers.filter((r) => r.statusCode !== 503)) expect([200, 401]).toContain(res.statusCode);
      // A refusal for being busy is not a failed sign-in: nothing is counted against those addresses.
      const counted = await t.pool.query<{ n: number }>(`select coalesce(sum(hits), 0)::int as n from auth_rate_limits where key like 'sign-in:203.0.113.%' and key not like '%@%'`);
      expect(counted.rows[0]!.n).toBe(answers.filter((r) => r.statusCode === 401).length);
    } finally {
      await app.close();
    }
  });
});

describe('security headers', () => {
  function expectSecurityHeaders(res: LightMyRequestResponse) {
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)default-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|;)frame-ancestors 'none'(;|$)/);
    expect(csp).toMatch(/(^|;)script-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|;)object-src 'none'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // same-origin-allow-popups: the Google sign-in popup reports back to its opener.
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-powered-by']).toBeUndefined();
  }

  it('sends them on API answers, refusals and errors alike', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/advertisement/products' }),
      await t.app.inject({ method: 'GET', url: '/api/reports' }),
      await as(t.app, buyer, { method: 'GET', url: '/api/reports' }),
      await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId: 'nope' } }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/get-session' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 403, 400, 404, 200]);
    for (const res of answers) expectSecurityHeaders(res);
  });

  it("sends them on the web app's index.html", async (ctx) => {
    if (!fs.existsSync(path.join(defaultWebDist, 'index.html'))) {
      // npm test runs Vitest before `npm run build`; a fresh clone has no built web app yet.
      ctx.skip(`apps/web/dist/index.html is not built (run \`npm run build\`), so there is no index.html to check`);
    }
    const app = await buildApp({ config: t.app.config, pool: t.pool, auth: t.app.auth, images: t.app.images, webDist: defaultWebDist });
    await app.ready();
    try {
      for (const url of ['/', '/dashboard/my-orders']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toMatch(/<div id="root">/);
        expectSecurityHeaders(res);
      }
    } finally {
      await app.close();
    }
  });
});

describe('requests from other sites and forged client addresses', () => {
  it('refuses a sign-in posted from another origin (CSRF) and keeps the session unchanged', async () => {
    const person = await signUp(t.app, 'Buyer', { password: 'rightpass' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: person.email, password: 'rightpass' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('does not believe X-Forwarded-For by default: a new address per try does not escape the sign-in limit', async () => {
    const person = await signUp(t.app, 'Buyer', { password: 'rightpass' });
    for (let i = 0; i < MAX_FAILURES; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN, 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: person.email, password: `wrong-${i}` },
      });
    }
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN, 'x-forwarded-for': '198.51.100.77' },
      payload: { email: person.email, password: 'rightpass' },
    });
    expect(next.statusCode).toBe(429);
  });
});
