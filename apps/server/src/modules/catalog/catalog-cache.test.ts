import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carListing, insertCar, insertCategory } from '../../../test/fixtures.ts';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

/**
 * The catalog's one-second read cache (read-cache.ts) is dropped by the writes that change what it
 * shows, only where they change it, and by nothing else: anyone could otherwise empty it at will and send every visitor down
 * the uncached path. Each test fills it and looks at how many entries it holds, not at timings.
 * Entries live for a minute here (the longest CATALOG_CACHE_SECONDS allows), so none expires
 * during a test, however slow the machine: what is gone was dropped, what is fresh was reread.
 */
let t: TestApp;
let seller: Person;
let buyer: Person;
let admin: Person;
let categoryId: string;

const ids = (res: { json(): unknown }) => (res.json() as { _id: string }[]).map((p) => p._id);
const grid = () => as(t.app, undefined, { method: 'GET', url: '/api/advertisement/products' });

/** Loads the advertised grid and a category page into the cache; answers how many entries it holds. */
async function fill() {
  expect((await grid()).statusCode).toBe(200);
  expect((await as(t.app, buyer, { method: 'GET', url: `/api/category/${categoryId}` })).statusCode).toBe(200);
  expect(t.app.catalogReads.size).toBe(2);
}

async function pay(productId: string) {
  const booking = (await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId } })).json().insertedId;
  const intent = (await as(t.app, buyer, { method: 'POST', url: '/api/create-payment-intent', payload: { bookingId: booking } })).json();
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };
  const confirmed = await as(t.app, undefined, {
    method: 'POST',
    url: '/api/test-processor/confirm',
    payload: { clientSecret: intent.clientSecret, card, billingDetails: { name: 'Pat', email: 'pat@test.example' } },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { bookingId: booking as string, transactionId: confirmed.json().paymentIntent.id as string };
}

beforeAll(async () => {
  ({ t, seller, buyer, admin, categoryId } = await withPersonas(['seller', 'buyer', 'admin'], { category: true, app: { env: { CATALOG_CACHE_SECONDS: '60' } } }));
});
afterAll(() => t?.close());

describe('writes that leave the catalog as it is keep its cache', () => {
  it('keeps it through a booking, a wishlist entry, a report, a failed write and an anonymous sign-out', async () => {
    const car = await insertCar(t, seller, categoryId, { advertised: true });
    await fill();
    expect((await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId: car } })).statusCode).toBe(200);
    expect((await as(t.app, buyer, { method: 'PUT', url: `/api/wishlists?id=${car}&email=${encodeURIComponent(buyer.email)}` })).statusCode).toBe(200);
    expect((await as(t.app, buyer, { method: 'POST', url: '/api/reports', payload: { productId: car, reason: 'Other' } })).statusCode).toBe(200);
    expect((await as(t.app, seller, { method: 'PUT', url: `/api/product/${car}` })).json().modifiedCount).toBe(0);
    expect((await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId: 'nope' } })).statusCode).toBe(400);
    expect((await as(t.app, undefined, { method: 'POST', url: '/api/auth/sign-out', payload: {} })).statusCode).toBe(200);
    expect(t.app.catalogReads.size).toBe(2);
  });
});

describe('a write to one car drops only what shows it', () => {
  it('keeps the other categories’ pages, and the advertised grid unless the car is on it', async () => {
    const other = await insertCategory(t);
    const pageOf = async (id: string) => expect((await as(t.app, buyer, { method: 'GET', url: `/api/category/${id}` })).statusCode).toBe(200);
    const car = await insertCar(t, seller, categoryId);
    await fill();
    await pageOf(other);
    expect(t.app.catalogReads.size).toBe(3);
    // Not advertised: its category's page goes; the grid and the other category's page stay.
    expect((await as(t.app, seller, { method: 'POST', url: `/api/products/${car}/withdraw` })).json().modifiedCount).toBe(1);
    expect(t.app.catalogReads.size).toBe(2);
    // Advertised: the grid goes too, and still not the other category's page.
    const shown = await insertCar(t, seller, categoryId, { advertised: true });
    await pageOf(categoryId);
    expect(t.app.catalogReads.size).toBe(3);
    expect((await as(t.app, seller, { method: 'DELETE', url: `/api/products/${shown}` })).json().deletedCount).toBe(1);
    expect(t.app.catalogReads.size).toBe(1);
    await pageOf(other);
    expect(t.app.catalogReads.size).toBe(1);
    // The tests below count from an empty cache.
    t.app.catalogReads.clear();
  });
});

