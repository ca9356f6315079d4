import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runningUrlFile } from '../src/db/embedded-postgres.ts';
import { openStreetMapTiles } from '../src/map-tiles.ts';
import { freePort } from '../src/free-port.ts';
import { call, ready, startApp, stopAllApps, stopApp, stopOrphanedPostgres, tempDir } from './processes.ts';

/**
 * The compiled server started as an operator starts it (the README's `node apps/server/dist/main.js`),
 * on the embedded database in a fresh DATA_DIR: what a production start serves, what it refuses, and the test identity provider
 * refusing to mount outside production when others could reach it.
 */
const dataDir = tempDir('sg-production-');
const production = { NODE_ENV: 'production', DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString('hex'), PAYMENTS: 'test', ALLOW_TEST_PAYMENTS: 'on' };

// The tests share one DATA_DIR: an app a failed test left running would refuse the next one's start.
afterEach(stopAllApps);

afterAll(async () => {
  await stopAllApps();
  await stopOrphanedPostgres(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('NODE_ENV=production with the embedded database', () => {
  it('serves with no demo account, no test identity provider, no development mailbox, and the test-payments banner', async () => {
    const app = startApp(await freePort(), production);
    await ready(app);
    expect((await call(app.url, undefined, 'GET', '/api/health')).status).toBe(200);
    const db = new pg.Client({ connectionString: fs.readFileSync(runningUrlFile(dataDir), 'utf8') });
    await db.connect();
    try {
      expect((await db.query('select email from users')).rows).toEqual([]);
    } finally {
      await db.end();
    }
    expect((await call(app.url, undefined, 'GET', '/api/test-idp/.well-known/openid-configuration')).status).toBe(404);
    for (const path of ['/api/dev/mailbox', `/api/dev/mailbox/${randomUUID()}`, `/api/dev/mailbox/${randomUUID()}/attachments/0`]) {
      expect((await call(app.url, undefined, 'GET', path)).status, path).toBe(404);
    }
    expect(await call(app.url, undefined, 'GET', '/api/site')).toEqual({ status: 200, body: { testPaymentsBanner: true, distanceUnit: 'mi', mapTiles: openStreetMapTiles } });
    expect(app.output()).not.toMatch(/demo data added|test identity provider/);
    expect(await stopApp(app)).toBe(0);
  }, 180_000);

  it('refuses to start without PAYMENTS, in one line naming it', async () => {
    const app = startApp(await freePort(), { ...production, PAYMENTS: '' });
    expect(await app.exited).toBe(1);
    expect(app.output().trim().split('\n')).toHaveLength(1);
    expect(app.output().trim()).toMatch(/^\[second-gear\] Invalid configuration: PAYMENTS is required when NODE_ENV=production/);
  });

  // The seeder and the demo content are a chunk of their own (build.mjs) that only such a start loads.
  it('seeds the demo data with DEMO_DATA=on, random passwords shown once', async () => {
    const app = startApp(await freePort(), { ...production, DEMO_DATA: 'on' });
    await ready(app);
    expect(app.output()).toMatch(/demo data added; demo accounts with their passwords, shown this once: .*admin@demo\.test \(admin\) /);
    const categories = await call(app.url, undefined, 'GET', '/api/categories');
    expect(categories.status).toBe(200);
    expect(categories.body.length).toBeGreaterThan(0);
    expect(await stopApp(app)).toBe(0);
  }, 180_000);
});

describe('outside production behind a proxy (TRUST_PROXY)', () => {
  it('does not mount the test identity provider, says so once, and CONTINUE WITH GOOGLE answers "not available"', async () => {
    const app = startApp(await freePort(), { NODE_ENV: 'development', DATA_DIR: dataDir, TRUST_PROXY: '1', DEMO_DATA: 'off' });
    await ready(app);
    expect(app.output().match(/the built-in Google test identity provider is off: TRUST_PROXY is set/g)).toHaveLength(1);
    expect((await call(app.url, undefined, 'GET', '/api/test-idp/.well-known/openid-configuration')).status).toBe(404);
    const button = await call(app.url, undefined, 'POST', '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/', disableRedirect: true });
    expect(button).toMatchObject({ status: 503, body: { message: 'Google sign-in is not available on this server' } });
    expect(await call(app.url, undefined, 'GET', '/api/site')).toEqual({ status: 200, body: { testPaymentsBanner: false, distanceUnit: 'mi', mapTiles: openStreetMapTiles } });
    expect(await stopApp(app)).toBe(0);
  }, 120_000);
});
