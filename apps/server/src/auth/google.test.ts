import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/harness.ts';
import { codeNow, turnOnTwoFactor } from '../../test/two-factor.ts';
import { loadConfig } from '../config.ts';
import { googleOAuth, TEST_IDP_PATH } from './google.ts';
import { CODE_NEEDED } from './google-done.ts';

/**
 * The whole OpenID Connect round trip through the built-in test identity provider, against a
 * server listening on a real port (better-auth fetches the provider's discovery document, keys and
 * token endpoint over HTTP), driven with fetch and a small cookie jar as a browser would.
 */

/** A browser's cookies for one host (paths are ignored: every path here is on one origin). */
class Browser {
  cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, this.origin), { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now());
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects until `stop` says so (or a non-redirect answer). */
  async follow(res: Response, stop: (location: URL) => boolean = () => false): Promise<{ res: Response; location?: URL }> {
    let current = res;
    for (let hop = 0; hop < 15; hop++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return { res: current };
      const next = new URL(location, current.url || this.origin);
      if (stop(next)) return { res: current, location: next };
      current = await this.fetch(next.href);
    }
    throw new Error('too many redirects');
  }

  hasSession(): boolean {
    return this.cookies.has('second-gear.session_token');
  }
}

const DONE = '/api/auth/google/done?mode=popup&id=test';

