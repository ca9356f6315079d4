import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarPage, Order, WishlistItem } from '@second-gear/contract';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { appHasHeard, as, createTestApp, ORIGIN, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { nextLoopbackAddress } from '../../../test/raw-http.ts';

// An email change moves everything (issue 46): what a person owns is theirs by their account's id,
// whatever address they use, and every copy of the address changes with it, in the same
// transaction (the users_email_copies trigger, migration 0034). Each change goes the real way:
// asked for in Settings, then the link from the email sent to the new address opened.

let t: TestApp;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  categoryId = await insertCategory(t);
});
afterAll(() => t?.close());

/** Settings' email change, confirmed by opening the link sent to the new address; answers the person as they now are. */
async function moveTo(person: Person, newEmail: string): Promise<Person> {
  const asked = await as(t.app, person, { method: 'POST', url: '/api/me/email', payload: { newEmail }, remoteAddress: nextLoopbackAddress() });
  expect(asked.statusCode, asked.body).toBe(200);
  const { rows } = await t.pool.query<{ text_body: string }>(`select text_body from email_outbox where to_address = $1 and subject = 'Confirm your new email address'`, [newEmail]);
  const url = /(http\S+\/api\/auth\/verify-email\S+)/.exec(rows[0]!.text_body)![1]!;
  const opened = await t.app.inject({ method: 'GET', url: url.replace(ORIGIN, '') });
  expect(opened.headers.location).toBe(`${ORIGIN}/confirm-email`);
  await appHasHeard(t);
  return { ...person, email: newEmail };
}

const carPage = (who: Person, id: string) => as(t.app, who, { method: 'GET', url: `/api/cars/${id}` });
const newAddress = (person: Person) => `moved-${person.id.slice(0, 8).toLowerCase()}@test.example`;

describe('a seller who changes their email', () => {
  it('is shown at the new address, keeps their withdrawn car, and leaves nothing to whoever takes the old one', async () => {
    const seller = await signUp(t.app, 'Seller');
    const buyer = await signUp(t.app, 'Buyer');
    const onMarket = await insertCar(t, seller, categoryId, { name: 'On the market' });
    const withdrawn = await insertCar(t, seller, categoryId, { name: 'Withdrawn' });
    expect((await as(t.app, seller, { method: 'POST', url: `/api/products/${withdrawn}/withdraw` })).json().modifiedCount).toBe(1);
    expect((await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId: onMarket } })).json().acknowledged).toBe(true);
    const wished = await as(t.app, buyer, { method: 'PUT', url: `/api/wishlists?id=${onMarket}&email=${encodeURIComponent(buyer.email)}` });
    expect(wished.json().modifiedCount).toBe(1);

    const oldEmail = seller.email;
    const moved = await moveTo(seller, newAddress(seller));

    // The buyer reaches the seller at the address the seller has now: on the car and on the wishlist.
    expect((await carPage(buyer, onMarket)).json<CarPage>().product.email).toBe(moved.email);
    const wishlist = await as(t.app, buyer, { method: 'GET', url: `/api/wishlist-products?email=${encodeURIComponent(buyer.email)}` });
    expect(wishlist.json<WishlistItem[]>().map((item) => item.email)).toEqual([moved.email]);
    // The seller's withdrawn car is still theirs.
    const own = await carPage(moved, withdrawn);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<CarPage>().product.mobile).toBe('555-0100');

    // Someone who signs up with the old address is a stranger to the seller's cars.
    const newcomer = await signUp(t.app, 'Buyer', { email: oldEmail });
    const stranger = await carPage(newcomer, withdrawn);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('555-0100');

    // Every copy of the address reads the new one: the cars, and the booking's email waiting for the seller.
    const cars = await t.pool.query('select seller_email from products where seller_id = $1', [seller.id]);
    expect(cars.rows).toEqual([{ seller_email: moved.email }, { seller_email: moved.email }]);
    const waiting = await t.pool.query(
      `select o.to_address from email_outbox o join notifications n on n.id = o.notification_id where n.user_id = $1 and o.sent_at is null`,
      [seller.id],
    );
    expect(waiting.rows).toEqual([{ to_address: moved.email }]);
  });

  it('is still told at the old address that it was changed', async () => {
    const seller = await signUp(t.app, 'Seller');
    const oldEmail = seller.email;
    await moveTo(seller, newAddress(seller));
    const { rows } = await t.pool.query('select to_address from email_outbox where user_id = $1 and subject = $2', [seller.id, 'Your Second Gear email is being changed']);
    expect(rows).toEqual([{ to_address: oldEmail }]);
  });
});

describe('a buyer who changes their email', () => {
  it('sees it on their orders, and their payment records it', async () => {
    const seller = await signUp(t.app, 'Seller');
    const buyer = await signUp(t.app, 'Buyer');
    const productId = await insertCar(t, seller, categoryId);
    const bookingId = (await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId } })).json().insertedId;
    const intent = (await as(t.app, buyer, { method: 'POST', url: '/api/create-payment-intent', payload: { bookingId } })).json();
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };
    const confirmed = await as(t.app, undefined, {
      method: 'POST',
      url: '/api/test-processor/confirm',
      payload: { clientSecret: intent.clientSecret, card, billingDetails: { name: buyer.name, email: buyer.email } },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const transactionId = confirmed.json().paymentIntent.id;
    const recorded = await as(t.app, buyer, { method: 'POST', url: '/api/payments', payload: { price: 15000, transactionId, email: buyer.email, bookingId, productId } });
    expect(recorded.statusCode, recorded.body).toBe(200);

    const moved = await moveTo(buyer, newAddress(buyer));

    const orders = await as(t.app, moved, { method: 'GET', url: `/api/orders?email=${encodeURIComponent(moved.email)}` });
    expect(orders.json<Order[]>().map((o) => o.email)).toEqual([moved.email]);
    const { rows } = await t.pool.query('select buyer_email from payments where booking_id = $1', [bookingId]);
    expect(rows).toEqual([{ buyer_email: moved.email }]);
  });
});

describe('whose withdrawn car it is', () => {
  it('is decided by the seller’s account, whatever address a copy on the car names', async () => {
    const seller = await signUp(t.app, 'Seller');
    const other = await signUp(t.app, 'Buyer');
    const car = await insertCar(t, seller, categoryId);
    expect((await as(t.app, seller, { method: 'POST', url: `/api/products/${car}/withdraw` })).json().modifiedCount).toBe(1);
    // A copy gone astray (one left behind before migration 0034 brought them in step, say) names someone else.
    await t.pool.query('update products set seller_email = $2 where id = $1', [car, other.email]);
    expect((await carPage(other, car)).statusCode).toBe(404);
    expect((await carPage(seller, car)).statusCode).toBe(200);
  });
});
