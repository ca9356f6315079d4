import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_PER_ACCOUNT } from './rate-limits.ts';
import { as, createTestApp, ORIGIN, sessionCookie, signUp, type TestApp } from '../../test/harness.ts';
import { nextLoopbackAddress } from '../../test/raw-http.ts';

const MAX_FAILURES = SIGN_IN_PER_ACCOUNT.max;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Sign-ups are limited per client address: each from an address of its own.
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, ...headers }, ...(url.endsWith('/sign-up/email') ? { remoteAddress: nextLoopbackAddress() } : {}) });

const count = async (sql: string, params: unknown[]) => (await t.pool.query(sql, params)).rows[0].n as number;

describe('sign-up', () => {
  it('creates the account with its role, photo and an HttpOnly session cookie', async () => {
    const res = await post('/api/auth/sign-up/email', {
      name: 'Sally Seller',
      email: 'Sally@Test.Example',
      password: 'secret123',
      image: 'https://example.com/sally.png',
      role: 'Seller',
    });
    expect(res.statusCode).toBe(200);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('second-gear.session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const { rows } = await t.pool.query('select name, email, image, role, verified from users where email = $1', ['sally@test.example']);
    expect(rows).toEqual([{ name: 'Sally Seller', email: 'sally@test.example', image: 'https://example.com/sally.png', role: 'seller', verified: false }]);
    expect(res.body).not.toContain('password');
  });

  it.each([
    ['Admin', /Buyer or Seller/],
    ['admin', /Buyer or Seller/],
    [undefined, /Buyer or Seller/],
  ])('refuses role %s with 400 and stores nothing', async (role, message) => {
    const email = `role-${String(role)}@test.example`;
    const res = await post('/api/auth/sign-up/email', { name: 'Mallory', email, password: 'secret123', role });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await count('select count(*)::int as n from users where email = $1', [email])).toBe(0);
  });

  it.each([
    [{ password: 'short' }, /password/i],
    [{ name: 'x'.repeat(101) }, /Name must be at most 100/],
    [{ name: '   ' }, /Name is required/],
    [{ image: 'javascript:alert(1)' }, /Photo URL/],
    [{ image: `https://example.com/${'x'.repeat(2100)}` }, /Photo URL/],
    [{ email: 'not-an-email' }, /email/i],
  ])('refuses bad input %o with a 4xx and stores nothing', async (bad, message) => {
    const email = (bad as { email?: string }).email ?? `bad-${Math.random().toString(36).slice(2)}@test.example`;
    const res = await post('/api/auth/sign-up/email', { name: 'Val', email, password: 'secret123', role: 'Buyer', ...bad });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toMatch(message);
    expect(await count('select count(*)::int as n from users where email = $1', [email])).toBe(0);
  });

  it('refuses a second account with the same email', async () => {
    await signUp(t.app, 'Buyer', { email: 'twice@test.example' });
    const res = await post('/api/auth/sign-up/email', { name: 'Again', email: 'TWICE@test.example', password: 'secret123', role: 'Seller' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/already exists/i);
    expect(await count('select count(*)::int as n from users where email = $1', ['twice@test.example'])).toBe(1);
  });

  it('leaves no half-made account when storing the password fails', async () => {
    // Make the second write of the sign-up (the credential account) fail inside the database.
    await t.pool.query(`
      create function fail_account() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$;
      create trigger fail_account before insert on accounts for each row execute function fail_account();`);
    try {
      const res = await post('/api/auth/sign-up/email', { name: 'Half', email: 'half@test.example', password: 'secret123', role: 'Buyer' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toMatch(/disk full|accounts|trigger/);
      expect(await count('select count(*)::int as n from users where email = $1', ['half@test.example'])).toBe(0);
    } finally {
      await t.pool.query('drop trigger fail_account on accounts; drop function fail_account();');
    }
    const retry = await post('/api/auth/sign-up/email', { name: 'Half', email: 'half@test.example', password: 'secret123', role: 'Buyer' });
    expect(retry.statusCode).toBe(200);
  });

  it('does not let anyone change their role or profile through better-auth afterwards', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const res = await as(t.app, buyer, { method: 'POST', url: '/api/auth/update-user', payload: { role: 'admin' } });
    expect(res.statusCode).toBe(404);
    const { rows } = await t.pool.query('select role from users where id = $1', [buyer.id]);
    expect(rows[0].role).toBe('buyer');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with a new session id, and signing out ends that session', async () => {
    const person = await signUp(t.app, 'Buyer', { password: 'rightpass' });
    const res = await post('/api/auth/sign-in/email', { email: person.email, password: 'rightpass' });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect(cookie).not.toBe(person.cookie);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(me.json().user).toMatchObject({ email: person.email, role: 'buyer' });

    const out = await post('/api/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/users/buyer/${encodeURIComponent(person.email)}`, headers: { cookie } });
    expect(after.statusCode).toBe(401);
    // The sign-up session is a different one and still works.
    const other = await as(t.app, person, { method: 'GET', url: `/api/users/buyer/${encodeURIComponent(person.email)}` });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a wrong password with 401', async () => {
    const person = await signUp(t.app, 'Buyer');
    const res = await post('/api/auth/sign-in/email', { email: person.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it(`answers 429 after ${MAX_FAILURES} failed sign-ins, even with the right password`, async () => {
    const person = await signUp(t.app, 'Buyer', { password: 'rightpass' });
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await post('/api/auth/sign-in/email', { email: person.email, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/sign-in/email', { email: person.email.toUpperCase(), password: 'rightpass' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
    expect(blocked.headers['retry-after']).toBeDefined();

    // The window passes: signing in works again and clears the count.
    await t.pool.query(`update auth_rate_limits set window_ends_at = now() - interval '1 minute' where key like $1`, [`sign-in:${person.email}|%`]);
    expect((await post('/api/auth/sign-in/email', { email: person.email, password: 'rightpass' })).statusCode).toBe(200);
    expect(await count('select count(*)::int as n from auth_rate_limits where key like $1', [`sign-in:${person.email}|%`])).toBe(0);
  });

  it('does not count successful sign-ins', async () => {
    const person = await signUp(t.app, 'Buyer', { password: 'rightpass' });
    for (let i = 0; i < MAX_FAILURES + 2; i++) {
      expect((await post('/api/auth/sign-in/email', { email: person.email, password: 'rightpass' })).statusCode).toBe(200);
    }
  });
});
