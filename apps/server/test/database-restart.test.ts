import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres.ts';
import { DATABASE_UNAVAILABLE } from '../src/errors.ts';
import { freePort } from '../src/free-port.ts';
import { createDatabase } from './database-url.ts';
import { SmtpSink } from './smtp-sink.ts';
import { until } from './until.ts';
import { call, ready, signUp, startApp, stopAllApps, tempDir, type AppProcess, type Session } from './processes.ts';

/**
 * The real app (main.ts) on DATABASE_URL of a PostgreSQL server that is stopped (fast shutdown)
 * and started again on the same port: during the outage every kind of request answers 503 with
 * Retry-After, soon; afterwards the pool, the session cache's LISTEN connection and the job runner
 * are back by themselves, and what was acknowledged before is all there.
 */
const pgDir = tempDir('sg-restart-pg-');
const dataDir = tempDir('sg-restart-data-');
const METRICS_TOKEN = randomBytes(16).toString('hex');
const sink = new SmtpSink();
let port: number;
let server: EmbeddedDatabase | undefined;
let databaseUrl: string;
let app: AppProcess;

beforeAll(async () => {
  port = await freePort();
  server = await startEmbeddedPostgres(pgDir, () => {}, { port });
  databaseUrl = await createDatabase(server.url, 'second_gear_restart');
  const smtpUrl = await sink.listen();
  app = startApp(await freePort(), { DATABASE_URL: databaseUrl, AUTH_SECRET: randomBytes(32).toString('hex'), DATA_DIR: dataDir, DEMO_DATA: 'off', SMTP_URL: smtpUrl, METRICS_TOKEN });
  await ready(app);
}, 180_000);

