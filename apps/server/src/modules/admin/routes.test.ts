import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCar } from '../../../test/fixtures.ts';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { REPORTS_PER_HOUR } from './service.ts';

let t: TestApp;
let admin: Person;
let otherAdmin: Person;
let seller: Person;
let buyer: Person;
let categoryId: string;

beforeAll(async () => {
  ({ t, admin, otherAdmin, seller, buyer, categoryId } = await withPersonas(['admin', 'otherAdmin', 'seller', 'buyer'], { category: true }));
});
afterAll(() => t.close());

const adminOnly = [
  ['GET', '/api/users/allseller'],
  ['GET', '/api/users/allbuyer'],
  ['PUT', '/api/seller/verify?id=abc&email=a%40b.example'],
  ['DELETE', '/api/users/abc'],
  ['GET', '/api/reports'],
  ['DELETE', '/api/reports/00000000-0000-4000-8000-000000000000'],
  ['DELETE', '/api/reported-products/00000000-0000-4000-8000-000000000000'],
] as const;

describe('admin routes refuse everyone but admins', () => {
  it.each(adminOnly)('%s %s: anonymous 401, buyer and seller 403', async (method, url) => {
    expect((await as(t.app, undefined, { method, url })).statusCode).toBe(401);
    expect((await as(t.app, buyer, { method, url })).statusCode).toBe(403);
    expect((await as(t.app, seller, { method, url })).statusCode).toBe(403);
  });
});

describe('All Sellers and All Buyers', () => {
  it('lists sellers and buyers without any secret', async () => {
    const sellers = await as(t.app, admin, { method: 'GET', url: '/api/users/allseller' });
    expect(sellers.json()).toContainEqual(expect.objectContaining({ _id: seller.id, email: seller.email, role: 'seller', verification: '' }));
    expect(sellers.json().every((u: { role: string }) => u.role === 'seller')).toBe(true);
    const buyers = await as(t.app, admin, { method: 'GET', url: '/api/users/allbuyer' });
    expect(buyers.json()).toContainEqual(expect.objectContaining({ _id: buyer.id, email: buyer.email, role: 'buyer' }));
    for (const body of [sellers.body, buyers.body]) expect(body).not.toMatch(/password|token|scrypt|session/i);
  });
});

describe('PUT /seller/verify', () => {
  it('verifies once (1, then 0) and the badge shows on the seller’s old and new cars', async () => {
    const old = await insertCar(t, seller, categoryId, { advertised: true, name: 'Old listing' });
    const url = `/api/seller/verify?id=${seller.id}&email=${encodeURIComponent(seller.email)}`;
    expect((await as(t.app, admin, { method: 'PUT', url })).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await as(t.app, admin, { method: 'PUT', url })).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    const fresh = await insertCar(t, seller, categoryId, { advertised: true, name: 'New listing' });
    const home = (await as(t.app, undefined, { method: 'GET', url: '/api/advertisement/products' })).json();
    for (const id of [old, fresh]) expect(home.find((p: { _id: string }) => p._id === id).verification).toBe('verified');
  });

  it('answers 404 for a buyer, a mismatched email or an unknown id, and 400 for bad input', async () => {
    expect((await as(t.app, admin, { method: 'PUT', url: `/api/seller/verify?id=${buyer.id}&email=${encodeURIComponent(buyer.email)}` })).statusCode).toBe(404);
    expect((await as(t.app, admin, { method: 'PUT', url: `/api/seller/verify?id=${seller.id}&email=${encodeURIComponent(buyer.email)}` })).statusCode).toBe(404);
    expect((await as(t.app, admin, { method: 'PUT', url: `/api/seller/verify?id=${seller.id}` })).statusCode).toBe(400);
    expect((await as(t.app, admin, { method: 'PUT', url: `/api/seller/verify?id=${seller.id}&email=x&verified=1` })).statusCode).toBe(400);
  });
});

