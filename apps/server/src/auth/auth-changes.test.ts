import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, makeAdmin, signUp, type Person, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/until.ts';
import { listenForAuthChanges } from './auth-changes.ts';
import { SessionCache } from './session-cache.ts';

/**
 * The session cache (session-cache.ts) against the promise it must not break: an ended session, a
 * deleted user or a changed role is seen at once by the process that made the change, and by every
 * other process as soon as the database announces it (auth-changes.ts). Two apps on one database
 * play two app processes.
 */

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ shareDatabaseWith: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** 200 with `isAdmin` while the session lives, 401 after. */
const isAdmin = (t: TestApp, who: Person, cookie = who.cookie) =>
  as(t.app, { ...who, cookie }, { method: 'GET', url: `/api/users/admin/${encodeURIComponent(who.email)}` });

/** Resolves when `t` has applied the database's notice about this user (register before the change). */
function heard(t: TestApp, userId: string) {
  return new Promise<void>((resolve) => t.app.authChanges!.onChange((id) => id === userId && resolve()));
}

describe('session cache', () => {
  it('remembers a checked session, and still checks every cookie it has not seen', async () => {
    const buyer = await signUp(b.app, 'Buyer');
    expect((await isAdmin(b, buyer)).json()).toEqual({ isAdmin: false });
    expect(b.app.sessions.get(buyer.cookie.split('=')[1]!)?.email).toBe(buyer.email);

    // The same token with its signature changed is not the remembered string: better-auth refuses it.
    // (The signature's first character: its last ones may carry only base64 padding bits.)
    const at = buyer.cookie.lastIndexOf('.') + 1;
    const forged = buyer.cookie.slice(0, at) + (buyer.cookie[at] === 'A' ? 'B' : 'A') + buyer.cookie.slice(at + 1);
    expect(forged).not.toBe(buyer.cookie);
    expect((await isAdmin(b, buyer, forged)).statusCode).toBe(401);
  });

  it('refuses a user deleted through another process as soon as the database says so', async () => {
    const admin = await makeAdmin(a);
    const buyer = await signUp(a.app, 'Buyer');
    expect((await isAdmin(b, buyer)).statusCode).toBe(200);
    const told = heard(b, buyer.id);
    expect((await as(a.app, admin, { method: 'DELETE', url: `/api/users/${buyer.id}` })).json()).toMatchObject({ deletedCount: 1 });
    // The process that deleted refuses at once, without waiting for the notice.
    expect((await isAdmin(a, buyer)).statusCode).toBe(401);
    await told;
    expect((await isAdmin(b, buyer)).statusCode).toBe(401);
  });

  it('ends a session signed out through another process', async () => {
    const buyer = await signUp(a.app, 'Buyer');
    expect((await isAdmin(b, buyer)).statusCode).toBe(200);
    const told = heard(b, buyer.id);
    expect((await as(a.app, buyer, { method: 'POST', url: '/api/auth/sign-out' })).statusCode).toBe(200);
    await told;
    expect((await isAdmin(b, buyer)).statusCode).toBe(401);
  });

  it('shows a promotion made outside the app (npm run admin) in every process', async () => {
    const buyer = await signUp(a.app, 'Buyer');
    expect((await isAdmin(a, buyer)).json()).toEqual({ isAdmin: false });
    expect((await isAdmin(b, buyer)).json()).toEqual({ isAdmin: false });
    const toldA = heard(a, buyer.id);
    const toldB = heard(b, buyer.id);
    // What apps/server/src/cli/admin.ts runs, from another connection.
    await a.pool.query(`update users set role = 'admin', updated_at = now() where id = $1`, [buyer.id]);
    await Promise.all([toldA, toldB]);
    expect((await isAdmin(a, buyer)).json()).toEqual({ isAdmin: true });
    expect((await isAdmin(b, buyer)).json()).toEqual({ isAdmin: true });
  });

  it('is off while its listening connection is lost, answers stay right meanwhile, and comes back', async () => {
    const buyer = await signUp(b.app, 'Buyer');
    expect((await isAdmin(b, buyer)).statusCode).toBe(200);
    expect(b.app.sessions.size).toBeGreaterThan(0);

    // A database restart or a proxy closing idle connections looks like this to the listener.
    await a.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity
                         where application_name = 'second-gear session changes' and datname = current_database()`);
    await until(() => !b.app.sessions.enabled, 'the cache is off');
    expect(b.app.sessions.size).toBe(0);
    // While off, a change nobody can hear of is read from the database.
    await a.pool.query('delete from sessions where user_id = $1', [buyer.id]);
    expect((await isAdmin(b, buyer)).statusCode).toBe(401);

    await until(() => b.app.sessions.enabled, 'the listener is back');
    const again = await signUp(b.app, 'Buyer');
    expect((await isAdmin(b, again)).statusCode).toBe(200);
    expect(b.app.sessions.size).toBe(1);
  });
});

describe('the listening connection', () => {
  const listeners = async () =>
    (
      await a.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where application_name = 'second-gear session changes' and datname = current_database()`,
      )
    ).rows[0]!.n;

  it('is closed when the app stops, even while it is still connecting', async () => {
    const before = await listeners();
    const cache = new SessionCache(1000);
    const listener = listenForAuthChanges(a.pool.options, cache, a.app.log);
    await listener.stop();
    await listener.ready;
    expect(cache.enabled).toBe(false);
    await until(async () => (await listeners()) === before, 'the connection opened meanwhile is closed');

    const running = listenForAuthChanges(a.pool.options, cache, a.app.log);
    await running.ready;
    expect(cache.enabled).toBe(true);
    expect(await listeners()).toBe(before + 1);
    await running.stop();
    expect(cache.enabled).toBe(false);
    await until(async () => (await listeners()) === before, 'the connection is closed');
  });
});

describe('SESSION_CACHE_SECONDS=0', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { SESSION_CACHE_SECONDS: '0' } });
  });
  afterAll(() => off?.close());

  it('reads every session from the database and listens for nothing', async () => {
    const buyer = await signUp(off.app, 'Buyer');
    expect((await isAdmin(off, buyer)).statusCode).toBe(200);
    expect(off.app.authChanges).toBeNull();
    expect(off.app.sessions.size).toBe(0);
    await off.pool.query('delete from sessions where user_id = $1', [buyer.id]);
    expect((await isAdmin(off, buyer)).statusCode).toBe(401);
  });
});
