import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/pool.ts';
import { startJobRunner } from '../../jobs/runner.ts';
import { editCar, insertCar } from '../../../test/fixtures.ts';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { until } from '../../../test/until.ts';
import { tellWishlisters } from './alerts.ts';

// Wishlist alerts: price drops and a car leaving the market, told to its wishlisters once.

let t: TestApp;
let seller: Person;
let make: string;

beforeAll(async () => {
  ({ t, seller, categoryId: make } = await withPersonas(['seller'], { category: 'Mazda' }));
});
afterAll(() => t.close());

async function wishlisted(car: string, ...buyers: Person[]) {
  for (const buyer of buyers) {
    const res = await as(t.app, buyer, { method: 'PUT', url: `/api/wishlists?id=${car}&email=${encodeURIComponent(buyer.email)}` });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** `payer` paid for the car from their wishlist, its price now in cents, leaving it reserved (money held) or sold. */
async function paidFromWishlist(car: string, payer: Person, cents: number, salesStatus: 'reserved' | 'sold') {
  await inTransaction(t.pool, async (client) => {
    await client.query(
      `insert into payments (kind, wishlist_entry_id, product_id, buyer_id, buyer_email, amount, transaction_id)
       select 'wishlist', w.id, w.product_id, w.buyer_id, $3, $4, 'pi_alerts_' || w.id from wishlist_entries w where w.product_id = $1 and w.buyer_id = $2`,
      [car, payer.id, payer.email, cents],
    );
    await client.query(`update products set paid = true, sales_status = $2 where id = $1`, [car, salesStatus]);
  });
}

/** The seller's price change as the edit form records it. */
async function reprice(car: string, to: number) {
  await editCar(t, car, 'resale_price = $2', [to]);
}

const noticesOf = async (car: string) =>
  (
    await t.pool.query<{ user_id: string; kind: string; title: string; body: string; link: string; emails: number }>(
      `select n.user_id, n.kind, n.title, n.body, n.link, (select count(*)::int from email_outbox e where e.notification_id = n.id) as emails
         from notifications n where n.event_key like $1 order by n.created_at, n.user_id`,
      [`wishlist-%:${car}%`],
    )
  ).rows;
const jobsOf = async (car: string) =>
  (await t.pool.query<{ task: string; payload: unknown }>(
    `select t.identifier as task, j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where j.key = $1`,
    [`wishlist-alerts:${car}`],
  )).rows;

describe('the wishlist alerts a car write enqueues', () => {
  it('enqueue one job per wishlisted car for a burst of drops, none for a raise or an unwatched car', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const watched = await insertCar(t, seller, make, { price: 20_000 });
    const unwatched = await insertCar(t, seller, make, { price: 20_000 });
    await wishlisted(watched, buyer);
    await reprice(watched, 21_000);
    expect(await jobsOf(watched)).toEqual([]);
    await reprice(watched, 19_000);
    await reprice(watched, 18_000);
    await reprice(unwatched, 18_000);
    expect(await jobsOf(watched)).toEqual([{ task: 'wishlist_alerts', payload: { productId: watched } }]);
    expect(await jobsOf(unwatched)).toEqual([]);
  });

  it('enqueue nothing when the change rolls back', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const car = await insertCar(t, seller, make, { price: 20_000 });
    await wishlisted(car, buyer);
    await expect(
      inTransaction(t.pool, async (client) => {
        await client.query('insert into price_changes (product_id, old_price, new_price) values ($1, 20000, 15000)', [car]);
        await client.query('update products set withdrawn_at = now() where id = $1', [car]);
        throw new Error('the edit failed');
      }),
    ).rejects.toThrow('the edit failed');
    expect(await jobsOf(car)).toEqual([]);
  });
});

