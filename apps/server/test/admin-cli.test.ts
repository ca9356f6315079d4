import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHasHeard, as, createTestApp, ORIGIN, signUp, type TestApp } from './harness.ts';
import { nextLoopbackAddress } from './raw-http.ts';
import { codeNow, turnOnTwoFactor } from './two-factor.ts';

/**
 * `npm run admin -- promote|demote|reset-2fa <email>` as an operator runs it: the real command in a child
 * process, on this file's database through DATABASE_URL, while an app serves that database.
 */
const root = path.resolve(import.meta.dirname, '../../..');

function admin(t: TestApp, ...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args],
      { cwd: root, env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: t.databaseUrl } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, output: `${stdout}${stderr}`.trim() }),
    );
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A password sign-in, with the browser's cookies, from an address of its own (sign-ins are limited per address). */
const signInWith = (email: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: 'secret123' }, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, remoteAddress: nextLoopbackAddress() });

/** Signs in with a code and `Remember this device`, and answers the device's cookie. */
async function rememberedDevice(email: string, secret: Uint8Array): Promise<string> {
  const challenge = (await signInWith(email)).headers['set-cookie'];
  const cookie = [challenge ?? []].flat().find((c) => c.startsWith('second-gear.two_factor='))!.split(';')[0]!;
  const verified = await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/verify-totp', payload: { code: await codeNow(secret), trustDevice: true }, headers: { origin: ORIGIN, cookie } });
  return [verified.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('second-gear.trust_device='))!.split(';')[0]!;
}

const roleOf = async (id: string) => (await t.pool.query<{ role: string }>('select role from users where id = $1', [id])).rows[0]!.role;

describe('npm run admin', () => {
  it('promotes an account to admin and demotes it back to buyer; the running app applies each at once', async () => {
    // With two-factor sign-in on, as every admin but the development demo admin needs it.
    const { person } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Seller'));
    const allSellers = () => as(t.app, person, { method: 'GET', url: '/api/users/allseller' });
    expect((await allSellers()).statusCode).toBe(403);

    const promoted = await admin(t, 'promote', person.email.toUpperCase());
    expect(promoted).toEqual({ code: 0, output: `${person.name} <${person.email}> is now an admin.` });
    await appHasHeard(t);
    expect((await allSellers()).statusCode).toBe(200);

    const demoted = await admin(t, 'demote', person.email);
    expect(demoted).toEqual({ code: 0, output: `${person.name} <${person.email}> is no longer an admin (now a buyer).` });
    expect(await roleOf(person.id)).toBe('buyer');
    await appHasHeard(t);
    expect((await allSellers()).statusCode).toBe(403);
  });

  it('refuses to demote an account that is not an admin, and changes nothing', async () => {
    const seller = await signUp(t.app, 'Seller');
    const res = await admin(t, 'demote', seller.email);
    expect(res.code).toBe(1);
    expect(res.output).toBe(`No admin with the email ${seller.email}.`);
    expect(await roleOf(seller.id)).toBe('seller');
  });

  it('answers an unknown email, an unknown command and extra words with one line', async () => {
    // None of them changes anything, so the four commands run side by side.
    const [unknownEmail, unknownCommand, noEmail, twoEmails] = await Promise.all([
      admin(t, 'promote', 'nobody@test.example'),
      admin(t, 'delete', 'nobody@test.example'),
      admin(t, 'promote'),
      admin(t, 'promote', 'a@test.example', 'b@test.example'),
    ]);
    expect(unknownEmail).toEqual({ code: 1, output: 'No account with the email nobody@test.example. Sign up first, then promote.' });
    const usage = 'Usage: npm run admin -- promote <email> | demote <email> | reset-2fa <email>';
    expect(unknownCommand).toEqual({ code: 1, output: usage });
    expect(noEmail).toEqual({ code: 1, output: usage });
    expect(twoEmails).toEqual({ code: 1, output: usage });
  });

  it('turns two-factor sign-in off for an owner who lost their codes, signs them out everywhere and emails them', async () => {
    const { person, secret } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Buyer'));
    // A remembered device and a sign-in waiting for its code: both end too.
    const remembered = await rememberedDevice(person.email, secret);
    const waiting = await signInWith(person.email);
    expect(waiting.json()).toMatchObject({ twoFactorRedirect: true });

    const reset = await admin(t, 'reset-2fa', person.email.toUpperCase());
    expect(reset).toEqual({ code: 0, output: `${person.name} <${person.email}> has two-factor sign-in off and is signed out everywhere; they were emailed about it.` });
    await appHasHeard(t);
    expect((await as(t.app, person, { method: 'GET', url: '/api/auth/get-session' })).json()).toBeNull();
    const left = await t.pool.query(`select 1 from verifications where value = $1 and (identifier like '2fa-%' or identifier like 'trust-device-%')`, [person.id]);
    expect(left.rowCount).toBe(0);
    expect((await t.pool.query('select two_factor_enabled from users where id = $1', [person.id])).rows).toEqual([{ two_factor_enabled: false }]);
    expect((await t.pool.query('select 1 from two_factors where user_id = $1', [person.id])).rowCount).toBe(0);
    // The password alone signs in again, on the remembered device as anywhere else.
    expect((await signInWith(person.email, remembered)).json()).toMatchObject({ user: { email: person.email } });
    const subject = 'Two-factor sign-in was turned off on your Second Gear account';
    const { rows: mail } = await t.pool.query<{ text_body: string }>('select text_body from email_outbox where user_id = $1 and subject = $2', [person.id, subject]);
    expect(mail).toEqual([{ text_body: expect.stringContaining('/dashboard/settings') }]);

    // Once off, the command refuses the account (a typo signs nobody out).
    expect(await admin(t, 'reset-2fa', person.email)).toEqual({ code: 1, output: `No account with two-factor sign-in on has the email ${person.email}.` });
  });
});
