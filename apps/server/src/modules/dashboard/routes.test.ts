import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

// Known rows, counted by hand below: sold, deleted, booked, wishlisted, reported and dismissed cars,
// a verified seller and two unverified ones. Every number is also checked against the rows of the
// page its tile links to.

let t: TestApp;
let verifiedSeller: Person;
let seller: Person;
let emptySeller: Person;
let buyer: Person;
let otherBuyer: Person;
let admin: Person;

const ok = async (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await as(t.app, who, { method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};
const summary = (who: Person | undefined, query = '') => as(t.app, who, { method: 'GET', url: `/api/dashboard/summary${query}` });
const book = async (who: Person, productId: string) => (await ok(who, 'POST', '/api/bookings', { productId })).insertedId as string;
const wish = (who: Person, productId: string) => ok(who, 'PUT', `/api/wishlists?id=${productId}&email=${encodeURIComponent(who.email)}`);
const report = (who: Person, productId: string) => ok(who, 'POST', '/api/reports', { productId, reason: 'Other' });

/** Books and pays through the test card processor, as the payment page does. */
async function bookAndPay(who: Person, productId: string) {
  const bookingId = await book(who, productId);
  const { clientSecret } = await ok(who, 'POST', '/api/create-payment-intent', { bookingId });
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
  const confirmed = await as(t.app, undefined, {
    method: 'POST',
    url: '/api/test-processor/confirm',
    payload: { clientSecret, card, billingDetails: { name: who.name, email: who.email } },
  });
  await ok(who, 'POST', '/api/payments', { transactionId: confirmed.json().paymentIntent.id, bookingId, email: who.email });
}

beforeAll(async () => {
  ({ t, seller, buyer, otherBuyer, admin } = await withPersonas(['seller', 'buyer', 'otherBuyer', 'admin']));
  [verifiedSeller, emptySeller] = await Promise.all([signUp(t.app, 'Seller'), signUp(t.app, 'Seller')]);
  await ok(admin, 'PUT', `/api/seller/verify?id=${verifiedSeller.id}&email=${encodeURIComponent(verifiedSeller.email)}`);
  const category = await insertCategory(t);
  const car = (owner: Person, name: string, paid = false) => insertCar(t, owner, category, { name, paid });

  // The verified seller: two cars for sale, one sold through the site, one sold before, one deleted.
  const booked = await car(verifiedSeller, 'Booked twice');
  const wished = await car(verifiedSeller, 'Wished, reported, dismissed');
  const paidFor = await car(verifiedSeller, 'Paid for');
  await car(verifiedSeller, 'Sold before', true);
  const deleted = await car(verifiedSeller, 'Deleted');
  await book(buyer, booked);
  await book(otherBuyer, booked);
  // Another buyer's booking on the car that is then sold stays on their orders, but is no request any more.
  await book(otherBuyer, paidFor);
  await bookAndPay(buyer, paidFor);
  await book(buyer, deleted);
  await wish(buyer, deleted);
  await report(buyer, deleted);
  await ok(verifiedSeller, 'DELETE', `/api/products/${deleted}`);
  await wish(otherBuyer, wished);
  await report(otherBuyer, wished);
  await ok(admin, 'DELETE', `/api/reports/${wished}`);
  await report(buyer, booked);

  // The unverified seller: one car, booked, wished and reported by both buyers.
  const reported = await car(seller, 'Reported twice');
  await book(otherBuyer, reported);
  await wish(buyer, reported);
  await wish(buyer, booked);
  await report(buyer, reported);
  await report(otherBuyer, reported);
});
afterAll(() => t?.close());

describe('GET /api/dashboard/summary', () => {
  it('answers a seller their cars for sale, the open bookings on them and the cars paid for', async () => {
    expect((await summary(verifiedSeller)).json()).toEqual({ seller: { activeListings: 2, bookings: 2, paid: 2 } });
    expect((await summary(seller)).json()).toEqual({ seller: { activeListings: 1, bookings: 1, paid: 0 } });
    expect((await summary(emptySeller)).json()).toEqual({ seller: { activeListings: 0, bookings: 0, paid: 0 } });
  });

  it('answers a buyer the rows of My Orders and My Wishlist', async () => {
    // Orders: paid, open, and one of a deleted car; the wishlist lost the deleted car with it.
    expect((await summary(buyer)).json()).toEqual({ buyer: { bookings: 3, wishlist: 2 } });
    expect((await summary(otherBuyer)).json()).toEqual({ buyer: { bookings: 3, wishlist: 1 } });
  });

  it('answers an admin the sellers without the badge and the reported cars still open', async () => {
    expect((await summary(admin)).json()).toEqual({ admin: { sellersToVerify: 2, openReports: 2 } });
  });

  it('counts what the pages its tiles link to list', async () => {
    const q = (who: Person) => `email=${encodeURIComponent(who.email)}`;
    for (const s of [verifiedSeller, seller]) {
      const products: { paid: boolean }[] = await ok(s, 'GET', `/api/products?${q(s)}`);
      expect((await summary(s)).json().seller).toMatchObject({
        activeListings: products.filter((p) => !p.paid).length,
        paid: products.filter((p) => p.paid).length,
      });
    }
    for (const b of [buyer, otherBuyer]) {
      const [orders, wishlist] = [await ok(b, 'GET', `/api/orders?${q(b)}`), await ok(b, 'GET', `/api/wishlist-products?${q(b)}`)];
      expect((await summary(b)).json().buyer).toEqual({ bookings: orders.length, wishlist: wishlist.length });
    }
    const sellers: { verification: string }[] = await ok(admin, 'GET', '/api/users/allseller');
    const reports: unknown[] = await ok(admin, 'GET', '/api/reports');
    expect((await summary(admin)).json().admin).toEqual({ sellersToVerify: sellers.filter((s) => s.verification !== 'verified').length, openReports: reports.length });
  });

  it('follows the rows as they change', async () => {
    const category = await insertCategory(t);
    const id = await insertCar(t, seller, category, { name: 'Listed just now' });
    expect((await summary(seller)).json().seller.activeListings).toBe(2);
    await report(buyer, id);
    expect((await summary(admin)).json().admin.openReports).toBe(3);
    await ok(admin, 'DELETE', `/api/reported-products/${id}`);
    expect((await summary(seller)).json().seller.activeListings).toBe(1);
    expect((await summary(admin)).json().admin.openReports).toBe(2);
  });

  it('is for signed-in people only, and names nobody else: any query parameter is refused', async () => {
    const anonymous = await summary(undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ statusCode: 401, message: expect.any(String) });
    for (const query of [`?email=${encodeURIComponent(otherBuyer.email)}`, `?id=${otherBuyer.id}`, '?role=admin']) {
      const res = await summary(buyer, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).not.toContain('"bookings"');
    }
  });
});