describe('writes that change the catalog drop its cache, so the writer’s next read is fresh', () => {
  it('adding a car', async () => {
    const key = (await t.pool.query(`insert into images (key, widths, owner_id) values ('AAAAAAAAAAAAAAAAcachetest', '{480}', $1) returning key`, [seller.id])).rows[0].key;
    await fill();
    const res = await as(t.app, seller, {
      method: 'POST',
      url: '/api/addProducts',
      payload: carListing(categoryId, `/uploads/${key}-480.webp`, { productName: 'Freshly listed' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Its category's page goes; a new car is not advertised, so the grid stays.
    expect(t.app.catalogReads.size).toBe(1);
    const page = (await as(t.app, buyer, { method: 'GET', url: `/api/category/${categoryId}` })).json();
    expect(page.products.map((p: { _id: string }) => p._id)).toContain(res.json().insertedId);
  });

  it('advertising a car', async () => {
    const car = await insertCar(t, seller, categoryId);
    await fill();
    expect((await as(t.app, seller, { method: 'PUT', url: `/api/product/${car}` })).json().modifiedCount).toBe(1);
    expect(t.app.catalogReads.size).toBe(0);
    expect(ids(await grid())).toContain(car);
  });

  it('deleting a car', async () => {
    const car = await insertCar(t, seller, categoryId, { advertised: true });
    await fill();
    expect((await as(t.app, seller, { method: 'DELETE', url: `/api/products/${car}` })).json().deletedCount).toBe(1);
    expect(t.app.catalogReads.size).toBe(0);
    expect(ids(await grid())).not.toContain(car);
  });

  it('selling a car', async () => {
    const car = await insertCar(t, seller, categoryId, { advertised: true });
    const { bookingId, transactionId } = await pay(car);
    await fill();
    const paid = await as(t.app, buyer, { method: 'POST', url: '/api/payments', payload: { transactionId, bookingId, email: buyer.email } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(t.app.catalogReads.size).toBe(0);
    expect(ids(await grid())).not.toContain(car);

    // Recording the same payment again sells nothing, and keeps the cache.
    await fill();
    expect((await as(t.app, buyer, { method: 'POST', url: '/api/payments', payload: { transactionId, bookingId, email: buyer.email } })).statusCode).toBe(200);
    expect(t.app.catalogReads.size).toBe(2);
  });

  it('verifying a seller, deleting a seller and deleting a reported car (admin)', async () => {
    const other = await signUp(t.app, 'Seller');
    const theirs = await insertCar(t, other, categoryId, { advertised: true });
    await fill();
    const verify = await as(t.app, admin, { method: 'PUT', url: `/api/seller/verify?id=${other.id}&email=${encodeURIComponent(other.email)}` });
    expect(verify.json().modifiedCount).toBe(1);
    expect(t.app.catalogReads.size).toBe(0);
    expect((await grid()).json().find((p: { _id: string }) => p._id === theirs).verification).toBe('verified');

    const reported = await insertCar(t, seller, categoryId, { advertised: true });
    await fill();
    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/reported-products/${reported}` })).json().deletedCount).toBe(1);
    expect(t.app.catalogReads.size).toBe(0);
    expect(ids(await grid())).not.toContain(reported);

    await fill();
    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/users/${other.id}` })).json().deletedCount).toBe(1);
    expect(t.app.catalogReads.size).toBe(0);
    expect(ids(await grid())).not.toContain(theirs);
  });
});