describe('tellWishlisters', () => {
  it('tells each wishlister of a drop once, in the bell and by email; a second run adds nothing', async () => {
    const [first, second, late] = await Promise.all([signUp(t.app, 'Buyer'), signUp(t.app, 'Buyer'), signUp(t.app, 'Buyer')]);
    const car = await insertCar(t, seller, make, { name: 'Mazda MX-5', price: 20_000 });
    await wishlisted(car, first, second);
    await reprice(car, 18_500);
    // Wishlisted after the drop: it is not news to them.
    await wishlisted(car, late);

    expect(await tellWishlisters(t.pool, car)).toBe(2);
    expect(await tellWishlisters(t.pool, car)).toBe(0);
    const told = await noticesOf(car);
    expect(told.map((n) => n.user_id).sort()).toEqual([first.id, second.id].sort());
    expect(told[0]).toMatchObject({
      kind: 'wishlist_price_drop',
      title: 'Price dropped $1,500: Mazda MX-5',
      body: 'Mazda MX-5, on your wishlist, is now $18,500 (was $20,000).',
      link: `/cars/${car}`,
      emails: 1,
    });

    // The next drop is a change of its own: told again, once, to all three.
    await reprice(car, 18_000);
    expect(await tellWishlisters(t.pool, car)).toBe(3);
    expect(await tellWishlisters(t.pool, car)).toBe(0);
  });

  it('does not tell a drop undone by a raise before the job ran', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const car = await insertCar(t, seller, make, { price: 20_000 });
    await wishlisted(car, buyer);
    await reprice(car, 18_000);
    await reprice(car, 20_000);
    expect(await tellWishlisters(t.pool, car)).toBe(0);
  });

  it('tells a sale to every wishlister but the buyer who paid, and a drop no more once the car is sold', async () => {
    const [payer, other] = await Promise.all([signUp(t.app, 'Buyer'), signUp(t.app, 'Buyer')]);
    const car = await insertCar(t, seller, make, { name: 'Mazda CX-5', price: 20_000 });
    await wishlisted(car, payer, other);
    await reprice(car, 19_000);
    await paidFromWishlist(car, payer, 1_900_000, 'sold');
    expect(await jobsOf(car)).toHaveLength(1);
    expect(await tellWishlisters(t.pool, car)).toBe(1);
    expect(await tellWishlisters(t.pool, car)).toBe(0);
    expect(await noticesOf(car)).toEqual([
      {
        user_id: other.id,
        kind: 'wishlist_sold',
        title: 'Mazda CX-5 is no longer for sale',
        body: 'Mazda CX-5, on your wishlist, has been sold to another buyer.',
        link: '/dashboard/mywishlist',
        emails: 1,
      },
    ]);
  });

  it('tells a car paid for, its money held, as reserved for another buyer', async () => {
    const [payer, other] = await Promise.all([signUp(t.app, 'Buyer'), signUp(t.app, 'Buyer')]);
    const car = await insertCar(t, seller, make, { name: 'Mazda MX-5', price: 20_000 });
    await wishlisted(car, payer, other);
    await paidFromWishlist(car, payer, 2_000_000, 'reserved');
    expect(await tellWishlisters(t.pool, car)).toBe(1);
    expect(await noticesOf(car)).toEqual([
      {
        user_id: other.id,
        kind: 'wishlist_sold',
        title: 'Mazda MX-5 is reserved for another buyer',
        body: 'Mazda MX-5, on your wishlist, is reserved: another buyer has paid for it. If their purchase falls through, it comes back on the market.',
        link: '/dashboard/mywishlist',
        emails: 1,
      },
    ]);
  });

  it('tells a withdrawal as no longer for sale; a deleted car has nobody left to tell', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const car = await insertCar(t, seller, make, { name: 'Mazda 3', price: 20_000 });
    await wishlisted(car, buyer);
    await t.pool.query('update products set withdrawn_at = now() where id = $1', [car]);
    expect(await tellWishlisters(t.pool, car)).toBe(1);
    expect((await noticesOf(car))[0]).toMatchObject({ kind: 'wishlist_sold', body: 'The seller has taken Mazda 3, on your wishlist, off the market.' });

    const gone = await insertCar(t, seller, make);
    await wishlisted(gone, buyer);
    await t.pool.query('delete from products where id = $1', [gone]);
    expect(await tellWishlisters(t.pool, gone)).toBe(0);
  });

  it('runs in the job runner, two runners telling each change once', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const car = await insertCar(t, seller, make, { price: 20_000 });
    await wishlisted(car, buyer);
    const config = { publicUrl: t.origin, mail: { transport: 'off' as const, from: 'Second Gear <no-reply@localhost>' } };
    const runners = await Promise.all([1, 2].map(() => startJobRunner({ pool: t.pool, config, secret: t.secret, pollIntervalMs: 100 })));
    try {
      await reprice(car, 17_000);
      await until(async () => (await noticesOf(car)).length === 1 && (await jobsOf(car)).length === 0, 'the alert was told', 20_000);
      expect(await noticesOf(car)).toMatchObject([{ user_id: buyer.id, kind: 'wishlist_price_drop' }]);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
  });
});

describe('price-drop emails', () => {
  /** The buyer's bell entries and emails about drops of the car. */
  async function dropsTold(buyer: Person, car: string) {
    const { rows } = await t.pool.query<{ bell: number; emails: number }>(
      `select count(*)::int as bell, count(e.id)::int as emails
         from notifications n left join email_outbox e on e.notification_id = n.id
        where n.user_id = $1 and n.event_key like $2`,
      [buyer.id, `wishlist-drop:${car}:%`],
    );
    return rows[0]!;
  }
  /** The seller moves the price, and the alert job runs before the next move. */
  async function moveAndTell(car: string, ...prices: number[]) {
    for (const price of prices) {
      await reprice(car, price);
      await tellWishlisters(t.pool, car);
    }
  }

  it('tell a price moved $100 down and up five times by one email, and every drop in the bell', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const car = await insertCar(t, seller, make, { price: 20_000 });
    await wishlisted(car, buyer);
    for (let i = 0; i < 5; i++) await moveAndTell(car, 19_900, 20_000);
    expect(await dropsTold(buyer, car)).toEqual({ bell: 5, emails: 1 });
  });

  it('send none for drops that end no lower than the price when the buyer wishlisted the car', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const car = await insertCar(t, seller, make, { price: 20_000 });
    await wishlisted(car, buyer);
    for (let i = 0; i < 5; i++) await moveAndTell(car, 20_100, 20_000);
    expect(await dropsTold(buyer, car)).toEqual({ bell: 5, emails: 0 });
  });

  it('send at most one a day per car and buyer, and the next only below the price last emailed', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const car = await insertCar(t, seller, make, { price: 20_000 });
    await wishlisted(car, buyer);
    await moveAndTell(car, 19_000, 18_000);
    expect(await dropsTold(buyer, car)).toEqual({ bell: 2, emails: 1 });
    // A day on: back up and down to no lower than the $19,000 emailed is no news by email; lower is.
    await t.pool.query(`update wishlist_entries set price_emailed_at = price_emailed_at - interval '25 hours' where product_id = $1`, [car]);
    await moveAndTell(car, 19_500, 19_000);
    expect(await dropsTold(buyer, car)).toEqual({ bell: 3, emails: 1 });
    await moveAndTell(car, 18_500);
    expect(await dropsTold(buyer, car)).toEqual({ bell: 4, emails: 2 });
  });
});