/** Starts the sign-in as the web app does: better-auth answers the provider's authorization URL. */
async function begin(browser: Browser): Promise<URL> {
  const res = await browser.fetch('/api/auth/sign-in/social', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: browser.origin },
    body: JSON.stringify({ provider: 'google', callbackURL: DONE, disableRedirect: true }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return new URL(url);
}

/** From the authorization URL to the provider's sign-in form, then submits it; stops at the callback. */
interface ProviderPerson {
  email: string;
  name: string;
  /** The provider page's `Email verified` box (checked unless false). */
  emailVerified?: boolean;
}

async function signInAtProvider(browser: Browser, authorizationUrl: URL, person: ProviderPerson): Promise<URL> {
  const toForm = await browser.follow(await browser.fetch(authorizationUrl.href), (l) => l.pathname.startsWith(`${TEST_IDP_PATH}/interaction/`));
  expect(toForm.location, 'redirected to the sign-in page').toBeDefined();
  const form = await browser.fetch(toForm.location!.href);
  expect(form.status).toBe(200);
  const html = await form.text();
  expect(html).toContain('<label for="email">Email</label>');
  expect(html).toContain('<label for="name">Name</label>');
  expect(html).toContain('>Sign in</button>');
  expect(html).toMatch(/<input id="email_verified" name="email_verified" type="checkbox" value="true" checked> Email verified<\/label>/);
  // As a browser posts the form: the hidden "false", then "true" only when the box is checked.
  const fields = new URLSearchParams({ email: person.email, name: person.name, email_verified: 'false' });
  if (person.emailVerified !== false) fields.append('email_verified', 'true');
  const submitted = await browser.fetch(`${toForm.location!.pathname}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: browser.origin },
    body: fields.toString(),
  });
  const toCallback = await browser.follow(submitted, (l) => l.pathname === '/api/auth/callback/google');
  expect(toCallback.location, 'redirected to the callback').toBeDefined();
  return toCallback.location!;
}

async function finish(browser: Browser, callback: URL): Promise<URL> {
  const res = await browser.fetch(callback.href);
  expect(res.status).toBeGreaterThanOrEqual(300);
  expect(res.status).toBeLessThan(400);
  return new URL(res.headers.get('location')!, browser.origin);
}

async function googleSignIn(t: TestApp, person: ProviderPerson, browser = new Browser(t.origin)): Promise<{ browser: Browser; done: URL }> {
  const callback = await signInAtProvider(browser, await begin(browser), person);
  const done = await finish(browser, callback);
  return { browser, done };
}

const unique = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@test.example`;

const cookieOf = (res: Response) => {
  const found = res.headers.getSetCookie().find((c) => c.startsWith('second-gear.session_token='));
  if (!found) throw new Error('no session cookie');
  return found.split(';')[0]!;
};

async function passwordSignUp(t: TestApp, email: string, role: 'Buyer' | 'Seller', password = 'secret123') {
  const res = await fetch(`${t.origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.origin },
    body: JSON.stringify({ name: role === 'Seller' ? 'Sam Seller' : 'Bea Buyer', email, password, role }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { cookie: cookieOf(res) };
}

function passwordSignIn(t: TestApp, email: string, password: string) {
  return fetch(`${t.origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.origin },
    body: JSON.stringify({ email, password }),
  });
}

/** The email of the session behind this cookie, or null. */
async function sessionOf(t: TestApp, cookie: string): Promise<string | null> {
  const res = await fetch(`${t.origin}/api/auth/get-session`, { headers: { cookie } });
  return ((await res.json()) as { user?: { email: string } } | null)?.user?.email ?? null;
}

describe('Google sign-in through the built-in test identity provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
  });
  afterAll(() => t.close());

  it('publishes a discovery document whose issuer is its mount path', async () => {
    const res = await fetch(`${t.origin}${TEST_IDP_PATH}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(`${t.origin}${TEST_IDP_PATH}`);
    expect(doc.token_endpoint).toBe(`${t.origin}${TEST_IDP_PATH}/token`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('registers a new person as a buyer with a verified email, and signs them in', async () => {
    const email = unique('new');
    const { browser, done } = await googleSignIn(t, { email, name: 'Gina Google' });
    expect(done.pathname).toBe('/api/auth/google/done');
    expect(done.searchParams.get('error')).toBeNull();
    expect(browser.hasSession()).toBe(true);
    const session = await browser.fetch('/api/auth/get-session');
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
    const { rows } = await t.pool.query('select name, role, verified, email_verified from users where email = $1', [email]);
    expect(rows).toEqual([{ name: 'Gina Google', role: 'buyer', verified: false, email_verified: true }]);
  });

  it('counts an email Google verified as confirmed: no link is sent, and messaging and saved searches are open at once', async () => {
    const email = unique('confirmed');
    const { browser } = await googleSignIn(t, { email, name: 'Gina Google' });
    const session = (await (await browser.fetch('/api/auth/get-session')).json()) as { user: { id: string; emailVerified: boolean } };
    expect(session.user.emailVerified).toBe(true);
    const save = await browser.fetch('/api/alerts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.origin },
      body: JSON.stringify({ name: 'Any car', frequency: 'Instantly', filters: {} }),
    });
    expect(save.status, await save.clone().text()).toBe(201);
    expect((await t.pool.query('select 1 from email_outbox where user_id = $1', [session.user.id])).rowCount).toBe(0);
  });

  it('keeps the password of an account whose email was confirmed when its owner also signs in with Google', async () => {
    const email = unique('confirmed-password');
    await passwordSignUp(t, email, 'Buyer', 'owners-pass');
    await t.pool.query('update users set email_verified = true where email = $1', [email]);
    const { done } = await googleSignIn(t, { email, name: 'Owen Owner' });
    expect(done.searchParams.get('error')).toBeNull();
    // The confirmed address proved the password's holder owns the mailbox: nothing to end (decision 009).
    const accounts = await t.pool.query('select a.provider_id from accounts a join users u on u.id = a.user_id where u.email = $1 order by 1', [email]);
    expect(accounts.rows.map((r) => r.provider_id)).toEqual(['credential', 'google']);
    expect((await passwordSignIn(t, email, 'owners-pass')).status).toBe(200);
  });

  it('signs a returning person in to the same account', async () => {
    const email = unique('again');
    await googleSignIn(t, { email, name: 'First Time' });
    const { browser } = await googleSignIn(t, { email, name: 'Second Time' });
    expect(browser.hasSession()).toBe(true);
    const { rows } = await t.pool.query('select u.name, count(a.*)::int as accounts from users u join accounts a on a.user_id = u.id where u.email = $1 group by u.id', [email]);
    expect(rows).toEqual([{ name: 'First Time', accounts: 1 }]);
  });

  it('links Google to an existing email-and-password account with the same email instead of duplicating it', async () => {
    const email = unique('linked');
    await passwordSignUp(t, email, 'Seller');
    const { browser, done } = await googleSignIn(t, { email: email.toUpperCase(), name: 'Someone Else' });
    expect(done.searchParams.get('error')).toBeNull();
    expect(browser.hasSession()).toBe(true);
    const users = await t.pool.query('select id, name, role, email_verified from users where email = $1', [email]);
    expect(users.rows).toHaveLength(1);
    expect(users.rows[0]).toMatchObject({ name: 'Sam Seller', role: 'seller', email_verified: true });
    // Nobody had verified the address the password was registered with: that password ends (decision 009).
    const accounts = await t.pool.query('select provider_id from accounts where user_id = $1 order by provider_id', [users.rows[0].id]);
    expect(accounts.rows.map((r) => r.provider_id)).toEqual(['google']);
  });

  it("ends a squatter's password and sessions when the verified owner of the address signs in with Google", async () => {
    const email = unique('victim');
    const squatter = await passwordSignUp(t, email, 'Seller', 'squatters-pass');
    const squatterSecond = await passwordSignIn(t, email, 'squatters-pass');
    expect(squatterSecond.status).toBe(200);
    expect(await sessionOf(t, squatter.cookie)).toBe(email);

    const { browser, done } = await googleSignIn(t, { email, name: 'Vicky Victim' });
    expect(done.searchParams.get('error')).toBeNull();
    const owner = (await (await browser.fetch('/api/auth/get-session')).json()) as { user: { email: string } };
    expect(owner.user.email).toBe(email);

    // The squatter is out: the password no longer signs in, and neither of their cookies works.
    const again = await passwordSignIn(t, email, 'squatters-pass');
    expect(again.status).toBe(401);
    expect(again.headers.getSetCookie().some((c) => c.startsWith('second-gear.session_token=') && !/Max-Age=0/i.test(c))).toBe(false);
    for (const cookie of [squatter.cookie, cookieOf(squatterSecond)]) {
      expect(await sessionOf(t, cookie)).toBeNull();
      const guarded = await fetch(`${t.origin}/api/orders?email=${encodeURIComponent(email)}`, { headers: { cookie } });
      expect(guarded.status).toBe(401);
    }
    // ...and stays out after a promotion of the account (`npm run admin -- promote`).
    await t.pool.query(`update users set role = 'admin' where email = $1`, [email]);
    expect((await passwordSignIn(t, email, 'squatters-pass')).status).toBe(401);
    const { rows } = await t.pool.query('select u.email_verified, count(s.*)::int as sessions from users u left join sessions s on s.user_id = u.id where u.email = $1 group by u.id', [email]);
    expect(rows).toEqual([{ email_verified: true, sessions: 1 }]);
  });

  describe('of an account with two-factor sign-in on', () => {
    /** An admin (whom two-factor sign-in guards above all) with a password, a confirmed email and the app's secret. */
    async function withTwoFactor() {
      const { person, secret } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Buyer'));
      await t.pool.query(`update users set role = 'admin' where id = $1`, [person.id]);
      return { person, secret };
    }
    const sessionsOf = async (userId: string) => (await t.pool.query('select 1 from sessions where user_id = $1', [userId])).rowCount;
    const verify = (browser: Browser, body: object) =>
      browser.fetch('/api/auth/two-factor/verify-totp', { method: 'POST', headers: { 'content-type': 'application/json', origin: t.origin }, body: JSON.stringify(body) });

    it('asks for the code as a password sign-in does: no session until the code is given', async () => {
      const { person, secret } = await withTwoFactor();
      const sessionsBefore = await sessionsOf(person.id);
      const { browser, done } = await googleSignIn(t, { email: person.email, name: 'Ada Admin' });
      expect(done.pathname).toBe('/api/auth/google/done');
      expect(done.searchParams.get('error')).toBeNull();
      expect(done.searchParams.get(CODE_NEEDED), done.href).toBe('1');
      expect(done.searchParams.get('mode')).toBe('popup');
      expect(browser.hasSession()).toBe(false);
      expect(browser.cookies.has('second-gear.two_factor')).toBe(true);
      expect(await sessionsOf(person.id)).toBe(sessionsBefore);

      const wrong = await verify(browser, { code: '000000' });
      expect(wrong.status).toBe(401);
      expect(browser.hasSession()).toBe(false);
      const right = await verify(browser, { code: await codeNow(secret) });
      expect(right.status, await right.clone().text()).toBe(200);
      expect(browser.hasSession()).toBe(true);
      const session = (await (await browser.fetch('/api/auth/get-session')).json()) as { user: { id: string } };
      expect(session.user.id).toBe(person.id);
      const admin = await browser.fetch('/api/users/allseller');
      expect(admin.status).toBe(200);
    });

    it('spares a browser remembered at a code for 30 days, as the password path does', async () => {
      const { person, secret } = await withTwoFactor();
      const first = await googleSignIn(t, { email: person.email, name: 'Ada Admin' });
      expect((await verify(first.browser, { code: await codeNow(secret), trustDevice: true })).status).toBe(200);
      expect((await first.browser.fetch('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json', origin: t.origin }, body: '{}' })).status).toBe(200);
      expect(first.browser.hasSession()).toBe(false);

      const again = await googleSignIn(t, { email: person.email, name: 'Ada Admin' }, first.browser);
      expect(again.done.searchParams.get(CODE_NEEDED)).toBeNull();
      expect(again.browser.hasSession()).toBe(true);
      // Another browser is asked.
      expect((await googleSignIn(t, { email: person.email, name: 'Ada Admin' })).done.searchParams.get(CODE_NEEDED)).toBe('1');
    });

    it("ends a squatter's second factor with their password: the verified owner signs in without the squatter's code", async () => {
      const squatter = await signUp(t.app, 'Seller', { confirmed: false });
      await turnOnTwoFactor(t.app, squatter);
      const { browser, done } = await googleSignIn(t, { email: squatter.email, name: 'Vicky Victim' });
      expect(done.searchParams.get(CODE_NEEDED)).toBeNull();
      expect(done.searchParams.get('error')).toBeNull();
      expect(browser.hasSession()).toBe(true);
      const { rows } = await t.pool.query('select u.two_factor_enabled, count(f.*)::int as factors from users u left join two_factors f on f.user_id = u.id where u.id = $1 group by u.id', [squatter.id]);
      expect(rows).toEqual([{ two_factor_enabled: false, factors: 0 }]);
    });
  });

  it('does not link an identity whose email Google has not verified to an existing account, and gives it no session', async () => {
    const email = unique('unverified');
    const holder = await passwordSignUp(t, email, 'Buyer', 'holders-pass');
    const { browser, done } = await googleSignIn(t, { email, name: 'Not Verified', emailVerified: false });
    expect(done.pathname).toBe('/api/auth/google/done');
    // better-auth's own rule refuses first: an unverified identity is never linked to an existing account.
    expect(done.searchParams.get('error')).toBe('account_not_linked');
    expect(browser.hasSession()).toBe(false);
    const accounts = await t.pool.query('select a.provider_id, u.email_verified from accounts a join users u on u.id = a.user_id where u.email = $1', [email]);
    expect(accounts.rows).toEqual([{ provider_id: 'credential', email_verified: false }]);
    // Nothing changed for the account: its password and session still work.
    expect(await sessionOf(t, holder.cookie)).toBe(email);
    expect((await passwordSignIn(t, email, 'holders-pass')).status).toBe(200);
  });

  it('refuses an identity whose email Google has not verified for a new address, and creates nothing', async () => {
    const email = unique('unverified-new');
    const { browser, done } = await googleSignIn(t, { email, name: 'Not Verified', emailVerified: false });
    expect(done.searchParams.get('error')).toBe('email_not_verified');
    expect(done.searchParams.get('error_description')).toMatch(/not verified/);
    expect(browser.hasSession()).toBe(false);
    expect((await t.pool.query('select 1 from users where email = $1', [email])).rowCount).toBe(0);
  });

  it('refuses a returning Google identity once its email is reported unverified', async () => {
    const email = unique('was-verified');
    await googleSignIn(t, { email, name: 'Once Verified' });
    const { browser, done } = await googleSignIn(t, { email, name: 'Once Verified', emailVerified: false });
    expect(done.searchParams.get('error')).toBe('email_not_verified');
    expect(browser.hasSession()).toBe(false);
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const email = unique('state');
    const browser = new Browser(t.origin);
    const callback = await signInAtProvider(browser, await begin(browser), { email, name: 'Eve' });
    callback.searchParams.set('state', randomBytes(16).toString('base64url'));
    const res = await browser.fetch(callback.href);
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(500);
    expect(new URL(res.headers.get('location')!, t.origin).searchParams.get('error')).toBeTruthy();
    expect(browser.hasSession()).toBe(false);
    expect((await t.pool.query('select 1 from users where email = $1', [email])).rowCount).toBe(0);
  });

  it('refuses a callback carried to another browser (not the one that started the sign-in)', async () => {
    const email = unique('other');
    const attacker = new Browser(t.origin);
    const callback = await signInAtProvider(attacker, await begin(attacker), { email, name: 'Mallory' });
    const victim = new Browser(t.origin);
    const res = await victim.fetch(callback.href);
    expect(res.status).toBeLessThan(500);
    expect(new URL(res.headers.get('location')!, t.origin).searchParams.get('error')).toBeTruthy();
    expect(victim.hasSession()).toBe(false);
  });

  it('refuses an ID token whose nonce is not the one the sign-in asked for', async () => {
    const email = unique('nonce');
    const browser = new Browser(t.origin);
    const authorizationUrl = await begin(browser);
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    authorizationUrl.searchParams.set('nonce', randomBytes(16).toString('base64url'));
    const callback = await signInAtProvider(browser, authorizationUrl, { email, name: 'Nina Nonce' });
    const res = await browser.fetch(callback.href);
    expect(res.status).toBeLessThan(500);
    const location = new URL(res.headers.get('location')!, t.origin);
    expect(location.searchParams.get('error')).toBeTruthy();
    expect(browser.hasSession()).toBe(false);
    expect((await t.pool.query('select 1 from users where email = $1', [email])).rowCount).toBe(0);
  });

  it('refuses a code used twice', async () => {
    const email = unique('replay');
    const browser = new Browser(t.origin);
    const callback = await signInAtProvider(browser, await begin(browser), { email, name: 'Rita Replay' });
    await finish(browser, callback);
    const again = new Browser(t.origin);
    const res = await again.fetch(callback.href);
    expect(res.status).toBeLessThan(500);
    expect(again.hasSession()).toBe(false);
  });

  it('asks again on an invalid form, and escapes what was typed', async () => {
    const browser = new Browser(t.origin);
    const toForm = await browser.follow(await browser.fetch((await begin(browser)).href), (l) => l.pathname.startsWith(`${TEST_IDP_PATH}/interaction/`));
    await browser.fetch(toForm.location!.href);
    const res = await browser.fetch(`${toForm.location!.pathname}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'not-an-email', name: '<script>alert(1)</script>' }).toString(),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('answers a sign-in page without its interaction cookie with a 400, not a 500', async () => {
    const res = await fetch(`${t.origin}${TEST_IDP_PATH}/interaction/nope`);
    expect(res.status).toBe(400);
    const post = await fetch(`${t.origin}${TEST_IDP_PATH}/interaction/nope/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.c&name=A',
    });
    expect(post.status).toBe(400);
  });

  it('serves the completion page under the site CSP, with its script from this origin', async () => {
    const page = await fetch(`${t.origin}/api/auth/google/done?mode=popup&id=x`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<script src="/api/auth/google/done.js" defer></script>');
    const script = await fetch(`${t.origin}/api/auth/google/done.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
  });
});

// Production never mounts the test identity provider; outside production it refuses to whenever
// others could reach it (a proxy in front, a public PUBLIC_URL or HOST).
describe.each([
  ['in production', { NODE_ENV: 'production', AUTH_SECRET: randomBytes(32).toString('hex'), PAYMENTS: 'test', ALLOW_TEST_PAYMENTS: 'on' }],
  ['behind a proxy (TRUST_PROXY) outside production', { TRUST_PROXY: '1' }],
  ['on every interface (HOST=0.0.0.0) outside production', { HOST: '0.0.0.0' }],
  ['with a public PUBLIC_URL outside production', { PUBLIC_URL: 'https://cars.example.com' }],
])('Google sign-in without GOOGLE_CLIENT_ID %s', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(() => t.close());

  it('has no test identity provider', async () => {
    expect(googleOAuth(t.app.config)).toBeUndefined();
    for (const url of [`${TEST_IDP_PATH}/.well-known/openid-configuration`, `${TEST_IDP_PATH}/jwks`, `${TEST_IDP_PATH}/interaction/x`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    const token = await t.app.inject({ method: 'POST', url: `${TEST_IDP_PATH}/token`, payload: 'grant_type=authorization_code', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(token.statusCode).toBe(404);
  });

  it('answers the button with a readable error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: t.app.config.publicUrl },
      payload: { provider: 'google', callbackURL: DONE, disableRedirect: true },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Google sign-in is not available on this server');
  });
});

describe('Google sign-in with GOOGLE_CLIENT_ID', () => {
  it("uses Google's discovery document, and no test identity provider", () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://cars.example.com',
      PAYMENTS: 'test',
      ALLOW_TEST_PAYMENTS: 'on',
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(googleOAuth(config)).toEqual({
      kind: 'google',
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'secret',
      discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
    });
    expect(googleOAuth({ ...config, env: 'development' })?.kind).toBe('google');
  });
});
