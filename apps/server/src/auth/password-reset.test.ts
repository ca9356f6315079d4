import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../jobs/runner.ts';
import { RESET_PER_ADDRESS, RESET_PER_EMAIL } from './rate-limits.ts';
import { appHasHeard, as, createTestApp, startMailingRunner, ORIGIN, signUp, type Person, type TestApp } from '../../test/harness.ts';
import { nextLoopbackAddress } from '../../test/raw-http.ts';
import { until } from '../../test/until.ts';

let t: TestApp;
let runner: JobRunner;
beforeAll(async () => {
  t = await createTestApp();
  runner = await startMailingRunner(t);
});
afterAll(async () => {
  await runner?.stop();
  await t?.close();
});

/** Reset requests are limited per address too: each test's requests come from an address of their own. */
const requestReset = (email: unknown, remoteAddress = nextLoopbackAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, headers: { origin: ORIGIN }, remoteAddress });
const reset = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword }, headers: { origin: ORIGIN } });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers: { origin: ORIGIN }, remoteAddress: nextLoopbackAddress() });

interface Mail {
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string>;
}

/**
 * The emails the development mailbox received for `to`, oldest first, once there are `count` of
 * them. The sign-up's own confirmation email is left out: these tests are about the reset's.
 */
async function mailTo(to: string, count: number): Promise<Mail[]> {
  const read = async () =>
    (
      await t.pool.query<Mail>(
        `select subject, text_body, html_body, headers from dev_mailbox
         where to_address = $1 and subject <> 'Confirm your email address' order by received_at`,
        [to],
      )
    ).rows;
  await until(async () => (await read()).length >= count, `${count} email(s) reached ${to}`);
  return read();
}

/** The emailed link: better-auth's check of the token, which then leads to the web app's page. */
const linkIn = (mail: Mail) => /https?:\/\/\S+\/api\/auth\/reset-password\/[A-Za-z0-9_-]+\?callbackURL=\S+/.exec(mail.text_body)?.[0];
const tokenIn = (mail: Mail) => /\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)\?/.exec(mail.text_body)?.[1];
/** Opens the link as a browser would. */
const open = (link: string) => t.app.inject({ method: 'GET', url: link.slice(t.origin.length) });

/** A person without a password, as Google sign-in makes them. */
async function googleOnly(): Promise<Person> {
  const person = await signUp(t.app, 'Buyer');
  await t.pool.query(`delete from accounts where user_id = $1 and provider_id = 'credential'`, [person.id]);
  await t.pool.query(`insert into accounts (id, account_id, provider_id, user_id) values (gen_random_uuid()::text, $1, 'google', $1)`, [person.id]);
  return person;
}

