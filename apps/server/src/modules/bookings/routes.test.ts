import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCar } from '../../../test/fixtures.ts';
import { as, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

let t: TestApp;
let buyer: Person;
let otherBuyer: Person;
let seller: Person;
let admin: Person;
let categoryId: string;

beforeAll(async () => {
  ({ t, buyer, otherBuyer, seller, admin, categoryId } = await withPersonas(['buyer', 'otherBuyer', 'seller', 'admin'], { category: true }));
});
afterAll(() => t.close());

const book = (who: Person | undefined, payload: object) => as(t.app, who, { method: 'POST', url: '/api/bookings', payload });
const bookings = async (productId: string) => (await t.pool.query('select * from bookings where product_id = $1', [productId])).rows;

describe('POST /bookings', () => {
  it('takes the buyer from the session and the car from the database, whatever the request says', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Honest Civic', price: 12000 });
    const res = await book(buyer, {
      productId: car,
      name: 'Someone Else',
      email: otherBuyer.email,
      productName: 'Ferrari',
      price: 1,
      image: 'https://evil.example/x.jpg',
      verified: '',
      phone: '  555-0123  ',
      location: '  Main Street  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const [row] = await bookings(car);
    expect(row).toMatchObject({ buyer_id: buyer.id, buyer_email: buyer.email, buyer_name: buyer.name, product_name: 'Honest Civic', price: 12000, phone: '555-0123', location: 'Main Street', paid: false });
  });

  it('refuses a second open booking of the same car with acknowledged false and a message', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Twice Booked' });
    expect((await book(buyer, { productId: car })).json().acknowledged).toBe(true);
    const again = await book(buyer, { productId: car, phone: '1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ acknowledged: false, message: 'You have already booked Twice Booked.' });
    expect(await bookings(car)).toHaveLength(1);
    // Another buyer may book the same car.
    expect((await book(otherBuyer, { productId: car })).json().acknowledged).toBe(true);
  });

  it('refuses a sold car', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Gone Golf', paid: true });
    expect((await book(buyer, { productId: car })).json()).toEqual({ acknowledged: false, message: 'Gone Golf is already sold.' });
    expect(await bookings(car)).toHaveLength(0);
  });

  it('refuses the buyer’s own car', async () => {
    // A seller who became a buyer still has their cars listed.
    const car = await insertCar(t, buyer, categoryId, { name: 'My Own' });
    expect((await book(buyer, { productId: car })).json()).toEqual({ acknowledged: false, message: 'You cannot book your own car.' });
  });

  it('makes exactly one booking from twenty simultaneous requests', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Hot Hatch' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => book(buyer, { productId: car, phone: '555' })));
    // Each request is counted against the buyer's hourly bookings while it runs (a refused one is
    // given back after), so those beyond the limit at that instant are a 429.
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 429)).toBe(true);
    expect(answers.filter((a) => a.statusCode === 200 && a.json().acknowledged)).toHaveLength(1);
    expect(await bookings(car)).toHaveLength(1);
  });

  it.each([
    ['an overlong phone', { phone: '1'.repeat(41) }],
    ['an overlong location', { location: 'x'.repeat(201) }],
    ['an unknown field', { paid: true }],
    ['a price that is an object', { price: { $gt: 0 } }],
  ])('refuses %s with 400 and stores nothing', async (_what, extra) => {
    const car = await insertCar(t, seller, categoryId);
    const res = await book(buyer, { productId: car, ...extra });
    expect(res.statusCode).toBe(400);
    expect(await bookings(car)).toHaveLength(0);
  });

  it.each([
    ['location', { location: 'Main St\rURL:https://evil.example' }, 'Meeting Location'],
    ['phone', { phone: '555\n0100' }, 'Phone Number'],
    ['location', { location: 'Main St\u2028Springfield' }, 'Meeting Location'],
    ['phone', { phone: '555\u001b0100' }, 'Phone Number'],
  ])('refuses a control character in the %s with a 400 that says so', async (_field, extra, label) => {
    const car = await insertCar(t, seller, categoryId);
    const res = await book(buyer, { productId: car, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`${label} must be one line of text, without line breaks or control characters`);
    expect(await bookings(car)).toHaveLength(0);
  });

  it('answers 404 for a car that does not exist and 400 for a bad id', async () => {
    expect((await book(buyer, { productId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await book(buyer, { productId: 'abc' })).statusCode).toBe(400);
  });

  it('refuses anonymous callers (401), sellers and admins (403)', async () => {
    const car = await insertCar(t, seller, categoryId);
    expect((await book(undefined, { productId: car })).statusCode).toBe(401);
    expect((await book(seller, { productId: car })).statusCode).toBe(403);
    expect((await book(admin, { productId: car })).statusCode).toBe(403);
    expect(await bookings(car)).toHaveLength(0);
  });
});

describe('GET /orders and GET /orders/{id}', () => {
  let orderId: string;
  let car: string;
  beforeAll(async () => {
    car = await insertCar(t, seller, categoryId, { name: 'Listed Mazda', price: 9000 });
    orderId = (await book(buyer, { productId: car, phone: '555', location: 'Park' })).json().insertedId;
  });

  it('lists the buyer’s own orders with the car’s status', async () => {
    const res = await as(t.app, buyer, { method: 'GET', url: `/api/orders?email=${encodeURIComponent(buyer.email)}` });
    expect(res.statusCode).toBe(200);
    const mine = res.json().find((o: { _id: string }) => o._id === orderId);
    expect(mine).toMatchObject({ productId: car, productName: 'Listed Mazda', price: 9000, email: buyer.email, name: buyer.name, paid: false, paidAt: null, listingStatus: 'available', phone: '555', location: 'Park' });
    expect(mine.image).toMatch(/^\/uploads\//);
  });

  it('shows a car someone else bought as sold, and a deleted car as removed', async () => {
    await t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [car]);
    expect((await as(t.app, buyer, { method: 'GET', url: `/api/orders/${orderId}` })).json()).toMatchObject({ paid: false, listingStatus: 'sold' });
    await t.pool.query(`update products set paid = false, sales_status = 'available' where id = $1`, [car]);
    const gone = await insertCar(t, seller, categoryId, { name: 'Soon Deleted' });
    const goneOrder = (await book(buyer, { productId: gone })).json().insertedId;
    await as(t.app, seller, { method: 'DELETE', url: `/api/products/${gone}` });
    expect((await as(t.app, buyer, { method: 'GET', url: `/api/orders/${goneOrder}` })).json()).toMatchObject({
      productId: null,
      productName: 'Soon Deleted',
      listingStatus: 'removed',
    });
  });

  it('refuses someone else’s email (403) and someone else’s order (404, revealing nothing)', async () => {
    const list = await as(t.app, otherBuyer, { method: 'GET', url: `/api/orders?email=${encodeURIComponent(buyer.email)}` });
    expect(list.statusCode).toBe(403);
    const one = await as(t.app, otherBuyer, { method: 'GET', url: `/api/orders/${orderId}` });
    expect(one.statusCode).toBe(404);
    expect(one.body).not.toContain('Listed Mazda');
  });

  it('refuses anonymous callers (401) and sellers (403), and bad input (400)', async () => {
    expect((await as(t.app, undefined, { method: 'GET', url: `/api/orders/${orderId}` })).statusCode).toBe(401);
    expect((await as(t.app, undefined, { method: 'GET', url: `/api/orders?email=${encodeURIComponent(buyer.email)}` })).statusCode).toBe(401);
    expect((await as(t.app, seller, { method: 'GET', url: `/api/orders/${orderId}` })).statusCode).toBe(403);
    expect((await as(t.app, seller, { method: 'GET', url: `/api/orders?email=${encodeURIComponent(seller.email)}` })).statusCode).toBe(403);
    expect((await as(t.app, buyer, { method: 'GET', url: '/api/orders/123' })).statusCode).toBe(400);
    expect((await as(t.app, buyer, { method: 'GET', url: '/api/orders' })).statusCode).toBe(400);
  });
});
