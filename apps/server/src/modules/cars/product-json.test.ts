import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '@second-gear/contract';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { createTestApp, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { imageUrls } from '../../images/store.ts';
import { PRODUCT_FROM, PRODUCT_JSON } from './product.ts';

// PostgreSQL writes a car as the contract's Product (PRODUCT_JSON, decision 029): these hold its
// text to what the schema makes of it, byte for byte, and its pictures' addresses to imageUrls.

let t: TestApp;
let seller: Person;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signUp(t.app, 'Seller');
  categoryId = await insertCategory(t, 'Škoda "Octavia" \\ Brand');
});
afterAll(() => t?.close());

async function jsonOf(id: string): Promise<string> {
  const { rows } = await t.pool.query<{ product: string }>(`select ${PRODUCT_JSON} as product from ${PRODUCT_FROM} where p.id = $1`, [id]);
  return rows[0]!.product;
}
/** What the contract's schema serialises the same car to: the fields it knows, in its order. */
const asTheSchemaWrites = (text: string) => JSON.stringify(product.parse(JSON.parse(text)));

describe('a car written by PostgreSQL (PRODUCT_JSON)', () => {
  it('is the schema’s JSON for a car with only the specification’s fields', async () => {
    const id = await insertCar(t, seller, categoryId, { name: 'Plain car' });
    const text = await jsonOf(id);
    expect(text).toBe(asTheSchemaWrites(text));
    expect(JSON.parse(text)).not.toHaveProperty('model');
    expect(JSON.parse(text)).not.toHaveProperty('priceDrop');
    expect(JSON.parse(text)).not.toHaveProperty('place');
  });

  it('is the schema’s JSON with every optional field, text that needs escaping and exact times', async () => {
    const id = await insertCar(t, seller, categoryId, { name: 'Tab\there, "quoted", back\\slash, line\nbreak, ünïcödé 🚗', price: 9_000 });
    await t.pool.query(
      `update products set model = 'Octavia', model_year = 2019, mileage = 61000, mileage_unit = 'mi', fuel = 'Diesel',
              transmission = 'Manual', body_type = 'Wagon', colour = 'Blue', vin = 'TMBJJ7NE4K0123456', deal_rating = 'Great price',
              price_before_drop = 9500, price_dropped_at = '2026-11-27 10:11:12.345678+00', price_window_ends = now() + interval '1 day',
              posting_time = '2026-11-20 08:09:10.987654+00', listed_at = '2026-11-19 23:59:59.999999+00',
              zip = '78701', zip_given = true, lat = 30.2713, lon = -97.7426
        where id = $1`,
      [id],
    );
    const text = await jsonOf(id);
    expect(text).toBe(asTheSchemaWrites(text));
    expect(JSON.parse(text)).toMatchObject({
      productName: 'Tab\there, "quoted", back\\slash, line\nbreak, ünïcödé 🚗',
      categoryName: 'Škoda "Octavia" \\ Brand',
      model: 'Octavia',
      modelYear: 2019,
      mileage: 61000,
      mileageUnit: 'mi',
      dealRating: 'Great price',
      // JavaScript's dates keep milliseconds: the microseconds are cut, as new Date() cut them.
      postingTime: '2026-11-20T08:09:10.987Z',
      listedAt: '2026-11-19T23:59:59.999Z',
      priceDrop: { amount: 500, at: '2026-11-27T10:11:12.345Z' },
      zip: '78701',
      place: { lat: 30.2713, lon: -97.7426 },
      zipGiven: true,
    });
  });

  it('leaves the badge and the drop off a car that is sold, and the badge off a flagged one', async () => {
    const id = await insertCar(t, seller, categoryId, { name: 'Sold car', price: 9_000 });
    await t.pool.query(`update products set deal_rating = 'Good price', price_before_drop = 9500, price_dropped_at = now() where id = $1`, [id]);
    expect(JSON.parse(await jsonOf(id))).toMatchObject({ dealRating: 'Good price', priceDrop: { amount: 500 } });
    await t.pool.query(`update products set open_flag = true where id = $1`, [id]);
    expect(JSON.parse(await jsonOf(id))).not.toHaveProperty('dealRating');
    await t.pool.query(`update products set open_flag = false, paid = true, sales_status = 'sold' where id = $1`, [id]);
    const sold = JSON.parse(await jsonOf(id));
    expect(sold).not.toHaveProperty('dealRating');
    expect(sold).not.toHaveProperty('priceDrop');
  });

  it('names the seller’s account (the profile’s link), and no seller once the account is gone', async () => {
    const leaving = await signUp(t.app, 'Seller');
    const id = await insertCar(t, leaving, categoryId, { name: 'Sold by a leaver' });
    const text = await jsonOf(id);
    expect(text).toBe(asTheSchemaWrites(text));
    expect(JSON.parse(text)).toMatchObject({ sellerId: leaving.id });
    await t.pool.query('update products set paid = true, sales_status = $2 where id = $1', [id, 'sold']);
    await t.pool.query('delete from users where id = $1', [leaving.id]);
    const gone = await jsonOf(id);
    expect(gone).toBe(asTheSchemaWrites(gone));
    expect(JSON.parse(gone)).not.toHaveProperty('sellerId');
  });

  it('carries the seller’s rating from their shown reviews only, averaged to one decimal, as the schema writes it', async () => {
    const rated = await signUp(t.app, 'Seller');
    const id = await insertCar(t, rated, categoryId, { name: 'Rated seller’s car' });
    expect(JSON.parse(await jsonOf(id))).not.toHaveProperty('sellerRating');
    // Reviews of the seller by buyers of three released sales: two shown (4 and 5 stars), one still
    // blind (its 14 days not over, the seller's side not in), and one an admin hid.
    const reviewOf = async (rating: number, shownAt: string, hidden = false) => {
      const buyer = await signUp(t.app, 'Buyer');
      const { rows } = await t.pool.query<{ id: string }>(
        `insert into payments (kind, product_id, buyer_id, seller_id, buyer_email, amount, transaction_id, state, released_at, released_by)
         values ('wishlist', $1, $2, $3, $4, 100, $5, 'released', now(), 'buyer') returning id`,
        [id, buyer.id, rated.id, buyer.email, `pi_rating_${buyer.id}`],
      );
      await t.pool.query(
        `insert into reviews (payment_id, author_role, author_id, subject_id, rating, body, shown_at, hidden_at, hidden_note)
         values ($1, 'buyer', $2, $3, $4, 'Words', ${shownAt}, case when $5 then now() end, case when $5 then 'Hidden' end)`,
        [rows[0]!.id, buyer.id, rated.id, rating, hidden],
      );
    };
    await reviewOf(4, `now() - interval '1 day'`);
    await reviewOf(1, `now() + interval '1 day'`);
    await reviewOf(1, `now() - interval '2 days'`, true);
    let text = await jsonOf(id);
    expect(text).toBe(asTheSchemaWrites(text));
    expect(JSON.parse(text).sellerRating).toEqual({ average: 4, count: 1 });
    await reviewOf(5, `now() - interval '1 hour'`);
    await reviewOf(5, `now() - interval '1 hour'`);
    text = await jsonOf(id);
    expect(text).toBe(asTheSchemaWrites(text));
    expect(text).toContain('"sellerRating":{"average":4.7,"count":3}');
  });

  it('gives a picture the addresses imageUrls gives it, for every set of widths', async () => {
    for (const widths of [[480], [480, 800], [480, 800, 1200], [1200], [320, 640, 960], [800, 480]]) {
      const key = `urls${widths.join('x')}abcdefghij`;
      const { rows } = await t.pool.query<{ url: string; src_set: string }>('insert into images (key, widths) values ($1, $2) returning url, src_set', [key, widths]);
      const { url, srcSet } = imageUrls(key, widths);
      expect(rows[0], `widths ${widths.join(', ')}`).toEqual({ url, src_set: srcSet });
    }
  });
});
