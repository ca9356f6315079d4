import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CarPerformance } from '@second-gear/contract';
import { insertCar } from '../../../test/fixtures.ts';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { pruneViews } from './views.ts';

// A fixed clock: the views' day, the 30-day window and the rows' dates below all hang on it.
const NOW = new Date('2026-03-15T12:00:00Z');
const TODAY = '2026-03-15';
const YESTERDAY = '2026-03-14';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestApp;
let seller: Person;
let otherSeller: Person;
let buyer: Person;
let otherBuyer: Person;
let categoryId: string;
let carId: string;
/** The only flush besides a full batch and a seller's read: the test's own. */
let flushViews = () => {};

/** A car page as a browser asks it, from `address` with `userAgent`, as `who` (or a visitor). */
const visit = (id: string, opts: { who?: Person; address?: string; userAgent?: string; headers?: Record<string, string> } = {}) =>
  as(t.app, opts.who, { method: 'GET', url: `/api/cars/${id}`, remoteAddress: opts.address ?? '198.51.100.1', headers: { 'user-agent': opts.userAgent ?? PHONE, ...opts.headers } });
const performance = (who: Person | undefined, id: string, query = '') => as(t.app, who, { method: 'GET', url: `/api/products/${id}/performance${query}` });
const weekViews = (who: Person | undefined, query = '') => as(t.app, who, { method: 'GET', url: `/api/products/views${query}` });

async function similarCar(owner: Person, price: number, modelYear: number, model = 'Corolla') {
  const id = await insertCar(t, owner, categoryId, { price });
  await t.pool.query('update products set model = $2, model_year = $3 where id = $1', [id, model, modelYear]);
  return id;
}

beforeAll(async () => {
  ({ t, seller, otherSeller, buyer, otherBuyer, categoryId } = await withPersonas(['seller', 'otherSeller', 'buyer', 'otherBuyer'], {
    category: true,
    app: { clock: () => NOW, viewFlushes: (flush: () => void) => ((flushViews = flush), () => {}) },
  }));
  carId = await similarCar(seller, 15000, 2019);
});
afterAll(() => t.close());

describe('GET /api/products/:id/performance', () => {
  it('refuses a visitor (401), a buyer (403), another seller’s car (404), a bad id and any query (400)', async () => {
    expect((await performance(undefined, carId)).statusCode).toBe(401);
    expect((await performance(buyer, carId)).statusCode).toBe(403);
    const theirs = await performance(otherSeller, carId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('You have no such car.');
    expect(theirs.body).not.toContain('Corolla');
    const bad = await performance(seller, 'not-a-car');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/i);
    expect((await performance(seller, carId, '?days=90')).statusCode).toBe(400);
    expect((await performance(seller, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('counts distinct visitors a day: not crawlers, not the seller, not a prefetch; a seller sees them at once', async () => {
    const car = await similarCar(seller, 16000, 2020, 'Camry');
    await visit(car, { address: '198.51.100.1', userAgent: PHONE });
    await visit(car, { address: '198.51.100.1', userAgent: PHONE }); // the same visitor again
    await visit(car, { address: '198.51.100.1', userAgent: DESKTOP }); // another browser at that address
    await visit(car, { address: '203.0.113.9', userAgent: PHONE });
    await visit(car, { who: buyer, address: '203.0.113.9' });
    await visit(car, { who: buyer, address: '192.0.2.77', userAgent: DESKTOP }); // the same person elsewhere
    await visit(car, { address: '192.0.2.1', userAgent: GOOGLEBOT });
    await visit(car, { address: '192.0.2.2', userAgent: '' });
    await visit(car, { who: seller });
    await visit(car, { address: '192.0.2.3', headers: { 'sec-purpose': 'prefetch' } });

    const res = await performance(seller, car);
    expect(res.statusCode, res.body).toBe(200);
    const answer: CarPerformance = res.json();
    expect(answer.days).toHaveLength(30);
    expect(answer.days.at(-1)).toMatchObject({ day: TODAY, views: 4 });
    expect(answer.days[0]!.day).toBe('2026-02-14');
    expect(answer.days.reduce((sum, d) => sum + d.views, 0)).toBe(4);
    // Nothing of who they were is kept: 16 bytes a visitor, no address, no account id.
    const { rows } = await t.pool.query<{ visitor: Buffer }>('select visitor from car_views where product_id = $1', [car]);
    expect(rows.map((r) => r.visitor.length)).toEqual([16, 16, 16, 16]);
    const stored = JSON.stringify(rows.map((r) => r.visitor.toString('latin1')));
    expect(stored).not.toContain('198.51.100.1');
    expect(stored).not.toContain(buyer.id);
  });

  it('serving a car page writes nothing: the view is written at the next flush', async () => {
    const car = await similarCar(seller, 17000, 2018, 'Yaris');
    const query = vi.spyOn(t.pool, 'query');
    try {
      const res = await visit(car, { address: '198.51.100.20' });
      expect(res.statusCode).toBe(200);
      const statements = query.mock.calls.map(([sql]) => String(typeof sql === 'string' ? sql : (sql as { text: string }).text));
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.filter((sql) => /^\s*(with\b[\s\S]*\b)?(insert|update|delete)\b/i.test(sql))).toEqual([]);
    } finally {
      query.mockRestore();
    }
    const count = async () => (await t.pool.query('select count(*)::int as n from car_views where product_id = $1', [car])).rows[0].n;
    expect(await count()).toBe(0);
    flushViews();
    await t.app.carViews!.flush();
    expect(await count()).toBe(1);
  });

  it('shows saves, buyers’ messages and booking requests on their days, and the similar cars’ medians', async () => {
    const car = await similarCar(seller, 15000, 2019, 'Civic');
    // Similar: the same make and model within two model years, on the market, anyone's.
    const popular = await similarCar(otherSeller, 14000, 2018, 'civic');
    await similarCar(otherSeller, 12000, 2021, 'Civic'); // no views
    await similarCar(otherSeller, 9000, 2015, 'Civic'); // four model years apart
    await similarCar(otherSeller, 9000, 2019, 'Accord'); // another model
    const sold = await similarCar(otherSeller, 9000, 2019, 'Civic');
    await t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [sold]);

    for (const address of ['198.51.100.31', '198.51.100.32', '198.51.100.33', '198.51.100.34']) await visit(popular, { address });
    await visit(car, { address: '198.51.100.31' });
    await visit(sold, { address: '198.51.100.31' });

    expect((await as(t.app, buyer, { method: 'PUT', url: `/api/wishlists?id=${car}&email=${encodeURIComponent(buyer.email)}` })).statusCode).toBe(200);
    expect((await as(t.app, buyer, { method: 'POST', url: '/api/conversations', payload: { productId: car, text: 'Is it still for sale?' } })).statusCode).toBe(200);
    expect((await as(t.app, otherBuyer, { method: 'POST', url: '/api/conversations', payload: { productId: car, text: 'Any rust?' } })).statusCode).toBe(200);
    expect((await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId: car } })).statusCode).toBe(200);
    // On the clock's days: the save and one message today, the other message and the booking yesterday.
    await t.pool.query(`update wishlist_entries set created_at = $2 where product_id = $1`, [car, NOW]);
    await t.pool.query(
      `update messages m set created_at = case when c.buyer_id = $2 then $3::timestamptz else $3::timestamptz - interval '1 day' end
         from conversations c where c.id = m.conversation_id and c.product_id = $1`,
      [car, buyer.id, NOW],
    );
    await t.pool.query(`update bookings set created_at = $2::timestamptz - interval '1 day' where product_id = $1`, [car, NOW]);
    // The seller's reply is no buyer's message.
    const { rows: conversation } = await t.pool.query<{ id: string }>('select id from conversations where product_id = $1 and buyer_id = $2', [car, buyer.id]);
    expect((await as(t.app, seller, { method: 'POST', url: `/api/conversations/${conversation[0]!.id}/messages`, payload: { text: 'Yes it is' } })).statusCode).toBe(200);
    await t.pool.query(`update messages set created_at = $2 where conversation_id = $1`, [conversation[0]!.id, NOW]);

    const answer: CarPerformance = (await performance(seller, car)).json();
    expect(answer.days.at(-1)).toEqual({ day: TODAY, views: 1, saves: 1, messages: 1, bookingRequests: 0, similarViews: 2 });
    expect(answer.days.at(-2)).toEqual({ day: YESTERDAY, views: 0, saves: 0, messages: 1, bookingRequests: 1, similarViews: 0 });
    expect(answer.similar).toEqual({ cars: 2, medianViews: 2, medianPrice: 13000 });
    expect(answer).toMatchObject({ productId: car, price: 15000 });
  });

  it('answers a car without a model with no similar cars', async () => {
    const car = await insertCar(t, seller, categoryId);
    const answer: CarPerformance = (await performance(seller, car)).json();
    expect(answer.similar).toEqual({ cars: 0, medianViews: null, medianPrice: null });
    expect(answer.days.every((d) => d.similarViews === null)).toBe(true);
  });
});

