import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { categoryPage as categoryPageAnswer, type CarPage, type Product } from '@second-gear/contract';
import { carListing, insertCar } from '../../../test/fixtures.ts';
import { as, multipartFile, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { refreshPriceDropsTask } from '../cars/price-drops.ts';
import { jsonText } from '../../http/json-bytes.ts';
import { categoryPage, categoryPageText } from './service.ts';

// Days listed and price drops (migration 0015): relisting a VIN keeps its listing date,
// and a price lowered within 14 days shows as a drop on the product.

let t: TestApp;
let seller: Person;
let otherSeller: Person;
let buyer: Person;
let categoryId: string;
let vins = 0;

/** A European VIN (no check digit), different for every car of this file. */
const freshVin = () => `WVWZZZ1JZ3W${String(100_000 + ++vins)}`;

async function uploadUrl(who: Person) {
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#4477aa' } }).jpeg().toBuffer();
  const res = await as(t.app, who, { method: 'POST', url: '/api/images', ...multipartFile('image', 'car.jpg', 'image/jpeg', bytes) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

async function list(who: Person, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await as(t.app, who, { method: 'POST', url: '/api/addProducts', payload: carListing(categoryId, await uploadUrl(who), overrides) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().insertedId as string;
}

const carPage = async (id: string) => {
  const res = await as(t.app, buyer, { method: 'GET', url: `/api/cars/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CarPage>();
};
const listedAt = async (id: string) => (await t.pool.query<{ listed_at: Date }>('select listed_at from products where id = $1', [id])).rows[0]!.listed_at;

/** The car listed `days` ago, and (when it has left the market) having left `leftDaysAgo` days ago. */
async function backdate(id: string, vin: string, days: number, leftDaysAgo = 0) {
  // One statement, so both tables get the same moment.
  await t.pool.query(
    `with car as (
       update products set listed_at = now() - make_interval(days => $3), posting_time = now() - make_interval(days => $3) where id = $1
     )
     update listing_departures set listed_at = now() - make_interval(days => $3), left_at = now() - make_interval(days => $4) where vin = $2`,
    [id, vin, days, leftDaysAgo],
  );
}

beforeAll(async () => {
  ({ t, seller, otherSeller, buyer, categoryId } = await withPersonas(['seller', 'otherSeller', 'buyer'], { category: 'Volkswagen' }));
});
afterAll(() => t.close());

describe('days listed', () => {
  it('counts from the listing: a new car is listed today, and the product carries when', async () => {
    const id = await list(seller, { vin: freshVin() });
    const page = await carPage(id);
    expect(page.daysListed).toBe(0);
    expect(page.product.listedAt).toBe(page.product.postingTime);
    await t.pool.query(`update products set listed_at = now() - interval '3 days 1 hour' where id = $1`, [id]);
    expect((await carPage(id)).daysListed).toBe(3);
  });

  it('keeps the original date when the seller relists the same VIN within 30 days of withdrawing it', async () => {
    const vin = freshVin();
    const first = await list(seller, { vin });
    expect((await as(t.app, seller, { method: 'POST', url: `/api/products/${first}/withdraw` })).statusCode).toBe(200);
    await backdate(first, vin, 40, 29);
    const again = await list(seller, { vin });
    expect((await listedAt(again)).getTime()).toBe((await listedAt(first)).getTime());
    const page = await carPage(again);
    expect(page.daysListed).toBe(40);
    // Posted is this listing's own time, and the lists' newest-first order goes by it.
    expect(Date.now() - Date.parse(page.product.postingTime)).toBeLessThan(60_000);
  });

  it('keeps it after a sale or a deletion too, and for a VIN given in a later edit', async () => {
    const soldVin = freshVin();
    const sold = await list(seller, { vin: soldVin });
    await t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [sold]);
    await backdate(sold, soldVin, 12, 2);
    expect((await carPage(await list(seller, { vin: soldVin }))).daysListed).toBe(12);

    const deletedVin = freshVin();
    const deleted = await list(seller, { vin: deletedVin });
    await backdate(deleted, deletedVin, 20);
    expect((await as(t.app, seller, { method: 'DELETE', url: `/api/products/${deleted}` })).statusCode).toBe(200);
    const relisted = await list(seller, { productName: 'No VIN yet' });
    expect((await carPage(relisted)).daysListed).toBe(0);
    const res = await as(t.app, seller, {
      method: 'PUT',
      url: `/api/products/${relisted}`,
      payload: carListing(categoryId, (await carPage(relisted)).product.image, { vin: deletedVin }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await carPage(relisted)).daysListed).toBe(20);
  });

  it('starts afresh more than 30 days after the car left the market, and for another seller', async () => {
    const vin = freshVin();
    const first = await list(seller, { vin });
    await as(t.app, seller, { method: 'POST', url: `/api/products/${first}/withdraw` });
    await backdate(first, vin, 60, 31);
    expect((await carPage(await list(seller, { vin }))).daysListed).toBe(0);

    const theirVin = freshVin();
    const theirs = await list(seller, { vin: theirVin });
    await as(t.app, seller, { method: 'POST', url: `/api/products/${theirs}/withdraw` });
    await backdate(theirs, theirVin, 10, 1);
    expect((await carPage(await list(otherSeller, { vin: theirVin }))).daysListed).toBe(0);
  });

  it('forgets departures older than 30 days', async () => {
    const vin = freshVin();
    const id = await list(seller, { vin });
    await t.pool.query(`insert into listing_departures (seller_id, vin, listed_at, left_at) values ($1, 'WVWZZZ1JZ3W000001', now() - interval '90 days', now() - interval '31 days')`, [seller.id]);
    await as(t.app, seller, { method: 'POST', url: `/api/products/${id}/withdraw` });
    const { rows } = await t.pool.query(`select vin from listing_departures where left_at < now() - interval '30 days'`);
    expect(rows).toEqual([]);
  });
});

describe('price dropped', () => {
  /** A car listed at `price` with these changes of its price, each `daysAgo` old, oldest first. */
  async function carWithChanges(price: number, changes: { to: number; daysAgo: number }[]): Promise<string> {
    const id = await insertCar(t, seller, categoryId, { price });
    // Posted long before its changes, so its listing price stood.
    await t.pool.query(`update products set posting_time = now() - interval '60 days' where id = $1`, [id]);
    let current = price;
    for (const { to, daysAgo } of changes) {
      await t.pool.query(`insert into price_changes (product_id, old_price, new_price, changed_at) values ($1, $2, $3, now() - make_interval(days => $4))`, [
        id,
        current,
        to,
        daysAgo,
      ]);
      current = to;
    }
    await t.pool.query('update products set resale_price = $2 where id = $1', [id, current]);
    return id;
  }
  const dropOf = async (id: string) => (await carPage(id)).product.priceDrop;

  const lowerTo = async (id: string, resalePrice: number) => {
    const res = await as(t.app, seller, { method: 'PUT', url: `/api/products/${id}`, payload: carListing(categoryId, (await carPage(id)).product.image, { resalePrice }) });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('shows a reduction made through the edit form, with its amount, on the car and in the lists', async () => {
    const id = await list(seller, { resalePrice: 20_000 });
    // Its listing price has stood four days.
    await t.pool.query(`update products set posting_time = posting_time - interval '4 days' where id = $1`, [id]);
    await lowerTo(id, 18_500);
    const drop = await dropOf(id);
    expect(drop?.amount).toBe(1_500);
    expect(Date.now() - Date.parse(drop!.at)).toBeLessThan(60_000);
    const category = (await as(t.app, buyer, { method: 'GET', url: `/api/category/${categoryId}` })).json<{ products: Product[] }>();
    expect(category.products.find((p) => p._id === id)?.priceDrop?.amount).toBe(1_500);
  });

  it('counts only from a price that stood 3 days: a listing lowered as soon as it was posted shows no drop', async () => {
    const id = await list(seller, { resalePrice: 25_000 });
    await lowerTo(id, 20_000);
    expect(await dropOf(id)).toBeUndefined();
  });

  it('is the net reduction over the last 14 days, against the price 14 days ago', async () => {
    expect(await dropOf(await carWithChanges(25_000, [{ to: 20_000, daysAgo: 20 }, { to: 19_000, daysAgo: 10 }]))).toMatchObject({ amount: 1_000 });
    expect(await dropOf(await carWithChanges(20_000, [{ to: 18_000, daysAgo: 5 }, { to: 17_500, daysAgo: 1 }]))).toMatchObject({ amount: 2_500 });
  });

  it('is gone 14 days after the drop, and for a car that was never lowered', async () => {
    expect(await dropOf(await carWithChanges(20_000, [{ to: 18_000, daysAgo: 15 }]))).toBeUndefined();
    expect(await dropOf(await carWithChanges(20_000, [{ to: 21_000, daysAgo: 2 }]))).toBeUndefined();
    expect(await dropOf(await carWithChanges(20_000, []))).toBeUndefined();
  });

  it('counts a raise after a drop: a partly undone drop shows what is left, a wholly undone one nothing', async () => {
    const partly = await carWithChanges(20_000, [{ to: 18_000, daysAgo: 5 }, { to: 19_000, daysAgo: 1 }]);
    const drop = await dropOf(partly);
    expect(drop?.amount).toBe(1_000);
    // "When" is the drop's time, not the later raise's.
    expect(Date.now() - Date.parse(drop!.at)).toBeGreaterThan(4 * 24 * 3600_000);
    expect(await dropOf(await carWithChanges(20_000, [{ to: 18_000, daysAgo: 5 }, { to: 20_500, daysAgo: 1 }]))).toBeUndefined();
  });

  it('follows its window as days pass: the read works out a moved window, and the hourly refresh writes it', async () => {
    const id = await carWithChanges(20_000, [{ to: 18_000, daysAgo: 13 }, { to: 17_000, daysAgo: 1 }]);
    expect(await dropOf(id)).toMatchObject({ amount: 3_000 });
    // A day and two hours pass: the window's first change (13 days ago) leaves it, and the drop kept
    // on the car is now the window's as it was. Moved with the triggers off, as time moves them.
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query(`update price_changes set changed_at = changed_at - interval '26 hours' where product_id = $1`, [id]);
      await client.query(
        `update products set price_dropped_at = price_dropped_at - interval '26 hours', price_window_ends = price_window_ends - interval '26 hours' where id = $1`,
        [id],
      );
      await client.query('commit');
    } finally {
      client.release();
    }
    const stored = async () =>
      (await t.pool.query<{ price_before_drop: number; moved: boolean }>('select price_before_drop, price_window_ends <= now() as moved from products where id = $1', [id])).rows[0];
    expect(await stored()).toEqual({ price_before_drop: 20_000, moved: true });
    // The window now begins at 18,000: the drop is the last change's 1,000 (every list reads the car as its page does).
    expect(await dropOf(id)).toMatchObject({ amount: 1_000 });

    await refreshPriceDropsTask(t.pool)({}, {} as never);
    expect(await stored()).toEqual({ price_before_drop: 18_000, moved: false });
    expect(await dropOf(id)).toMatchObject({ amount: 1_000 });
  });

  it('is sent in production as the contract makes it, though production skips the check', async () => {
    await carWithChanges(20_000, [{ to: 18_000, daysAgo: 2 }]);
    const page = await categoryPage(t.pool, categoryId, { limit: 12 });
    expect(page.products.some((p) => (JSON.parse(p) as Product).priceDrop)).toBe(true);
    const production = { config: { env: 'production' } } as FastifyInstance;
    // Outside production jsonText holds the text to what the schema makes of it, byte for byte.
    expect(jsonText(production, categoryPageAnswer, categoryPageText(page)).toString()).toBe(jsonText(t.app, categoryPageAnswer, categoryPageText(page)).toString());
  });

  it('is not shown for a car that left the market', async () => {
    const id = await carWithChanges(20_000, [{ to: 18_000, daysAgo: 1 }]);
    await t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [id]);
    expect(await dropOf(id)).toBeUndefined();
  });
});
