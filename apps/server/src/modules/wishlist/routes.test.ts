import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCar } from '../../../test/fixtures.ts';
import { as, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

let t: TestApp;
let buyer: Person;
let otherBuyer: Person;
let seller: Person;
let categoryId: string;

beforeAll(async () => {
  ({ t, buyer, otherBuyer, seller, categoryId } = await withPersonas(['buyer', 'otherBuyer', 'seller'], { category: true }));
});
afterAll(() => t.close());

const add = (who: Person | undefined, id: string, email = who?.email ?? 'x@test.example') =>
  as(t.app, who, { method: 'PUT', url: `/api/wishlists?id=${id}&email=${encodeURIComponent(email)}` });
const list = (who: Person | undefined, email = who?.email ?? 'x@test.example') =>
  as(t.app, who, { method: 'GET', url: `/api/wishlist-products?email=${encodeURIComponent(email)}` });

describe('PUT /wishlists', () => {
  it('adds once (modifiedCount 1, then 0) and many buyers may wishlist the same car', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Loved Prius' });
    expect((await add(buyer, car)).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await add(buyer, car)).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    expect((await add(otherBuyer, car)).json()).toMatchObject({ modifiedCount: 1 });
    const { rows } = await t.pool.query('select buyer_id from wishlist_entries where product_id = $1 order by buyer_id', [car]);
    expect(rows.map((r) => r.buyer_id).sort()).toEqual([buyer.id, otherBuyer.id].sort());
  });

  it('refuses a sold car and a reserved one (409, each in its own words) and an unknown one (404)', async () => {
    const sold = await insertCar(t, seller, categoryId, { name: 'Sold Jazz', paid: true });
    expect((await add(buyer, sold)).json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Sold Jazz is already sold.' });
    const held = await insertCar(t, seller, categoryId, { name: 'Held Jazz', paid: true });
    await t.pool.query(`update products set sales_status = 'reserved' where id = $1`, [held]);
    expect((await add(buyer, held)).json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Held Jazz is reserved for another buyer.' });
    expect((await add(buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses someone else’s email (403), anonymous (401), sellers (403) and bad ids (400)', async () => {
    const car = await insertCar(t, seller, categoryId);
    expect((await add(buyer, car, otherBuyer.email)).statusCode).toBe(403);
    expect((await add(undefined, car)).statusCode).toBe(401);
    expect((await add(seller, car)).statusCode).toBe(403);
    expect((await add(buyer, 'nope')).statusCode).toBe(400);
    const { rows } = await t.pool.query('select 1 from wishlist_entries where product_id = $1', [car]);
    expect(rows).toHaveLength(0);
  });
});

describe('GET /wishlist-products, GET /wishlist/{id}, DELETE /wishlists/{id}', () => {
  let car: string;
  beforeAll(async () => {
    car = await insertCar(t, seller, categoryId, { name: 'Wished Rav4', price: 21000 });
    await add(buyer, car);
  });

  it('lists the buyer’s wishlist as products with the buyer’s flags', async () => {
    const items = (await list(buyer)).json();
    const item = items.find((i: { _id: string }) => i._id === car);
    expect(item).toMatchObject({ productName: 'Wished Rav4', resalePrice: 21000, wishlistEmail: buyer.email, paid: false, listingStatus: 'available' });
    expect((await list(otherBuyer)).json().some((i: { _id: string }) => i._id === car)).toBe(false);
  });

  it('answers one item by the car’s id, only from the caller’s own wishlist', async () => {
    expect((await as(t.app, buyer, { method: 'GET', url: `/api/wishlist/${car}` })).json()).toMatchObject({ _id: car, productName: 'Wished Rav4', paid: false, paidAt: null });
    const theirs = await as(t.app, otherBuyer, { method: 'GET', url: `/api/wishlist/${car}` });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Wished Rav4');
  });

  it('refuses someone else’s email (403), anonymous (401) and sellers (403)', async () => {
    expect((await list(otherBuyer, buyer.email)).statusCode).toBe(403);
    expect((await list(undefined, buyer.email)).statusCode).toBe(401);
    expect((await list(seller)).statusCode).toBe(403);
    expect((await as(t.app, undefined, { method: 'GET', url: `/api/wishlist/${car}` })).statusCode).toBe(401);
    expect((await as(t.app, seller, { method: 'GET', url: `/api/wishlist/${car}` })).statusCode).toBe(403);
  });

  it('takes a car off the wishlist, only the caller’s own entry', async () => {
    await add(otherBuyer, car);
    expect((await as(t.app, undefined, { method: 'DELETE', url: `/api/wishlists/${car}` })).statusCode).toBe(401);
    expect((await as(t.app, seller, { method: 'DELETE', url: `/api/wishlists/${car}` })).statusCode).toBe(403);
    expect((await as(t.app, otherBuyer, { method: 'DELETE', url: `/api/wishlists/${car}` })).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await list(buyer)).json().some((i: { _id: string }) => i._id === car)).toBe(true);
    expect((await as(t.app, otherBuyer, { method: 'DELETE', url: `/api/wishlists/${car}` })).json()).toEqual({ acknowledged: true, deletedCount: 0 });
  });

  it('keeps a paid wishlist entry (409 on delete)', async () => {
    await t.pool.query(`update wishlist_entries set paid = true, transaction_id = 'pi_test_1' where product_id = $1 and buyer_id = $2`, [car, buyer.id]);
    expect((await as(t.app, buyer, { method: 'DELETE', url: `/api/wishlists/${car}` })).statusCode).toBe(409);
  });
});
