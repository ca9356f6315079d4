import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCategories } from '../demo/catalog.ts';
import { demoListings } from '../src/demo-data/fleet.ts';
import { demoAccounts } from '../src/demo-data/seed.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres.ts';
import { freePort } from '../src/free-port.ts';
import { createDatabase } from './database-url.ts';
import { until } from './until.ts';
import { call, chargeOrder, ready, signUp, startApp, stopAllApps, stopApp, tempDir, unsoldCars, type AppProcess, type Car, type Session } from './processes.ts';

/**
 * The scale-out path: two real app processes (main.ts) on one PostgreSQL server, started at the
 * same moment, with the booking and payment races of the API tests run across both of them.
 */
const pgDir = tempDir('sg-scale-pg-');
// Shared by both processes, as `./data` is in the README's example (uploaded pictures live here).
const dataDir = tempDir('sg-scale-data-');
let server: EmbeddedDatabase | undefined;
let db: pg.Client;
let a: AppProcess;
let b: AppProcess;
let cars: Car[];
let nextCar = 0;
let counter = 0;

const newBuyer = (via: AppProcess) => signUp(via.url, `scale-${++counter}-${randomBytes(3).toString('hex')}@test.example`);
const takeCar = () => cars[nextCar++]!;

/** The i-th of several simultaneous calls goes to A or B in turn. */
const either = (i: number) => (i % 2 === 0 ? a : b);

beforeAll(async () => {
  server = await startEmbeddedPostgres(pgDir, () => {});
  const databaseUrl = await createDatabase(server.url, 'second_gear_scale');
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();

  const env = { DATABASE_URL: databaseUrl, AUTH_SECRET: randomBytes(32).toString('hex'), DATA_DIR: dataDir, DEMO_DATA: 'on' };
  const [portA, portB] = [await freePort(), await freePort()];
  a = startApp(portA, env);
  b = startApp(portB, env);
  await Promise.all([ready(a), ready(b)]);
}, 180_000);

