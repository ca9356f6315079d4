import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_FIRST } from './admin-two-factor.ts';
import { CODES_PER_ACCOUNT, CODES_PER_ADDRESS } from './rate-limits.ts';
import { appHasHeard, as, createTestApp, ORIGIN, sessionCookie, signUp, type Person, type TestApp } from '../../test/harness.ts';
import { nextLoopbackAddress } from '../../test/raw-http.ts';
import { codeNow, secretOf, turnOnTwoFactor } from '../../test/two-factor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Cookies = string | undefined;

/** The `name=value` of every cookie an answer sets (an expired one included). */
function cookiesOf(setCookie: string | string[] | undefined): Map<string, string> {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return new Map(all.map((c) => [c.slice(0, c.indexOf('=')), c.split(';')[0]!]));
}

const post = (url: string, payload: unknown, cookie: Cookies, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, remoteAddress });

/** A password sign-in from its own address; answers the response and the challenge cookie, if any. */
async function signIn(person: Person, { password = 'secret123', cookie, remoteAddress = nextLoopbackAddress() }: { password?: string; cookie?: string; remoteAddress?: string } = {}) {
  const res = await post('/api/auth/sign-in/email', { email: person.email, password }, cookie, remoteAddress);
  const challenge = cookiesOf(res.headers['set-cookie']).get('second-gear.two_factor');
  return { res, challenge };
}

const status = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/two-factor', headers: { cookie } })).json<Record<string, boolean>>();
const sessionOf = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json<{ user: { email: string } } | null>();

describe('turning two-factor sign-in on', () => {
  it('asks for the password, shows the app’s address and ten backup codes, and is on only once a first code confirms it', async () => {
    const person = await signUp(t.app, 'Buyer');
    expect(await status(person.cookie)).toEqual({ enabled: false, required: false, passwordSignIn: true });

    const wrongPassword = await post('/api/auth/two-factor/enable', { password: 'not-it' }, person.cookie);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ statusCode: 400, code: 'INVALID_PASSWORD' });

    const enabled = await post('/api/auth/two-factor/enable', { password: 'secret123' }, person.cookie);
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Second%20Gear:/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Second Gear');
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Begun, not on: a sign-in still needs only the password.
    expect(await status(person.cookie)).toMatchObject({ enabled: false });
    expect((await signIn(person)).challenge).toBeUndefined();

    const wrongCode = await post('/api/auth/two-factor/verify-totp', { code: '000000' }, person.cookie);
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json()).toMatchObject({ message: 'Invalid code' });

    const confirmed = await post('/api/auth/two-factor/verify-totp', { code: await codeNow(secretOf(totpURI)) }, person.cookie);
    expect(confirmed.statusCode).toBe(200);
    const cookie = sessionCookie(confirmed.headers['set-cookie']);
    expect(await status(cookie)).toEqual({ enabled: true, required: false, passwordSignIn: true });
    // The secret and the codes are stored encrypted, never as shown.
    const { rows } = await t.pool.query<{ secret: string; backup_codes: string }>('select secret, backup_codes from two_factors where user_id = $1', [person.id]);
    expect(rows[0]!.secret).not.toContain(new URL(totpURI).searchParams.get('secret'));
    expect(rows[0]!.backup_codes).not.toContain(backupCodes[0]);
  });

  it('cannot be turned on by an account that signs in with Google only, nor without a session', async () => {
    const person = await signUp(t.app, 'Buyer');
    await t.pool.query(`delete from accounts where user_id = $1 and provider_id = 'credential'`, [person.id]);
    await t.pool.query(`insert into accounts (id, account_id, provider_id, user_id) values (gen_random_uuid()::text, $1, 'google', $1)`, [person.id]);
    expect(await status(person.cookie)).toEqual({ enabled: false, required: false, passwordSignIn: false });
    expect((await post('/api/auth/two-factor/enable', { password: 'anything' }, person.cookie)).statusCode).toBe(400);
    expect((await post('/api/auth/two-factor/enable', { password: 'secret123' }, undefined)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/two-factor' })).statusCode).toBe(401);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('answers the password with a challenge, not a session, and signs in with the app’s code', async () => {
    const { person, secret } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Seller'));
    const { res, challenge } = await signIn(person);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(cookiesOf(res.headers['set-cookie']).get('second-gear.session_token')).toMatch(/^second-gear\.session_token=$/);
    expect(challenge).toBeDefined();
    // The challenge is not a session.
    expect(await sessionOf(challenge!)).toBeNull();

    const verified = await post('/api/auth/two-factor/verify-totp', { code: await codeNow(secret) }, challenge);
    expect(verified.statusCode).toBe(200);
    expect(await sessionOf(sessionCookie(verified.headers['set-cookie']))).toMatchObject({ user: { email: person.email } });
    // The challenge is used up.
    expect((await post('/api/auth/two-factor/verify-totp', { code: await codeNow(secret) }, challenge)).statusCode).toBe(401);
  });

  it('takes each backup code once', async () => {
    const { person, backupCodes } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Buyer'));
    const first = await signIn(person);
    const used = await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, first.challenge);
    expect(used.statusCode).toBe(200);
    expect(await sessionOf(sessionCookie(used.headers['set-cookie']))).toMatchObject({ user: { email: person.email } });

    const second = await signIn(person);
    const again = await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, second.challenge);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: 'Invalid backup code' });
    expect((await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] }, second.challenge)).statusCode).toBe(200);
  });

  it('remembers a device for 30 days when asked, and only that device', async () => {
    const { person, secret } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Buyer'));
    const { challenge } = await signIn(person);
    const verified = await post('/api/auth/two-factor/verify-totp', { code: await codeNow(secret), trustDevice: true }, challenge);
    const trust = [...verified.headers['set-cookie']!].find((c) => c.startsWith('second-gear.trust_device='));
    expect(trust).toMatch(/Max-Age=2592000/);
    expect(trust).toMatch(/HttpOnly/);

    const remembered = await signIn(person, { cookie: trust!.split(';')[0] });
    expect(remembered.challenge).toBeUndefined();
    expect(await sessionOf(sessionCookie(remembered.res.headers['set-cookie']))).toMatchObject({ user: { email: person.email } });
    // Another browser is asked for the code.
    expect((await signIn(person)).challenge).toBeDefined();
  });

  it('gives new backup codes for the password, and the old ones stop working', async () => {
    const { person, backupCodes } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Buyer'));
    expect((await post('/api/auth/two-factor/generate-backup-codes', { password: 'wrong-one' }, person.cookie)).statusCode).toBe(400);
    const renewed = await post('/api/auth/two-factor/generate-backup-codes', { password: 'secret123' }, person.cookie);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ backupCodes: string[] }>().backupCodes;
    expect(fresh).toHaveLength(10);
    const { challenge } = await signIn(person);
    expect((await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, challenge)).statusCode).toBe(401);
    expect((await post('/api/auth/two-factor/verify-backup-code', { code: fresh[0] }, challenge)).statusCode).toBe(200);
  });

  it('turns off with the password only; then the password alone signs in', async () => {
    const { person } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Buyer'));
    expect((await post('/api/auth/two-factor/disable', { password: 'wrong-one' }, person.cookie)).statusCode).toBe(400);
    const off = await post('/api/auth/two-factor/disable', { password: 'secret123' }, person.cookie);
    expect(off.statusCode).toBe(200);
    expect(await status(sessionCookie(off.headers['set-cookie']))).toMatchObject({ enabled: false });
    const { res, challenge } = await signIn(person);
    expect(challenge).toBeUndefined();
    expect(res.json()).toMatchObject({ user: { email: person.email } });
    expect((await t.pool.query('select 1 from two_factors where user_id = $1', [person.id])).rowCount).toBe(0);
  });
});

