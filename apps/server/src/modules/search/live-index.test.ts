import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuery } from '@second-gear/contract';
import { type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { LiveCarIndex, LOOK_SQL } from './live-index.ts';

let t: TestApp;
let seller: Person;
let make: string;

beforeAll(async () => {
  ({ t, seller, categoryId: make } = await withPersonas(['seller'], { category: 'Skoda' }));
});
afterAll(() => t.close());

/** The ids a copy finds for a query, after bringing it up to date. */
async function found(copy: LiveCarIndex, query: Record<string, string> = {}): Promise<string[]> {
  const { cars } = await copy.current();
  return cars.search(searchQuery.parse({ make, limit: '48', ...query }), undefined, new Map()).page.map((p) => p.id);
}

describe('LiveCarIndex: each process sees every committed write at its next search', () => {
  it('follows new, changed, sold, withdrawn and deleted cars and a seller verified, written by anyone', async () => {
    // Two copies on one database are two server processes; the writes go straight to the database.
    const here = new LiveCarIndex(t.pool);
    const there = new LiveCarIndex(t.pool);
    const car = await insertCar(t, seller, make, { name: 'Skoda Octavia', price: 9000 });
    expect(await found(here)).toContain(car);
    expect(await found(there, { maxPrice: '9000' })).toContain(car);

    await t.pool.query('update products set resale_price = 9500 where id = $1', [car]);
    expect(await found(there, { maxPrice: '9000' })).not.toContain(car);
    expect(await found(there, { verified: 'true' })).not.toContain(car);
    await t.pool.query('update users set verified = true where id = $1', [seller.id]);
    expect(await found(there, { verified: 'true' })).toContain(car);

    const sold = await insertCar(t, seller, make, { name: 'Skoda Fabia' });
    const withdrawn = await insertCar(t, seller, make, { name: 'Skoda Superb' });
    const deleted = await insertCar(t, seller, make, { name: 'Skoda Kodiaq' });
    expect(await found(here)).toEqual(expect.arrayContaining([sold, withdrawn, deleted]));
    await t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [sold]);
    await t.pool.query('update products set withdrawn_at = now() where id = $1', [withdrawn]);
    await t.pool.query('delete from products where id = $1', [deleted]);
    const now = await found(here);
    expect(now).toContain(car);
    expect(now).not.toContain(sold);
    expect(now).not.toContain(withdrawn);
    expect(now).not.toContain(deleted);
  });

  it('follows a car\'s fair price being added, moved and dropped (Great or good price, Best deal)', async () => {
    const copy = new LiveCarIndex(t.pool);
    const car = await insertCar(t, seller, make, { name: 'Skoda Rapid', price: 8000 });
    const good = { goodPrice: 'true' };
    expect(await found(copy, good)).not.toContain(car);
    await t.pool.query(`insert into price_estimates (product_id, comparables, estimate, low, high, rating) values ($1, 6, 9000, 8000, 10000, 'Good price')`, [car]);
    expect(await found(copy, good)).toContain(car);
    expect((await found(copy, { sort: 'best-deal' }))[0]).toBe(car);
    await t.pool.query(`update price_estimates set estimate = 7800, rating = 'Fair price' where product_id = $1`, [car]);
    expect(await found(copy, good)).not.toContain(car);
    await t.pool.query(`update price_estimates set estimate = 10000, rating = 'Great price' where product_id = $1`, [car]);
    expect(await found(copy, good)).toContain(car);
    await t.pool.query('delete from price_estimates where product_id = $1', [car]);
    expect(await found(copy, good)).not.toContain(car);
  });

  it("follows a car's listing-check flag being written and dismissed: a flagged car is no good price and comes after every unflagged car in Best deal", async () => {
    const copy = new LiveCarIndex(t.pool);
    const cheap = await insertCar(t, seller, make, { name: 'Skoda Citigo', price: 5000 });
    const unrated = await insertCar(t, seller, make, { name: 'Skoda Yeti', price: 30_000 });
    await t.pool.query(`insert into price_estimates (product_id, comparables, estimate, low, high, rating) values ($1, 6, 9000, 8000, 10000, 'Great price')`, [cheap]);
    const bestDeal = async () => found(copy, { sort: 'best-deal' });
    expect((await bestDeal())[0]).toBe(cheap);
    expect(await found(copy, { goodPrice: 'true' })).toContain(cheap);

    // The check that flags it, as checkListing writes its rows.
    await t.pool.query(
      `insert into listing_checks (product_id, name, outcome, detail) values ($1, 'price', 'flagged', 'The price is 44% below the fair price of similar cars.'), ($1, 'vin', 'passed', 'No other listing.')`,
      [cheap],
    );
    let order = await bestDeal();
    expect(order.at(-1)).toBe(cheap);
    // After a car with no fair price at all, too.
    expect(order.indexOf(unrated)).toBeLessThan(order.indexOf(cheap));
    expect(await found(copy, { goodPrice: 'true' })).not.toContain(cheap);

    // An admin dismisses it in Reported Items: the car earns its place back.
    await t.pool.query(`update listing_checks set dismissed_at = now() where product_id = $1 and outcome = 'flagged'`, [cheap]);
    expect((await bestDeal())[0]).toBe(cheap);
    expect(await found(copy, { goodPrice: 'true' })).toContain(cheap);

    // A new finding shows again; checks that pass again lift it.
    await t.pool.query(`update listing_checks set detail = 'The price is 50% below the fair price of similar cars.', dismissed_at = null where product_id = $1 and name = 'price'`, [cheap]);
    order = await bestDeal();
    expect(order.at(-1)).toBe(cheap);
    await t.pool.query(`update listing_checks set outcome = 'passed', detail = 'In line.' where product_id = $1 and name = 'price'`, [cheap]);
    expect((await bestDeal())[0]).toBe(cheap);
    // A full reload reads the flag too.
    await t.pool.query(`update listing_checks set outcome = 'flagged' where product_id = $1 and name = 'price'`, [cheap]);
    expect((await found(new LiveCarIndex(t.pool), { sort: 'best-deal' })).at(-1)).toBe(cheap);
  });

  it('gives the makes as they are at each look', async () => {
    const copy = new LiveCarIndex(t.pool);
    await copy.current();
    const added = await insertCategory(t, 'Lada');
    expect((await copy.current()).makes).toContainEqual({ id: added, name: 'Lada' });
    await t.pool.query(`update categories set name = 'VAZ' where id = $1`, [added]);
    expect((await copy.current()).makes).toContainEqual({ id: added, name: 'VAZ' });
  });

  it('misses no transaction that was still running when it last looked and commits later', async () => {
    const copy = new LiveCarIndex(t.pool);
    await found(copy);
    const slow = await t.pool.connect();
    try {
      await slow.query('begin');
      const { rows } = await slow.query<{ id: string }>(
        `insert into products (category_id, seller_id, seller_name, seller_email, product_name, condition, description, original_price,
           resale_price, year_of_purchase, mobile, location, image_key)
         select $1, $2, 'S', 's@example.com', 'Skoda Yeti', 'Good', 'A car', 9000, 8000, '2015', '555-0100', 'Town', image_key
           from products limit 1 returning id`,
        [make, seller.id],
      );
      // A later transaction commits first, and the copy looks in between.
      const quick = await insertCar(t, seller, make, { name: 'Skoda Citigo' });
      expect(await found(copy)).toContain(quick);
      await slow.query('commit');
      expect(await found(copy)).toContain(rows[0]!.id);
    } finally {
      slow.release();
    }
  });

  it('reads everything again when it has not looked for an hour (deleted ids are kept for a day)', async () => {
    let now = Date.now();
    const copy = new LiveCarIndex(t.pool, () => now);
    const car = await insertCar(t, seller, make, { name: 'Skoda Rapid' });
    expect(await found(copy)).toContain(car);
    await t.pool.query('delete from products where id = $1', [car]);
    // As if the day had passed and the deleted id had been forgotten.
    await t.pool.query('delete from search_removals where product_id = $1', [car]);
    now += 61 * 60 * 1000;
    expect(await found(copy)).not.toContain(car);
  });

  it('reads every car when the market is read a few rows at a time', async () => {
    const batchMake = await insertCategory(t, 'Dacia');
    const cars = [];
    for (const name of ['Dacia Sandero', 'Dacia Duster', 'Dacia Logan', 'Dacia Spring', 'Dacia Jogger']) cars.push(await insertCar(t, seller, batchMake, { name }));
    const copy = new LiveCarIndex(t.pool, Date.now, 2);
    const { cars: index } = await copy.current();
    const page = index.search(searchQuery.parse({ make: batchMake, limit: '48' }), undefined, new Map()).page.map((p) => p.id);
    expect(page.toSorted()).toEqual(cars.toSorted());
  });

  it('lets a crowd of searches share one look', async () => {
    const copy = new LiveCarIndex(t.pool);
    await found(copy);
    // Looks only: a look that finds changes reads them too, and it may, as the snapshot's xmin is the
    // whole server's and other test files' transactions (other databases, same server) hold it back.
    let looks = 0;
    const counting = new Proxy(t.pool, {
      get: (target, name) =>
        name === 'query' ? (...args: Parameters<typeof target.query>) => (args[0] === LOOK_SQL && looks++, target.query(...args)) : Reflect.get(target, name),
    });
    const crowd = new LiveCarIndex(counting);
    await crowd.current();
    looks = 0;
    await Promise.all(Array.from({ length: 20 }, () => crowd.current()));
    // The first search's look, then one more for everyone who arrived while it ran.
    expect(looks).toBe(2);
  });
});