afterAll(async () => {
  await stopAllApps();
  await db?.end().catch(() => {});
  await server?.stop();
  fs.rmSync(pgDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('two app processes on one PostgreSQL server', () => {
  it('migrate once and seed once, though started together with DEMO_DATA=on', async () => {
    const outputs = [a.output(), b.output()];
    expect(outputs.filter((o) => /applied migrations/.test(o))).toHaveLength(1);
    expect(outputs.filter((o) => /demo data added/.test(o))).toHaveLength(1);

    const files = fs.readdirSync(path.join(import.meta.dirname, '../src/db/migrations')).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f));
    const { rows: migrations } = await db.query<{ version: string }>('select version from schema_migrations order by version');
    expect(migrations.map((r) => `${r.version}.sql`)).toEqual(files.sort());

    const { rows } = await db.query<{ categories: number; products: number; accounts: number }>(
      `select (select count(*)::int from categories) as categories, (select count(*)::int from products) as products,
              (select count(*)::int from users where email = any($1)) as accounts`,
      [demoAccounts.map((x) => x.email)],
    );
    expect(rows[0]).toEqual({ categories: demoCategories.length, products: demoListings(new Date().getFullYear()).length, accounts: demoAccounts.length });
    // Both processes serve the same catalog.
    const [viaA, viaB] = await Promise.all([call(a.url, undefined, 'GET', '/api/categories'), call(b.url, undefined, 'GET', '/api/categories')]);
    expect(viaA.body).toHaveLength(demoCategories.length);
    expect(viaB.body).toEqual(viaA.body);
  });

  it('accept a session made on one process on the other', async () => {
    for (const [made, used] of [
      [a, b],
      [b, a],
    ] as const) {
      const buyer = await newBuyer(made);
      const res = await call(used.url, buyer, 'GET', `/api/orders?email=${encodeURIComponent(buyer.email)}`);
      expect(res).toEqual({ status: 200, body: [] });
      expect((await call(used.url, undefined, 'GET', `/api/orders?email=${encodeURIComponent(buyer.email)}`)).status).toBe(401);
    }
    cars = await unsoldCars(a.url, await newBuyer(a));
    expect(cars.length).toBeGreaterThanOrEqual(8);
  });

  it('see a sign-out and a promotion made through one process on the other, long before a cached session would expire', async () => {
    const buyer = await newBuyer(a);
    const isAdmin = async (via: AppProcess) => call(via.url, buyer, 'GET', `/api/users/admin/${encodeURIComponent(buyer.email)}`);
    // B now remembers this session (SESSION_CACHE_SECONDS, 30 by default).
    expect(await isAdmin(b)).toEqual({ status: 200, body: { isAdmin: false } });

    // What `npm run admin -- promote` does, from outside both processes.
    await db.query(`update users set role = 'admin', updated_at = now() where email = $1`, [buyer.email]);
    // Another process learns of a change when PostgreSQL's notice reaches it, a moment after the
    // commit; 5 s is far beyond that moment and far below the 30 s a cached session could live.
    await until(async () => (await isAdmin(b)).body?.isAdmin === true, 'B sees the promotion', 5000);

    expect((await call(a.url, buyer, 'POST', '/api/auth/sign-out')).status).toBe(200);
    await until(async () => (await isAdmin(b)).status === 401, 'B refuses the signed-out session', 5000);
  });

  let booking: { buyer: Session; bookingId: string; car: Car };

  it('make exactly one booking of twenty simultaneous requests for one car by one buyer, split across both', async () => {
    const buyer = await newBuyer(a);
    const car = takeCar();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(either(i).url, buyer, 'POST', '/api/bookings', { productId: car.id, phone: `555-01${i}`, location: 'Depot' })),
    );
    // Each request counts against the buyer's bookings of the car while it runs (shared by both
    // processes in PostgreSQL), so those beyond the limit at that instant are a 429.
    expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    const made = answers.filter((r) => r.body.acknowledged === true);
    expect(made).toHaveLength(1);
    for (const r of answers.filter((x) => x.body.acknowledged === false)) expect(r.body.message).toMatch(/already booked/);
    const { rows } = await db.query('select id from bookings where product_id = $1', [car.id]);
    expect(rows).toEqual([{ id: made[0]!.body.insertedId }]);
    for (const via of [a, b]) {
      const orders = await call(via.url, buyer, 'GET', `/api/orders?email=${encodeURIComponent(buyer.email)}`);
      expect(orders.body.map((o: { _id: string }) => o._id)).toEqual([made[0]!.body.insertedId]);
    }
    booking = { buyer, bookingId: made[0]!.body.insertedId, car };
  });

  it('record one payment of fifty simultaneous POST /payments for one order, split across both', async () => {
    const { buyer, bookingId, car } = booking;
    // The intent made on A, the card confirmed on B.
    const transactionId = await chargeOrder(a.url, b.url, buyer, bookingId);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(either(i).url, buyer, 'POST', '/api/payments', { transactionId, bookingId, email: buyer.email })),
    );
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    const ids = new Set(ok.map((r) => r.body.insertedId));
    expect(ids.size).toBe(1);
    const { rows } = await db.query<{ id: string }>('select id from payments where booking_id = $1', [bookingId]);
    expect(rows).toEqual([{ id: [...ids][0] }]);
    const { rows: refunds } = await db.query('select 1 from payment_refunds where transaction_id = $1', [transactionId]);
    expect(refunds).toEqual([]);
    for (const via of [a, b]) {
      const order = await call(via.url, buyer, 'GET', `/api/orders/${bookingId}`);
      expect(order.body).toMatchObject({ paid: true, transactionId, listingStatus: 'reserved' });
    }
    expect((await unsoldCars(b.url, buyer)).map((c) => c.id)).not.toContain(car.id);
    console.info(`[scale-out] 50 simultaneous POST /payments: ${ok.length} answered the same insertedId, ${answers.length - ok.length} answered 409; 1 payment row`);
  });

  it('record one of two buyers paying for one car at the same moment through different processes; the other is refunded and told', async () => {
    const ROUNDS = 4; // cars raced at once
    const [first, second] = await Promise.all([newBuyer(a), newBuyer(b)]);
    const results = await Promise.all(
      Array.from({ length: ROUNDS }, async () => {
        const car = takeCar();
        const contenders = [
          { buyer: first, via: a },
          { buyer: second, via: b },
        ];
        const orders = await Promise.all(
          contenders.map(async ({ buyer, via }) => {
            const res = await call(via.url, buyer, 'POST', '/api/bookings', { productId: car.id, phone: '555-0199', location: 'Depot' });
            expect(res.body.acknowledged).toBe(true);
            const bookingId = res.body.insertedId as string;
            // Both are charged before either records: the race the refund exists for.
            return { buyer, via, bookingId, transactionId: await chargeOrder(via.url, via.url, buyer, bookingId) };
          }),
        );
        const answers = await Promise.all(
          orders.map((o) => call(o.via.url, o.buyer, 'POST', '/api/payments', { transactionId: o.transactionId, bookingId: o.bookingId, email: o.buyer.email })),
        );
        return { car, orders, answers };
      }),
    );

    for (const { car, orders, answers } of results) {
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = orders[answers.findIndex((r) => r.status === 200)]!;
      const loser = orders[answers.findIndex((r) => r.status === 409)]!;
      const refusal = answers.find((r) => r.status === 409)!;
      expect(refusal.body.message).toMatch(new RegExp(`is reserved for another buyer; your payment of \\$[\\d,.]+ was refunded`));

      const { rows: payments } = await db.query<{ transaction_id: string }>('select transaction_id from payments where product_id = $1', [car.id]);
      expect(payments).toEqual([{ transaction_id: winner.transactionId }]);
      const { rows: intents } = await db.query<{ id: string; refunded: boolean }>('select id, refunded from test_processor_intents where id = any($1) order by id', [
        [winner.transactionId, loser.transactionId],
      ]);
      expect(Object.fromEntries(intents.map((i) => [i.id, i.refunded]))).toEqual({ [winner.transactionId]: false, [loser.transactionId]: true });
      const { rows: refunds } = await db.query('select transaction_id, reason from payment_refunds where product_id = $1', [car.id]);
      expect(refunds).toEqual([{ transaction_id: loser.transactionId, reason: 'sold to someone else' }]);

      // Each buyer sees it from the other process too.
      const lost = await call(winner.via.url, loser.buyer, 'GET', `/api/orders/${loser.bookingId}`);
      expect(lost.body).toMatchObject({ paid: false, listingStatus: 'reserved' });
      const won = await call(loser.via.url, winner.buyer, 'GET', `/api/orders/${winner.bookingId}`);
      expect(won.body).toMatchObject({ paid: true, transactionId: winner.transactionId, listingStatus: 'reserved' });
      // And cannot pay again: refused before being charged.
      const again = await call(loser.via.url, loser.buyer, 'POST', '/api/create-payment-intent', { bookingId: loser.bookingId });
      expect(again.status).toBe(409);
    }
    const wins = results.map((r) => (r.answers[0]!.status === 200 ? 'A' : 'B')).join('');
    console.info(`[scale-out] two buyers, ${ROUNDS} cars raced at once through A and B: winners ${wins}; every loser refunded`);
  }, 60_000);

  it('stop cleanly', async () => {
    expect(await Promise.all([stopApp(a), stopApp(b)])).toEqual([0, 0]);
  });
});