describe('wrong codes', () => {
  it(`locks the account’s codes for 15 minutes after ${CODES_PER_ACCOUNT.max} wrong ones, from any address, saying when to try again`, async () => {
    const { person, secret, backupCodes } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Buyer'));
    const { challenge } = await signIn(person);
    for (let i = 0; i < CODES_PER_ACCOUNT.max; i++) {
      const wrong = await post(i % 2 ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code', { code: i % 2 ? '000000' : 'wrong-code' }, challenge, nextLoopbackAddress());
      expect(wrong.statusCode).toBe(401);
    }
    // Even the right code, and a backup code, from another address and another sign-in.
    const later = await signIn(person);
    for (const [url, code] of [
      ['/api/auth/two-factor/verify-totp', await codeNow(secret)],
      ['/api/auth/two-factor/verify-backup-code', backupCodes[0]],
    ] as const) {
      const refused = await post(url, { code }, later.challenge, nextLoopbackAddress());
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('900');
      expect(refused.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'Too many wrong codes. Try again in 15 minutes.', code: 'TOO_MANY_REQUESTS' });
    }
    // The same after the window: a right code clears the account's count.
    await t.pool.query(`update auth_rate_limits set window_ends_at = now() where key = $1`, [`two-factor:${person.id}`]);
    expect((await post('/api/auth/two-factor/verify-totp', { code: await codeNow(secret) }, later.challenge, nextLoopbackAddress())).statusCode).toBe(200);
    expect((await t.pool.query(`select 1 from auth_rate_limits where key = $1`, [`two-factor:${person.id}`])).rowCount).toBe(0);
  });

  it(`refuses codes from a client address after ${CODES_PER_ADDRESS.max} wrong ones for any accounts`, async () => {
    const { person, secret } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Buyer'));
    const address = nextLoopbackAddress();
    await t.pool.query(`insert into auth_rate_limits (key, hits, window_ends_at) values ($1, $2, now() + interval '15 minutes')`, [`two-factor:${address}`, CODES_PER_ADDRESS.max]);
    const { challenge } = await signIn(person);
    const refused = await post('/api/auth/two-factor/verify-totp', { code: await codeNow(secret) }, challenge, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many wrong codes\. Try again in 1[45] minutes\.$/);
    expect((await post('/api/auth/two-factor/verify-totp', { code: await codeNow(secret) }, challenge, nextLoopbackAddress())).statusCode).toBe(200);
  });

  it('refuses bad input with a 400 and a code without a sign-in waiting for it with a 401, counting neither', async () => {
    const { person } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Buyer'));
    const { challenge } = await signIn(person);
    for (const payload of [{}, { code: 123456 }, { code: ['1'] }, { code: '123456', trustDevice: 'yes' }]) {
      expect((await post('/api/auth/two-factor/verify-totp', payload, challenge)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post('/api/auth/two-factor/verify-totp', { code: '123456' }, undefined)).statusCode).toBe(401);
    expect((await post('/api/auth/two-factor/verify-totp', { code: '123456' }, 'second-gear.two_factor=forged')).statusCode).toBe(401);
    expect((await t.pool.query(`select hits from auth_rate_limits where key = $1`, [`two-factor:${person.id}`])).rows).toEqual([{ hits: 0 }]);
    // Codes by email or text message are not offered.
    expect((await post('/api/auth/two-factor/send-otp', {}, challenge)).statusCode).toBe(404);
    expect((await post('/api/auth/two-factor/verify-otp', { code: '123456' }, challenge)).statusCode).toBe(404);
    // Enabling twice, or new codes without it on.
    expect((await post('/api/auth/two-factor/enable', { password: 'secret123' }, person.cookie)).statusCode).toBe(400);
    const without = await signUp(t.app, 'Buyer');
    expect((await post('/api/auth/two-factor/generate-backup-codes', { password: 'secret123' }, without.cookie)).statusCode).toBe(400);
  });
});

describe('admins need two-factor sign-in', () => {
  const allSellers = (app: TestApp, who: Person) => as(app.app, who, { method: 'GET', url: '/api/users/allseller' });

  async function promoted(app: TestApp, email?: string): Promise<Person> {
    const person = await signUp(app.app, 'Buyer', email ? { email } : {});
    await app.pool.query(`update users set role = 'admin' where id = $1`, [person.id]);
    await appHasHeard(app);
    return person;
  }

  it('in production: every admin, the demo admin’s address included, is refused admin calls until it is on', async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', AUTH_SECRET: randomBytes(32).toString('hex'), PAYMENTS: 'test', ALLOW_TEST_PAYMENTS: 'on', DEMO_DATA: 'on' },
    });
    try {
      expect(prod.app.config.adminTwoFactorExempt).toEqual([]);
      for (const admin of [await promoted(prod), await promoted(prod, 'admin@demo.test')]) {
        const refused = await allSellers(prod, admin);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: TWO_FACTOR_FIRST });
        expect((await as(prod.app, admin, { method: 'GET', url: '/api/two-factor' })).json()).toEqual({ enabled: false, required: true, passwordSignIn: true });
        // What is not an admin call stays open: the role lookup the web app asks first.
        expect((await as(prod.app, admin, { method: 'GET', url: `/api/users/admin/${admin.email}` })).json()).toEqual({ isAdmin: true });

        const { person } = await turnOnTwoFactor(prod.app, admin);
        expect((await allSellers(prod, person)).statusCode).toBe(200);
        expect((await as(prod.app, person, { method: 'GET', url: '/api/two-factor' })).json()).toEqual({ enabled: true, required: false, passwordSignIn: true });
      }
    } finally {
      await prod.close();
    }
  });

  it('in development and test: the demo admin is exempt while the demo data has its published password; every other admin is not', async () => {
    const dev = await createTestApp({ env: { NODE_ENV: 'development', DEMO_DATA: 'on' } });
    try {
      expect(dev.app.config.adminTwoFactorExempt).toEqual(['admin@demo.test']);
      expect((await allSellers(dev, await promoted(dev, 'admin@demo.test'))).statusCode).toBe(200);
      const other = await promoted(dev);
      expect((await allSellers(dev, other)).statusCode).toBe(403);
    } finally {
      await dev.close();
    }
    // This file's app (NODE_ENV=test, no demo data) exempts nobody.
    expect(t.app.config.adminTwoFactorExempt).toEqual([]);
    expect((await allSellers(t, await promoted(t))).json()).toMatchObject({ message: TWO_FACTOR_FIRST });
  });
});
