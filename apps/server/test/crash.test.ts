import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '../src/db/process-lock.ts';
import { freePort } from '../src/free-port.ts';
import {
  call,
  GOOD_CARD,
  postmasterPid,
  ready,
  signUp,
  startApp,
  stopAllApps,
  stopApp,
  stopOrphanedPostgres,
  tempDir,
  unsoldCars,
  type Car,
  type Session,
} from './processes.ts';

/**
 * SIGKILL of the real app and of its embedded PostgreSQL in the middle of a burst of bookings and
 * payments, then a plain restart: whatever the app acknowledged is there, nothing is sold twice,
 * and every card charged before the crash ends up either recorded or refunded.
 */
const dataDir = tempDir('sg-crash-');

afterAll(async () => {
  await stopAllApps();
  await stopOrphanedPostgres(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BUYERS = 8;
/** Acknowledged payments after which both processes are killed (the demo catalog has about 300 cars). */
const KILL_AFTER_PAYMENTS = 8;

interface Booked {
  buyer: Session;
  bookingId: string;
  productId: string;
}
interface Paid extends Booked {
  transactionId: string;
  insertedId: string;
}

describe('a crash in the middle of a burst of bookings and payments', () => {
  it('keeps every acknowledged booking and payment through a SIGKILL of the app and its PostgreSQL, and starts unaided', async () => {
    const first = startApp(await freePort(), { DATA_DIR: dataDir, DEMO_DATA: 'on' });
    await ready(first);
    const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => signUp(first.url, `crash-buyer${i}@test.example`)));
    const cars = await unsoldCars(first.url, buyers[0]!);
    expect(cars.length).toBeGreaterThanOrEqual(20);

    // ---- the burst: every buyer books and pays, several of them for the same few cars ----
    const booked: Booked[] = [];
    const paid: Paid[] = [];
    const charged: Booked[] = [];
    const refusedAfterCharge: string[] = [];
    const gone = new Set<string>(); // cars the burst saw sold
    let killed = false;
    let inFlight = 0;
    const unexpected: unknown[] = [];

    const worker = async (buyer: Session) => {
      const mine = new Set<string>();
      const send = async (method: string, url: string, body: unknown) => {
        inFlight++;
        try {
          return await call(first.url, url.startsWith('/api/test-processor') ? undefined : buyer, method, url, body);
        } finally {
          inFlight--;
        }
      };
      while (!killed) {
        const open = cars.filter((c) => !gone.has(c.id) && !mine.has(c.id));
        if (!open.length) return;
        // The first few open cars: buyers collide on them, so the two-buyers race happens under the burst too.
        const car = open[Math.floor(Math.random() * Math.min(3, open.length))]!;
        mine.add(car.id);
        try {
          const booking = await send('POST', '/api/bookings', { productId: car.id, phone: '555-0100', location: 'Main Street' });
          if (booking.status !== 200) throw new Error(`booking: ${booking.status} ${JSON.stringify(booking.body)}`);
          if (!booking.body.acknowledged) {
            gone.add(car.id);
            continue;
          }
          const order = { buyer, bookingId: booking.body.insertedId as string, productId: car.id };
          booked.push(order);

          const intent = await send('POST', '/api/create-payment-intent', { bookingId: order.bookingId });
          if (intent.status === 409) {
            gone.add(car.id); // sold meanwhile: refused before any charge
            continue;
          }
          if (intent.status !== 200) throw new Error(`intent: ${intent.status} ${JSON.stringify(intent.body)}`);
          const confirm = await send('POST', '/api/test-processor/confirm', {
            clientSecret: intent.body.clientSecret,
            card: GOOD_CARD,
            billingDetails: { name: 'Crash Buyer', email: buyer.email },
          });
          if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${JSON.stringify(confirm.body)}`);
          const transactionId = confirm.body.paymentIntent.id as string;
          charged.push(order);

          const payment = await send('POST', '/api/payments', { transactionId, bookingId: order.bookingId, email: buyer.email });
          gone.add(car.id);
          if (payment.status === 200) paid.push({ ...order, transactionId, insertedId: payment.body.insertedId });
          else if (payment.status === 409 && /refunded/.test(payment.body.message)) refusedAfterCharge.push(transactionId);
          else throw new Error(`payment: ${payment.status} ${JSON.stringify(payment.body)}`);
        } catch (err) {
          if (killed) return; // the server is gone: this request's fate is unknown, which is allowed
          unexpected.push(err);
          return;
        }
      }
    };
    const burst = buyers.map(worker);

    for (const end = Date.now() + 60_000; paid.length < KILL_AFTER_PAYMENTS && !unexpected.length && Date.now() < end; ) await sleep(5);
    expect(unexpected).toEqual([]);
    expect(paid.length).toBeGreaterThanOrEqual(KILL_AFTER_PAYMENTS);
    const pgPid = postmasterPid(dataDir)!;
    killed = true;
    const requestsInFlight = inFlight;
    first.child.kill('SIGKILL');
    process.kill(pgPid, 'SIGKILL');
    await Promise.all(burst);
    await first.exited;
    for (let i = 0; i < 100 && isAlive(pgPid); i++) await sleep(20);
    expect(isAlive(pgPid)).toBe(false);
    expect(requestsInFlight).toBeGreaterThan(0);

    // ---- start again, as an operator would: same DATA_DIR, nothing fixed by hand ----
    const again = startApp(await freePort(), { DATA_DIR: dataDir, DEMO_DATA: 'on' });
    await ready(again);
    expect(again.output()).toMatch(/removing a stale postmaster\.pid/);
    expect(again.output()).not.toMatch(/demo data added/);
    expect((await call(again.url, undefined, 'GET', '/api/health')).status).toBe(200);

    // Every acknowledged booking is in its buyer's orders (the sessions survived too).
    const ordersOf = async (buyer: Session) => {
      const res = await call(again.url, buyer, 'GET', `/api/orders?email=${encodeURIComponent(buyer.email)}`);
      expect(res.status).toBe(200);
      return new Map((res.body as { _id: string; productId: string; paid: boolean; transactionId: string | null; listingStatus: string }[]).map((o) => [o._id, o]));
    };
    const orders = new Map(await Promise.all(buyers.map(async (b) => [b.email, await ordersOf(b)] as const)));
    for (const b of booked) expect(orders.get(b.buyer.email)!.get(b.bookingId), `booking ${b.bookingId}`).toMatchObject({ productId: b.productId });

    // Every acknowledged payment shows paid, its car reserved, and recording it again answers the same id.
    for (const p of paid) {
      expect(orders.get(p.buyer.email)!.get(p.bookingId), `payment ${p.insertedId}`).toMatchObject({ paid: true, transactionId: p.transactionId, listingStatus: 'reserved' });
      const retry = await call(again.url, p.buyer, 'POST', '/api/payments', { transactionId: p.transactionId, bookingId: p.bookingId, email: p.buyer.email });
      expect(retry).toEqual({ status: 200, body: { acknowledged: true, insertedId: p.insertedId } });
    }

    // Charges the crash cut off (confirmed, but POST /payments unanswered or never sent) are settled
    // by the buyer's retry: recorded, or refunded with a message. None is left charged and unrecorded.
    const db = new pg.Client({ connectionString: fs.readFileSync(path.join(dataDir, 'postgres-url'), 'utf8') });
    await db.connect();
    try {
      const { rows: dangling } = await db.query<{ id: string; receipt_email: string; booking_id: string }>(
        `select i.id, i.receipt_email, i.metadata->>'bookingId' as booking_id from test_processor_intents i
          where i.status = 'succeeded' and not i.refunded and not exists (select 1 from payments p where p.transaction_id = i.id)`,
      );
      const settled = { recorded: 0, refunded: 0 };
      for (const d of dangling) {
        const buyer = buyers.find((b) => b.email === d.receipt_email)!;
        const res = await call(again.url, buyer, 'POST', '/api/payments', { transactionId: d.id, bookingId: d.booking_id, email: buyer.email });
        if (res.status === 200) settled.recorded++;
        else {
          expect(res.status).toBe(409);
          expect(res.body.message).toMatch(/refunded/);
          settled.refunded++;
        }
      }
      const { rows: leftCharged } = await db.query(
        `select id from test_processor_intents i where status = 'succeeded' and not refunded and not exists (select 1 from payments p where p.transaction_id = i.id)`,
      );
      expect(leftCharged).toEqual([]);

      // No car is sold twice, and the books agree: one payment per sold car and per paid order.
      const { rows: twice } = await db.query('select product_id, count(*) from payments group by product_id having count(*) > 1');
      expect(twice).toEqual([]);
      const { rows: counts } = await db.query<{ payments: number; sold: number; paid_orders: number; refunds: number }>(
        `select (select count(*)::int from payments) as payments, (select count(*)::int from products where paid) as sold,
                (select count(*)::int from bookings where paid) as paid_orders, (select count(*)::int from payment_refunds) as refunds`,
      );
      expect(counts[0]!.sold).toBe(counts[0]!.payments);
      expect(counts[0]!.paid_orders).toBe(counts[0]!.payments);
      const { rows: mismatched } = await db.query(
        `select p.id from payments p left join bookings b on b.id = p.booking_id left join products c on c.id = p.product_id
          where not coalesce(b.paid and b.transaction_id = p.transaction_id and b.product_id = p.product_id and c.paid, false)`,
      );
      expect(mismatched).toEqual([]);

      // The buyers' own view agrees: at most one paid order per car, and sold cars left the category pages.
      const after = new Map(await Promise.all(buyers.map(async (b) => [b.email, await ordersOf(b)] as const)));
      const paidOrders = [...after.values()].flatMap((m) => [...m.values()]).filter((o) => o.paid);
      const perCar = new Map<string, number>();
      for (const o of paidOrders) perCar.set(o.productId, (perCar.get(o.productId) ?? 0) + 1);
      expect([...perCar.values()].every((n) => n === 1)).toBe(true);
      const listed = new Set((await unsoldCars(again.url, buyers[0]!)).map((c: Car) => c.id));
      for (const p of paid) expect(listed.has(p.productId), `sold car ${p.productId} still listed`).toBe(false);
      for (const id of perCar.keys()) expect(listed.has(id)).toBe(false);
      expect(listed.size).toBe(cars.length - perCar.size);

      console.info(
        `[crash] ${booked.length} acknowledged bookings and ${paid.length} acknowledged payments survived the kill ` +
          `(${charged.length} cards charged, ${refusedAfterCharge.length} refunded in the race, ${requestsInFlight} requests in flight at the kill); ` +
          `after restart ${settled.recorded} cut-off charges recorded and ${settled.refunded} refunded; ${counts[0]!.payments} cars sold, none twice`,
      );
    } finally {
      await db.end();
    }

    expect(await stopApp(again)).toBe(0);
    expect(postmasterPid(dataDir)).toBeUndefined();
  }, 240_000);
});
