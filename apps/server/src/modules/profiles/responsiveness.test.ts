import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { createTestApp, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { bookingResponsiveness, messageResponsiveness } from './responsiveness.ts';

// How a seller answers, measured on a fixed clock from conversations and bookings written in SQL at
// known times before it.

const NOW = new Date('2026-06-01T12:00:00.000Z');
const before = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const HOUR = 60;
const DAY = 24 * HOUR;

let t: TestApp;
let seller: Person;
let otherSeller: Person;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  [seller, otherSeller] = await Promise.all([signUp(t.app, 'Seller'), signUp(t.app, 'Seller')]);
  categoryId = await insertCategory(t);
});
afterAll(() => t?.close());

/** A buyer of their own (a conversation and an open booking are one per buyer and car). */
async function buyer(): Promise<string> {
  const id = `buyer_${randomBytes(6).toString('hex')}`;
  await t.pool.query(`insert into users (id, name, email, role) values ($1, 'A buyer', $2, 'buyer')`, [id, `${id.toLowerCase()}@test.example`]);
  return id;
}

/** A conversation about `car`: the buyer's first message, and the seller's messages, at these times. */
async function conversation(car: string, sellerId: string, asked: Date, answers: Date[]) {
  const buyerId = await buyer();
  const { rows } = await t.pool.query<{ id: string }>('insert into conversations (product_id, buyer_id, seller_id, created_at) values ($1, $2, $3, $4) returning id', [
    car,
    buyerId,
    sellerId,
    asked,
  ]);
  const say = (sender: string, at: Date) =>
    t.pool.query('insert into messages (conversation_id, sender_id, body, created_at) values ($1, $2, $3, $4)', [rows[0]!.id, sender, 'Hello', at]);
  await say(buyerId, asked);
  for (const at of answers) await say(sellerId, at);
  return { buyerId, say: (at: Date) => say(buyerId, at) };
}

/** A booking request of `car` made at `asked`, in `status`, changed at `changed`. */
async function booking(car: string, asked: Date, status: 'pending' | 'confirmed' | 'declined' | 'cancelled', changed: Date | null, paid = false) {
  await t.pool.query(
    `insert into bookings (product_id, buyer_id, buyer_name, buyer_email, product_name, price, status, created_at, status_changed_at, paid,
                           meeting_time)
     values ($1, $2, 'A buyer', 'buyer@test.example', 'A car', 15000, $3, $4, $5, $6, case when $3 = 'confirmed' then $4::timestamptz + interval '3 days' end)`,
    [car, await buyer(), status, asked, changed, paid],
  );
}

describe('how a seller answers messages (the last 90 days)', () => {
  it('counts each buyer’s first message answered by the seller’s first after it, with the median time, leaving out what is too old or still open', async () => {
    const car = await insertCar(t, seller, categoryId);
    const others = await insertCar(t, otherSeller, categoryId);
    // Answered after 60, 180 and 30 minutes: the median is 60.
    const first = await conversation(car, seller.id, before(10 * DAY), [before(10 * DAY - 60)]);
    await first.say(before(9 * DAY)); // a later question in the same conversation is not a new case
    await conversation(car, seller.id, before(5 * DAY), [before(5 * DAY - 180)]);
    await conversation(car, seller.id, before(3 * DAY), [before(3 * DAY - 30), before(3 * DAY - 600)]);
    // Not answered: two days old; and asked 30 hours ago, answered only after the clock.
    await conversation(car, seller.id, before(2 * DAY), []);
    await conversation(car, seller.id, before(30 * HOUR), [new Date(NOW.getTime() + HOUR * 60_000)]);
    // Left out: asked two hours ago and not answered yet; asked 100 days ago; another seller's.
    await conversation(car, seller.id, before(2 * HOUR), []);
    await conversation(car, seller.id, before(100 * DAY), [before(100 * DAY - 5)]);
    await conversation(others, otherSeller.id, before(DAY * 4), []);

    expect(await messageResponsiveness(t.pool, seller.id, NOW)).toEqual({ cases: 5, answered: 3, medianMinutes: 60 });
    expect(await messageResponsiveness(t.pool, otherSeller.id, NOW)).toEqual({ cases: 1, answered: 0, medianMinutes: null });
  });

  it('is nothing for a seller nobody wrote to', async () => {
    const quiet = await signUp(t.app, 'Seller');
    expect(await messageResponsiveness(t.pool, quiet.id, NOW)).toEqual({ cases: 0, answered: 0, medianMinutes: null });
  });
});

describe('how a seller answers booking requests (the last 90 days)', () => {
  it('counts requests accepted or declined, with the median time, leaving out cancelled, paid-before-an-answer, too old or still open ones', async () => {
    const quick = await signUp(t.app, 'Seller');
    const car = await insertCar(t, quick, categoryId);
    const others = await insertCar(t, otherSeller, categoryId);
    // Answered after 120, 60 and 240 minutes: the median is 120.
    await booking(car, before(20 * DAY), 'confirmed', before(20 * DAY - 120));
    await booking(car, before(10 * DAY), 'declined', before(10 * DAY - 60));
    await booking(car, before(6 * DAY), 'confirmed', before(6 * DAY - 240));
    // Not answered in five days.
    await booking(car, before(5 * DAY), 'pending', null);
    // Left out: still open, cancelled by the buyer, paid before an answer, 95 days old, another seller's car.
    await booking(car, before(3 * HOUR), 'pending', null);
    await booking(car, before(4 * DAY), 'cancelled', before(4 * DAY - 10));
    await booking(car, before(4 * DAY), 'pending', null, true);
    await booking(car, before(95 * DAY), 'confirmed', before(95 * DAY - 10));
    await booking(others, before(7 * DAY), 'confirmed', before(7 * DAY - 10));

    expect(await bookingResponsiveness(t.pool, quick.id, NOW)).toEqual({ cases: 4, answered: 3, medianMinutes: 120 });
  });

  it('counts an answer given after the clock as not given yet', async () => {
    const late = await signUp(t.app, 'Seller');
    const car = await insertCar(t, late, categoryId);
    await booking(car, before(2 * DAY), 'confirmed', new Date(NOW.getTime() + 60_000));
    expect(await bookingResponsiveness(t.pool, late.id, NOW)).toEqual({ cases: 1, answered: 0, medianMinutes: null });
  });
});
