import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHasHeard, as, createTestApp, signUp, type TestApp } from './harness.ts';
import { turnOnTwoFactor } from './two-factor.ts';

/**
 * `npm run admin -- promote|demote <email>` as an operator runs it: the real command in a child
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
    const usage = 'Usage: npm run admin -- promote <email> | demote <email>';
    expect(unknownCommand).toEqual({ code: 1, output: usage });
    expect(noEmail).toEqual({ code: 1, output: usage });
    expect(twoEmails).toEqual({ code: 1, output: usage });
  });
});