describe('GET /api/products/views', () => {
  it('gives My Products’ Views (7 days): the caller’s own cars only; refuses a visitor, a buyer and any query', async () => {
    const lonely = await signUp(t.app, 'Seller');
    const car = await insertCar(t, lonely, categoryId);
    await visit(car, { address: '198.51.100.50' });
    await visit(car, { address: '198.51.100.51' });
    await t.pool.query(`insert into car_views (product_id, day, visitor) values ($1, '2026-03-08', '\\x00'), ($1, '2026-03-09', '\\x01')`, [car]);
    const res = await weekViews(lonely);
    expect(res.statusCode, res.body).toBe(200);
    // Today's two and the 9th's, six days ago; the 8th is a week ago.
    expect(res.json()).toEqual([{ productId: car, views: 3 }]);
    expect((await weekViews(await signUp(t.app, 'Seller'))).json()).toEqual([]);
    expect((await weekViews(undefined)).statusCode).toBe(401);
    expect((await weekViews(buyer)).statusCode).toBe(403);
    expect((await weekViews(lonely, `?email=${encodeURIComponent(seller.email)}`)).statusCode).toBe(400);
  });
});

describe('pruning (the hourly job)', () => {
  it('keeps 35 days of views, and forgets each day’s salt once the day is over', async () => {
    const car = await insertCar(t, seller, categoryId);
    await t.pool.query(`insert into car_views (product_id, day, visitor) values ($1, '2026-02-07', '\\x00'), ($1, '2026-02-08', '\\x00'), ($1, $2, '\\x00')`, [car, TODAY]);
    await t.pool.query(`insert into car_view_salts (day, salt) values ($1, '\\x01'), ($2, '\\x02') on conflict do nothing`, [YESTERDAY, TODAY]);
    await pruneViews(t.pool, NOW);
    const { rows: views } = await t.pool.query<{ day: string }>('select day::text from car_views where product_id = $1 order by day', [car]);
    expect(views.map((r) => r.day)).toEqual(['2026-02-08', TODAY]);
    const { rows: salts } = await t.pool.query<{ day: string }>('select day::text from car_view_salts order by day');
    expect(salts.map((r) => r.day)).toEqual([TODAY]);
  });
});