afterAll(async () => {
  // An app that died in the middle tells why.
  if (app && app.child.exitCode !== null) console.log(app.output());
  await stopAllApps();
  await sink.close();
  await server?.stop();
  fs.rmSync(pgDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One query on a connection of the test's own. */
async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A call with its Retry-After; it gives up (throws) if the app takes longer than `withinMs` to answer. */
async function timedCall(who: Session | undefined, method: string, url: string, body?: unknown, withinMs = 15_000) {
  const res = await fetch(`${app.url}${url}`, {
    method,
    headers: { origin: app.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(who ? { cookie: who.cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(withinMs),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { message?: string; status?: string } };
}

/** Five cars of one seller, written straight to the database (the demo data would take a minute to load). */
async function fiveCars(): Promise<string[]> {
  const seller = await signUp(app.url, `restart-seller-${randomBytes(3).toString('hex')}@test.example`, 'Seller');
  // Confirmed, as if the seller had opened their link: only a confirmed address is sent the bookings' emails.
  const sellerId = (await query<{ id: string }>('update users set email_verified = true where email = $1 returning id', [seller.email]))[0]!.id;
  const key = randomBytes(16).toString('base64url');
  await query(`insert into images (key, widths) values ($1, '{480}')`, [key]);
  const categoryId = (await query<{ id: string }>(`insert into categories (name, details, image_key) values ('Volvo', 'Swedish cars', $1) returning id`, [key]))[0]!.id;
  const cars = await query<{ id: string }>(
    `insert into products (category_id, seller_id, seller_name, seller_email, product_name, condition, description, original_price,
       resale_price, year_of_purchase, mobile, location, image_key)
     select $1, $2, 'Seller', $3, 'Volvo XC60 ' || i, 'Good', 'A car', 30000, 25000, '2019', '555-0100', 'Town', $4 from generate_series(1, 5) i
     returning id`,
    [categoryId, sellerId, seller.email, key],
  );
  return cars.map((c) => c.id);
}

const book = (buyer: Session, carId: string) => call(app.url, buyer, 'POST', '/api/bookings', { productId: carId, phone: '555-0100', location: 'Depot' });
const sessionCacheHits = async () => {
  const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return Number(/^cache_requests_total\{cache="session",result="hit"\} (\d+)$/m.exec(await res.text())?.[1] ?? 0);
};

describe('a PostgreSQL restart under a running app', () => {
  it('answers 503 with Retry-After during the outage and every kind of route again soon after, losing no acknowledged write', async () => {
    const buyer = await signUp(app.url, `restart-${randomBytes(3).toString('hex')}@test.example`);
    const cars = await fiveCars();
    // Acknowledged writes before the outage: bookings, each of which also emails its car's seller.
    for (const car of cars.slice(0, 3)) expect((await book(buyer, car)).status).toBe(200);
    await until(() => sink.received.length >= 3, 'the first three emails arrived', 30_000);

    // ---- the outage: fast shutdown (what a restart or failover does) ----
    await server!.stop();
    const during = {
      health: await timedCall(undefined, 'GET', '/api/health'),
      publicRead: await timedCall(undefined, 'GET', '/api/addProductCategories'),
      signedInRead: await timedCall(buyer, 'GET', `/api/orders?email=${encodeURIComponent(buyer.email)}`),
      write: await timedCall(buyer, 'POST', '/api/bookings', { productId: cars[3], phone: '555-0100', location: 'Depot' }),
      signIn: await timedCall(undefined, 'POST', '/api/auth/sign-in/email', { email: buyer.email, password: 'secret123' }),
    };
    const unavailable = { status: 503, retryAfter: expect.stringMatching(/^\d+$/), body: expect.objectContaining({ message: DATABASE_UNAVAILABLE }) };
    expect(during).toEqual({
      health: expect.objectContaining({ status: 503, body: { status: 'unavailable' } }),
      publicRead: unavailable,
      signedInRead: unavailable,
      write: unavailable,
      signIn: unavailable,
    });

    // ---- back on the same port ----
    server = await startEmbeddedPostgres(pgDir, () => {}, { port });
    const back = Date.now();
    await until(async () => (await timedCall(undefined, 'GET', '/api/health').catch(() => null))?.status === 200, 'the app is healthy again', 10_000);
    const healthyAfterMs = Date.now() - back;
    expect(healthyAfterMs, 'healthy within 10 s of the database’s return').toBeLessThan(10_000);

    expect((await call(app.url, undefined, 'GET', '/api/addProductCategories')).status).toBe(200);
    const orders = await call(app.url, buyer, 'GET', `/api/orders?email=${encodeURIComponent(buyer.email)}`);
    expect(orders.status).toBe(200);
    // A write, and the job runner: its email reaches the seller.
    const sent = sink.received.length;
    expect((await book(buyer, cars[4]!)).status).toBe(200);
    await until(() => sink.received.length > sent, 'the email of a booking made after the restart arrived', 30_000);

    // The session cache listens again: it is on (signed-in reads hit it), and a change made outside
    // the app (what `npm run admin -- promote` does) reaches it.
    await until(async () => (await query('select 1 from pg_stat_activity where application_name = $1', ['second-gear session changes'])).length === 1, 'the session cache listens again');
    const isAdmin = async () => call(app.url, buyer, 'GET', `/api/users/admin/${encodeURIComponent(buyer.email)}`);
    expect((await isAdmin()).body).toEqual({ isAdmin: false });
    const hits = await sessionCacheHits();
    expect((await isAdmin()).body).toEqual({ isAdmin: false });
    expect(await sessionCacheHits(), 'the session came from the cache').toBeGreaterThan(hits);
    await query(`update users set role = 'admin', updated_at = now() where email = $1`, [buyer.email]);
    await until(async () => (await isAdmin()).body?.isAdmin === true, 'the cached session sees the promotion', 5000);

    // Every acknowledged booking is there, and the one refused during the outage is not.
    const booked = await query<{ product_id: string }>('select product_id from bookings where buyer_email = $1', [buyer.email]);
    expect(booked.map((r) => r.product_id).sort()).toEqual([cars[0], cars[1], cars[2], cars[4]].sort());
    console.log(`database restart: healthy ${healthyAfterMs} ms after PostgreSQL was back`);
  }, 120_000);
});