describe('asking for a reset link', () => {
  it('answers the same for an account with a password, a missing one and a Google-only one', async () => {
    const withPassword = await signUp(t.app, 'Seller');
    const google = await googleOnly();
    const answers = await Promise.all([withPassword.email, 'nobody-here@test.example', google.email].map((email) => requestReset(email)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(answers[0]!.json());
    }
    const [link] = await mailTo(withPassword.email, 1);
    expect(link!.subject).toBe('Reset your Second Gear password');
    const [told] = await mailTo(google.email, 1);
    expect(told!.subject).toBe('Your Second Gear account signs in with Google');
    expect(told!.text_body).toContain('CONTINUE WITH GOOGLE');
    expect(told!.text_body).not.toContain('reset-password');
    // The Google-only account got no usable token, nor a password.
    expect((await t.pool.query(`select 1 from verifications where value = $1`, [google.id])).rowCount).toBe(0);
    expect((await t.pool.query(`select 1 from accounts where user_id = $1 and provider_id = 'credential'`, [google.id])).rowCount).toBe(0);
    expect((await t.pool.query(`select 1 from email_outbox where to_address = 'nobody-here@test.example'`)).rowCount).toBe(0);
  });

  it('emails a link that checks the token and leads to /reset-password, which the HTML part links too, with no unsubscribe and no bell entry', async () => {
    const person = await signUp(t.app, 'Buyer');
    expect((await requestReset(person.email.toUpperCase())).statusCode).toBe(200);
    const [mail] = await mailTo(person.email, 1);
    const token = tokenIn(mail!);
    expect(token).toBeTruthy();
    const link = `${t.origin}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(`${t.origin}/reset-password`)}`;
    expect(mail!.text_body).toContain(link);
    expect(mail!.html_body).toContain(`<a href="${link}">`);
    expect(mail!.headers['list-unsubscribe']).toBeUndefined();
    expect((await t.pool.query('select 1 from notifications where user_id = $1', [person.id])).rowCount).toBe(0);
  });

  it('sends the link even to a person who unsubscribed from notification emails', async () => {
    const person = await signUp(t.app, 'Buyer');
    await t.pool.query('insert into email_unsubscribes (user_id) values ($1)', [person.id]);
    await requestReset(person.email);
    const [mail] = await mailTo(person.email, 1);
    expect(tokenIn(mail!)).toBeTruthy();
  });

  it.each([[{}], [''], ['not-an-email'], [42], [['a@test.example']]])('refuses bad input %j with 400', async (email) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: typeof email === 'object' && !Array.isArray(email) ? email : { email },
      headers: { origin: ORIGIN },
      remoteAddress: nextLoopbackAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it(`answers 429 after ${RESET_PER_EMAIL.max} requests for one email, from any address`, async () => {
    const person = await signUp(t.app, 'Buyer');
    for (let i = 0; i < RESET_PER_EMAIL.max; i++) expect((await requestReset(person.email)).statusCode).toBe(200);
    const blocked = await requestReset(person.email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(blocked.json().message).toMatch(/^Too many password reset requests\. Try again in \d+ minutes?\.$/);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it(`answers 429 after ${RESET_PER_ADDRESS.max} requests from one address, whatever the emails`, async () => {
    const address = nextLoopbackAddress();
    for (let i = 0; i < RESET_PER_ADDRESS.max; i++) expect((await requestReset(`spray-${i}@test.example`, address)).statusCode).toBe(200);
    const blocked = await requestReset('spray-last@test.example', address);
    expect(blocked.statusCode).toBe(429);
    expect((await requestReset('spray-last@test.example')).statusCode).toBe(200);
  });
});

describe('opening the link', () => {
  it('leads a fresh link to the page with its token, and a used or expired one to the page with the reason at once', async () => {
    const person = await signUp(t.app, 'Buyer', { password: 'old-password' });
    await requestReset(person.email);
    const [mail] = await mailTo(person.email, 1);
    const link = linkIn(mail!)!;
    const token = tokenIn(mail!)!;
    const unusable = `${t.origin}/reset-password?error=INVALID_TOKEN`;

    const fresh = await open(link);
    expect(fresh.statusCode).toBe(302);
    expect(fresh.headers.location).toBe(`${t.origin}/reset-password?token=${token}`);
    // Opening it spends nothing: the password is set only by the page's form.
    expect((await open(link)).headers.location).toBe(`${t.origin}/reset-password?token=${token}`);

    expect((await reset(token, 'new-password')).statusCode).toBe(200);
    const used = await open(link);
    expect(used.statusCode).toBe(302);
    expect(used.headers.location).toBe(unusable);

    await requestReset(person.email);
    // The reset, the email that the password changed, the new link.
    const newer = (await mailTo(person.email, 3))[2]!;
    await t.pool.query(`update verifications set expires_at = now() - interval '1 second' where identifier = $1`, [`reset-password:${tokenIn(newer)}`]);
    expect((await open(linkIn(newer)!)).headers.location).toBe(unusable);
  });

  it('never leads to another site', async () => {
    const person = await signUp(t.app, 'Buyer');
    await requestReset(person.email);
    const token = tokenIn((await mailTo(person.email, 1))[0]!)!;
    const res = await open(`${t.origin}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent('https://evil.example/reset-password')}`);
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('using the link', () => {
  it('sets the new password once, ends every session of the account and tells the owner', async () => {
    const person = await signUp(t.app, 'Seller', { password: 'old-password' });
    const otherDevice = await signIn(person.email, 'old-password');
    expect(otherDevice.statusCode).toBe(200);
    await requestReset(person.email);
    const token = tokenIn((await mailTo(person.email, 1))[0]!)!;

    const done = await reset(token, 'new-password');
    expect(done.statusCode).toBe(200);
    await appHasHeard(t);
    expect((await t.pool.query('select 1 from sessions where user_id = $1', [person.id])).rowCount).toBe(0);
    const session = await as(t.app, person, { method: 'GET', url: '/api/auth/get-session' });
    expect(session.json()).toBeNull();

    expect((await signIn(person.email, 'old-password')).statusCode).toBe(401);
    expect((await signIn(person.email, 'new-password')).statusCode).toBe(200);

    const again = await reset(token, 'third-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(person.email, 'new-password')).statusCode).toBe(200);

    const [, changed] = await mailTo(person.email, 2);
    expect(changed!.subject).toBe('Your Second Gear password was changed');
    expect(changed!.text_body).toContain(`${t.origin}/forgot-password`);
  });

  it('refuses a link older than an hour', async () => {
    const person = await signUp(t.app, 'Buyer', { password: 'old-password' });
    await requestReset(person.email);
    const token = tokenIn((await mailTo(person.email, 1))[0]!)!;
    const { rows } = await t.pool.query<{ seconds: number }>(
      `select extract(epoch from expires_at - created_at)::int as seconds from verifications where identifier = $1`,
      [`reset-password:${token}`],
    );
    expect(rows[0]!.seconds).toBe(3600);
    await t.pool.query(`update verifications set expires_at = now() - interval '1 second' where identifier = $1`, [`reset-password:${token}`]);
    const res = await reset(token, 'new-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(person.email, 'old-password')).statusCode).toBe(200);
  });

  it('refuses a forged token, a missing one and a password the sign-up would refuse', async () => {
    const person = await signUp(t.app, 'Buyer', { password: 'old-password' });
    expect((await reset('forged-token-of-24-chars', 'new-password')).json()).toMatchObject({ statusCode: 400, code: 'INVALID_TOKEN' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'new-password' }, headers: { origin: ORIGIN } });
    expect(missing.statusCode).toBe(400);
    await requestReset(person.email);
    const token = tokenIn((await mailTo(person.email, 1))[0]!)!;
    for (const bad of ['short', 'x'.repeat(129)]) expect((await reset(token, bad)).statusCode).toBe(400);
    // A refused password leaves the link usable.
    expect((await reset(token, 'long-enough')).statusCode).toBe(200);
  });
});
