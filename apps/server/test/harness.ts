import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppDeps } from '../src/app.ts';
import { AUTH_CHANGES_CHANNEL } from '../src/auth/auth-changes.ts';
import { createAuth } from '../src/auth/auth.ts';
import { googleOAuth } from '../src/auth/google.ts';
import { loadConfig } from '../src/config.ts';
import { createPool } from '../src/db/pool.ts';
import { startJobRunner, type JobRunner } from '../src/jobs/runner.ts';
import { freePort } from '../src/free-port.ts';
import { diskStorage, type ImageStorage } from '../src/images/storage.ts';
import { accountEmailOutbox } from '../src/modules/notifications/account-email.ts';
import { withDatabase } from './database-url.ts';
import { nextLoopbackAddress } from './raw-http.ts';
import { turnOnTwoFactor } from './two-factor.ts';

export const ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  pool: pg.Pool;
  /** This test file's own database. */
  databaseUrl: string;
  secret: string;
  dataDir: string;
  /** The app's PUBLIC_URL: ORIGIN, or the real address when it listens. */
  origin: string;
  close(): Promise<void>;
}

/** A fresh database (copied from the migrated template) and an app built on it, for one test file. */
export async function createTestApp(
  options: {
    beforeReady?: (app: FastifyInstance) => void;
    /** Default: files in `<dataDir>/uploads`. */
    images?: ImageStorage;
    /** The built web app to serve; none by default. */
    webDist?: string;
    /** Listen on a free loopback port (for flows where the server calls itself, like OpenID Connect). */
    listen?: boolean;
    /** Environment on top of the test defaults (e.g. NODE_ENV=production). */
    env?: Record<string, string>;
    /** A second app process's view: this app's database instead of a new one (its close leaves the database). */
    shareDatabaseWith?: TestApp;
    /** Shorter limits for slow clients than the server's own. */
    httpTimeouts?: AppDeps['httpTimeouts'];
    /** Where the log lines go instead of standard output (LOG_LEVEL in `env` says which). */
    logStream?: AppDeps['logStream'];
    /** The reviews' clock (a fixed one); default the wall clock. */
    clock?: AppDeps['clock'];
    /** When counted views are written besides a full batch (a trigger the test pulls); default every few seconds. */
    viewFlushes?: AppDeps['viewFlushes'];
  } = {},
): Promise<TestApp> {
  const url = inject('pgUrl');
  const shared = options.shareDatabaseWith;
  const database = shared ? new URL(shared.databaseUrl).pathname.slice(1) : `sg_test_${randomBytes(6).toString('hex')}`;
  if (!shared) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${database} template ${inject('templateDb')}`);
    await admin.end();
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-test-data-'));
  const port = options.listen ? await freePort() : 3000;
  const origin = options.listen ? `http://127.0.0.1:${port}` : ORIGIN;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    PORT: String(port),
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'off',
    ...options.env,
  });
  const databaseUrl = withDatabase(url, database);
  const pool = createPool(databaseUrl, 10);
  // As main.ts builds it: Google sign-in through the built-in test provider unless configured otherwise.
  // Processes sharing a database share the auth secret, as deployments do.
  const secret = shared?.secret ?? randomBytes(32).toString('hex');
  const auth = createAuth({ pool, secret, publicUrl: origin, trustedOrigins: config.trustedOrigins, google: googleOAuth(config), sendAccountEmail: accountEmailOutbox(pool) });
  const images = options.images ?? diskStorage(path.join(dataDir, 'uploads'));
  const app = await buildApp({ config, pool, auth, images, webDist: options.webDist, httpTimeouts: options.httpTimeouts, logStream: options.logStream, clock: options.clock, viewFlushes: options.viewFlushes });
  options.beforeReady?.(app);
  if (options.listen) await app.listen({ port, host: '127.0.0.1' });
  else await app.ready();
  return {
    app,
    pool,
    databaseUrl,
    secret,
    dataDir,
    origin,
    async close() {
      await app.close();
      await pool.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (shared) return;
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${database} with (force)`);
      await cleanup.end();
    },
  };
}

export interface Person {
  id: string;
  name: string;
  email: string;
  cookie: string;
}

let counter = 0;

/**
 * Signs a new person up through the HTTP API and returns their session cookie. The person's email
 * is confirmed, as if they had opened the link sent to it (most tests are about people who did);
 * `confirmed: false` leaves it as a sign-up does.
 */
export async function signUp(
  app: FastifyInstance,
  role: 'Buyer' | 'Seller',
  overrides: Partial<{ name: string; email: string; password: string; image: string; confirmed: boolean }> = {},
): Promise<Person> {
  const email = overrides.email ?? `${role.toLowerCase()}${++counter}-${randomBytes(3).toString('hex')}@test.example`;
  const name = overrides.name ?? `${role} ${counter}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    // Each sign-up from an address of its own: sign-ups are limited per client address.
    remoteAddress: nextLoopbackAddress(),
    headers: { origin: app.config.publicUrl },
    payload: { name, email, password: overrides.password ?? 'secret123', role, image: overrides.image },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const id: string = res.json().user.id;
  if (overrides.confirmed !== false) {
    await app.pg.query('update users set email_verified = true where id = $1', [id]);
    // The change drops the person's cached sessions when the app hears of it: before the test goes on.
    await heardEverything(app);
  }
  return { id, name, email, cookie: sessionCookie(res.headers['set-cookie']) };
}

/**
 * The test app's job runner, sending its emails the real way: the outbox, the delivery job, SMTP,
 * the development mailbox (its rows in `dev_mailbox`); it deletes pictures' files in the app's storage.
 * Polls every 100 ms; stop it before closing the app.
 */
export function startMailingRunner(t: TestApp): Promise<JobRunner> {
  return startJobRunner({
    pool: t.pool,
    config: { publicUrl: t.origin, mail: { transport: 'dev-mailbox', from: 'Second Gear <no-reply@localhost>' } },
    secret: t.secret,
    images: t.app.images,
    pollIntervalMs: 100,
  });
}

/**
 * Makes an existing account an admin, as `npm run admin -- promote` does, with two-factor sign-in
 * on as admins need it (auth/admin-two-factor.ts); the person's cookie is the session that turned it on.
 */
export async function makeAdmin(t: TestApp): Promise<Person> {
  const { person } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Buyer'));
  await t.pool.query(`update users set role = 'admin' where id = $1`, [person.id]);
  await appHasHeard(t);
  return person;
}

/**
 * After a test changed users or sessions with SQL behind the app's back: resolves once the app has
 * applied every change announced so far (its session cache hears of them through LISTEN/NOTIFY,
 * a moment after they commit). PostgreSQL delivers notifications in commit order, so a marker
 * sent now arrives after them.
 */
export async function appHasHeard(t: TestApp) {
  await heardEverything(t.app);
}

async function heardEverything(app: FastifyInstance) {
  const listener = app.authChanges;
  if (!listener) return;
  const marker = `marker-${randomBytes(6).toString('hex')}`;
  const arrived = new Promise<void>((resolve) => listener.onChange((id) => id === marker && resolve()));
  await app.pg.query('select pg_notify($1, $2)', [AUTH_CHANGES_CHANNEL, marker]);
  await arrived;
}

export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('second-gear.session_token='));
  if (!found) throw new Error('no session cookie in the answer');
  return found.split(';')[0]!;
}

/** `app.inject` as a given person (or anonymous when `who` is undefined). */
export function as(app: FastifyInstance, who: Person | undefined, opts: InjectOptions) {
  return app.inject({ ...opts, headers: { origin: ORIGIN, ...opts.headers, ...(who ? { cookie: who.cookie } : {}) } });
}

/** A multipart/form-data body with one file, as a browser sends it. */
export function multipartFile(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----secondgear${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