describe('DELETE /users/{id}', () => {
  it('ends the deleted seller’s sessions at once and takes their unsold cars off the catalog; sold records stay', async () => {
    const doomed = await signUp(t.app, 'Seller');
    const unsold = await insertCar(t, doomed, categoryId, { name: 'Unsold of doomed', advertised: true });
    const sold = await insertCar(t, doomed, categoryId, { name: 'Sold of doomed', paid: true });
    const booking = await t.pool.query(
      `insert into bookings (product_id, buyer_id, buyer_name, buyer_email, product_name, price, paid, transaction_id)
       values ($1, $2, $3, $4, 'Sold of doomed', 15000, true, 'pi_record_1') returning id`,
      [sold, buyer.id, buyer.name, buyer.email],
    );
    await t.pool.query(`insert into payments (kind, booking_id, product_id, buyer_id, buyer_email, amount, transaction_id) values ('order', $1, $2, $3, $4, 1500000, 'pi_record_1')`, [
      booking.rows[0].id,
      sold,
      buyer.id,
      buyer.email,
    ]);
    expect((await as(t.app, doomed, { method: 'GET', url: `/api/products?email=${encodeURIComponent(doomed.email)}` })).statusCode).toBe(200);

    const res = await as(t.app, admin, { method: 'DELETE', url: `/api/users/${doomed.id}` });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await as(t.app, doomed, { method: 'GET', url: `/api/products?email=${encodeURIComponent(doomed.email)}` })).statusCode).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: 'http://localhost:3000' }, payload: { email: doomed.email, password: 'secret123' } });
    expect(signIn.statusCode).toBe(401);
    expect((await t.pool.query('select 1 from products where id = $1', [unsold])).rows).toHaveLength(0);
    expect((await t.pool.query('select seller_id, seller_name from products where id = $1', [sold])).rows).toEqual([{ seller_id: null, seller_name: doomed.name }]);
    expect((await t.pool.query(`select 1 from payments where transaction_id = 'pi_record_1'`)).rows).toHaveLength(1);
    expect((await as(t.app, buyer, { method: 'GET', url: `/api/orders/${booking.rows[0].id}` })).json()).toMatchObject({ paid: true, listingStatus: 'sold' });
  });

  it('deletes a buyer with their open bookings and wishlist', async () => {
    const leaving = await signUp(t.app, 'Buyer');
    const car = await insertCar(t, seller, categoryId);
    await as(t.app, leaving, { method: 'POST', url: '/api/bookings', payload: { productId: car } });
    await as(t.app, leaving, { method: 'PUT', url: `/api/wishlists?id=${car}&email=${encodeURIComponent(leaving.email)}` });
    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/users/${leaving.id}` })).json()).toMatchObject({ deletedCount: 1 });
    expect((await t.pool.query('select 1 from bookings where product_id = $1', [car])).rows).toHaveLength(0);
    expect((await t.pool.query('select 1 from wishlist_entries where product_id = $1', [car])).rows).toHaveLength(0);
  });

  it('refuses to delete oneself or another admin, and answers 0 for an unknown id', async () => {
    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/users/${admin.id}` })).statusCode).toBe(403);
    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/users/${otherAdmin.id}` })).statusCode).toBe(403);
    expect((await t.pool.query('select 1 from users where id in ($1, $2)', [admin.id, otherAdmin.id])).rows).toHaveLength(2);
    expect((await as(t.app, admin, { method: 'DELETE', url: '/api/users/no-such-user' })).json()).toEqual({ acknowledged: true, deletedCount: 0 });
    expect((await as(t.app, admin, { method: 'DELETE', url: '/api/users/bad%20id' })).statusCode).toBe(400);
  });
});

describe('reports', () => {
  it('lets a buyer report a car once, and the admin sees, dismisses or deletes it', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Suspicious Deal' });
    const other = await signUp(t.app, 'Buyer');
    const report = (who: Person | undefined, payload: object) => as(t.app, who, { method: 'POST', url: '/api/reports', payload });
    expect((await report(buyer, { productId: car, reason: 'Scam or fraud', note: 'Price too good' })).json()).toMatchObject({ acknowledged: true });
    expect((await report(buyer, { productId: car, reason: 'Other' })).statusCode).toBe(409);
    expect((await report(other, { productId: car, reason: 'Wrong information' })).statusCode).toBe(200);

    const queue = (await as(t.app, admin, { method: 'GET', url: '/api/reports' })).json();
    expect(queue.find((q: { productId: string }) => q.productId === car)).toMatchObject({
      productName: 'Suspicious Deal',
      sellerEmail: seller.email,
      reports: 2,
      reasons: ['Scam or fraud', 'Wrong information'],
      notes: ['Price too good'],
    });

    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/reports/${car}` })).json()).toEqual({ acknowledged: true, deletedCount: 2 });
    expect((await as(t.app, admin, { method: 'GET', url: '/api/reports' })).json().some((q: { productId: string }) => q.productId === car)).toBe(false);

    await report(buyer, { productId: car, reason: 'Scam or fraud' });
    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/reported-products/${car}` })).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.pool.query('select 1 from products where id = $1', [car])).rows).toHaveLength(0);
  });

  it('refuses reports from anonymous callers, sellers, bad reasons and unknown cars', async () => {
    const car = await insertCar(t, seller, categoryId);
    expect((await as(t.app, undefined, { method: 'POST', url: '/api/reports', payload: { productId: car, reason: 'Other' } })).statusCode).toBe(401);
    expect((await as(t.app, seller, { method: 'POST', url: '/api/reports', payload: { productId: car, reason: 'Other' } })).statusCode).toBe(403);
    expect((await as(t.app, buyer, { method: 'POST', url: '/api/reports', payload: { productId: car, reason: 'I dislike it' } })).statusCode).toBe(400);
    expect((await as(t.app, buyer, { method: 'POST', url: '/api/reports', payload: { productId: car, reason: 'Other', note: 'x'.repeat(1001) } })).statusCode).toBe(400);
    expect((await as(t.app, buyer, { method: 'POST', url: '/api/reports', payload: { productId: '00000000-0000-4000-8000-000000000000', reason: 'Other' } })).statusCode).toBe(404);
    expect((await t.pool.query('select 1 from reports where product_id = $1', [car])).rows).toHaveLength(0);
  });

  describe('only cars on the market, and a buyer’s hourly number', () => {
    const report = (who: Person, productId: string) => as(t.app, who, { method: 'POST', url: '/api/reports', payload: { productId, reason: 'Scam or fraud' } });
    const reportsBy = async (who: Person) => (await t.pool.query('select product_id from reports where reporter_id = $1', [who.id])).rows.map((r) => r.product_id);

    /** A car of the seller's that left the market the way `how` says, through the seller's own routes where there is one. */
    async function offMarket(how: 'withdrawn' | 'deleted' | 'sold' | 'reserved') {
      const car = await insertCar(t, seller, categoryId, { name: `A ${how} car`, paid: how === 'sold' });
      if (how === 'withdrawn') expect((await as(t.app, seller, { method: 'POST', url: `/api/products/${car}/withdraw`, payload: {} })).statusCode).toBe(200);
      if (how === 'deleted') expect((await as(t.app, seller, { method: 'DELETE', url: `/api/products/${car}` })).statusCode).toBe(200);
      // Paid for and held until the handover (a refund would put it back on the market).
      if (how === 'reserved') await t.pool.query(`update products set paid = true, sales_status = 'reserved' where id = $1`, [car]);
      return car;
    }

    it.each(['withdrawn', 'deleted'] as const)('refuses a report on a %s car with 404 and stores nothing', async (how) => {
      const reporter = await signUp(t.app, 'Buyer');
      const res = await report(reporter, await offMarket(how));
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'This car is no longer listed.' });
      expect(await reportsBy(reporter)).toEqual([]);
    });

    it.each(['sold', 'reserved'] as const)('refuses a report on a %s car with 409, pointing a buyer of it to Report a problem, and stores nothing', async (how) => {
      const reporter = await signUp(t.app, 'Buyer');
      const res = await report(reporter, await offMarket(how));
      expect(res.statusCode).toBe(409);
      const state = how === 'reserved' ? 'is reserved for a buyer' : 'is already sold';
      expect(res.json().message).toBe(`A ${how} car ${state}, so its listing is no longer reviewed. If you bought it and something is wrong, use Report a problem in My Orders.`);
      expect(await reportsBy(reporter)).toEqual([]);
    });

    it(`takes ${REPORTS_PER_HOUR.max} reports an hour from a buyer, counting only those stored, then 429 with Retry-After; other buyers report as before`, async () => {
      expect(REPORTS_PER_HOUR).toEqual({ max: 10, minutes: 60 });
      const reporter = await signUp(t.app, 'Buyer');
      const cars = await Promise.all(Array.from({ length: 11 }, (_, i) => insertCar(t, seller, categoryId, { name: `Listing ${i + 1}` })));
      expect((await report(reporter, cars[0]!)).statusCode).toBe(200);
      // Refused reports (the same car again, a car off the market) are not counted.
      expect((await report(reporter, cars[0]!)).statusCode).toBe(409);
      expect((await report(reporter, await offMarket('withdrawn'))).statusCode).toBe(404);
      for (const car of cars.slice(1, 10)) expect((await report(reporter, car)).statusCode).toBe(200);

      const over = await report(reporter, cars[10]!);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(/^You have reported 10 cars in the last hour, the most we take\. You can report another in \d+ minutes?\.$/);
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await reportsBy(reporter)).toHaveLength(10);
      expect(await reportsBy(reporter)).not.toContain(cars[10]);
      // Another buyer is not held to this buyer's number.
      expect((await report(buyer, cars[10]!)).statusCode).toBe(200);
    });
  });

  it('keeps a sold reported car (409)', async () => {
    const car = await insertCar(t, seller, categoryId, { paid: true, name: 'Sold and reported' });
    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/reported-products/${car}` })).statusCode).toBe(409);
  });
});
