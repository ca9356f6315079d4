/**
 * The authorization matrix (authorization-matrix.ts), second half: every route from wishlists on as
 * anonymous, buyer, another buyer, seller, another seller and admin; then forged fields on every
 * write route.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { carListing, insertCar, insertCategory } from './fixtures.ts';
import { multipartFile, signUp } from './harness.ts';
import { isWriteMethod, routeRules } from './route-rules.ts';
import {
  A,
  adminRows,
  B,
  call,
  categoryId,
  checkEveryPersona,
  confirmCard,
  enc,
  fake,
  get,
  heldPayment,
  okJson,
  one,
  openedDispute,
  otherDeviceOf,
  otherOf,
  P,
  paidWithCard,
  releasedSale,
  reviewRows,
  PERSONAS,
  png,
  post,
  RULES_FROM_WISHLISTS,
  S,
  setUpMatrix,
  soon,
  stripeApp,
  t,
  type Who,
} from './authorization-matrix.ts';
import { unsubscribeToken } from '../src/mail/unsubscribe-token.ts';
import { testPayoutAccountNumbers } from '@second-gear/contract';

setUpMatrix('the routes from wishlists on and the forged fields');

describe('every route as anonymous, buyer, another buyer, seller, another seller and admin', () => {
  // One test per route, in the order of route-rules.ts.
  it.each(RULES_FROM_WISHLISTS)('%s', checkEveryPersona);

  it('lets anyone holding the client secret pay with it, and nobody without it', async () => {
    expect((await call('anonymous', confirmCard('pi_nope_secret_nope'))).statusCode).toBe(404);
    expect((await call('admin', confirmCard('pi_nope_secret_nope'))).statusCode).toBe(404);
    const res = await call('anonymous', confirmCard(adminRows.capSecret));
    expect(res.statusCode).toBe(200);
    expect(res.json().paymentIntent.status).toBe('succeeded');
  });

  it('answers the dashboard summary only about the caller: a query naming anyone else is refused', async () => {
    for (const who of PERSONAS) {
      if (who === 'anonymous') continue;
      const other = P[otherOf[who]];
      for (const query of [`email=${enc(other.email)}`, `id=${other.id}`, `email=${enc(P[who].email)}`]) {
        const res = await call(who, get(`/api/dashboard/summary?${query}`));
        expect(res.statusCode, `${who}: ?${query} ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
      }
    }
    expect((await call('anonymous', get(`/api/dashboard/summary?email=${enc(P.buyer.email)}`))).statusCode).toBe(401);
  });

  it('takes a Stripe delivery with a valid signature from anyone, and refuses one whose bytes were changed', async () => {
    const { payload, signature } = fake.signedEvent('customer.created', { id: 'cus_matrix', object: 'customer' });
    const deliver = (body: string) =>
      call('anonymous', { method: 'POST', url: '/api/stripe/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } }, stripeApp);
    expect((await deliver(payload.replace('"livemode":false', '"livemode":true'))).statusCode).toBe(400);
    const res = await deliver(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });
});

// ---------------------------------------------------------------------------------------------
// Mass assignment: forged fields on every write route are refused (400) or ignored, never applied.
// ---------------------------------------------------------------------------------------------

describe('mass-assignment probes on every write route', () => {
  const forged = () => ({
    role: 'admin',
    paid: true,
    verified: true,
    isAdmin: true,
    price: 1,
    email: P.otherBuyer.email,
    sellerId: P.otherSeller.id,
    advertisement: true,
    _id: randomUUID(),
  });
  const forgedQuery = () => new URLSearchParams(Object.entries(forged()).map(([k, v]) => [k, String(v)])).toString();
  const car = (name = 'Probe car', price = 14_000) => insertCar(t, P.seller, categoryId, { name, price });
  const booked = async (productId: string, who: 'buyer' | 'otherBuyer' = 'buyer') =>
    (await okJson(who, { method: 'POST', url: '/api/bookings', payload: { productId } })).insertedId as string;
  const wished = (productId: string, who: 'buyer' | 'otherBuyer' = 'buyer') =>
    okJson(who, { method: 'PUT', url: `/api/wishlists?id=${productId}&email=${enc(P[who].email)}` });
  const rejected = async (who: Who, opts: InjectOptions) => {
    const res = await call(who, opts);
    expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body}`).toBe(400);
    return res;
  };

  /** Each write route and how its probe is judged; a write route missing here fails the suite. */
  const probes: Record<string, () => Promise<void>> = {
    'POST /api/users': async () => {
      await rejected('buyer', post('/api/users', { ...forged(), name: 'B', email: P.buyer.email, role: 'Buyer' }));
      await rejected('buyer', post('/api/users', { name: 'B', email: P.buyer.email, role: 'Admin' }));
      expect(await one('select role, verified from users where id = $1', [P.buyer.id])).toEqual({ role: 'buyer', verified: false });
    },
    'PATCH /api/me/profile': async () => {
      for (const field of Object.keys(forged())) {
        await rejected('buyer', { method: 'PATCH', url: '/api/me/profile', payload: { name: 'Forged name', [field]: (forged() as Record<string, unknown>)[field] } });
      }
      expect(await one('select name, role, verified, email from users where id = $1', [P.buyer.id])).toEqual({ name: P.buyer.name, role: 'buyer', verified: false, email: P.buyer.email });
    },
    'POST /api/me/photo': async () => {
      const res = await call('buyer', { method: 'POST', url: `/api/me/photo?${forgedQuery()}`, ...multipartFile('image', 'me.png', 'image/png', png) });
      expect(res.statusCode).toBe(200);
      const key = /\/uploads\/([A-Za-z0-9_-]+)-\d+\.webp$/.exec(res.json().data.url)![1];
      expect(await one('select owner_id from images where key = $1', [key])).toEqual({ owner_id: P.buyer.id });
    },
    'POST /api/signup/photo': async () => {
      // Forged owner fields, signed in or not: the sign-up photo still belongs to nobody.
      for (const who of ['anonymous', 'buyer'] as const) {
        const res = await call(who, { method: 'POST', url: `/api/signup/photo?${forgedQuery()}`, ...multipartFile('image', 'me.png', 'image/png', png) });
        expect(res.statusCode).toBe(200);
        const key = /\/uploads\/([A-Za-z0-9_-]+)-\d+\.webp$/.exec(res.json().data.url)![1];
        expect(await one('select owner_id from images where key = $1', [key])).toEqual({ owner_id: null });
      }
    },
    'POST /api/me/email': async () => {
      await rejected('buyer', post('/api/me/email', { ...forged(), newEmail: 'forged@test.example' }));
      await rejected('buyer', post('/api/me/email', { newEmail: 'forged@test.example', userId: P.otherBuyer.id }));
      expect(await one(`select count(*)::int as n from email_outbox where to_address = 'forged@test.example'`, [])).toEqual({ n: 0 });
    },
    'DELETE /api/me/sessions/:id': async () => {
      const [mine, theirs] = [await otherDeviceOf(P.buyer.id), await otherDeviceOf(P.otherBuyer.id)];
      const res = await call('buyer', { method: 'DELETE', url: `/api/me/sessions/${mine}?${forgedQuery()}&id=${theirs}`, payload: { ...forged(), id: theirs } });
      expect(res.json()).toEqual({ signedOut: 1 });
      expect(await one('select count(*)::int as n from sessions where id = any($1)', [[mine, theirs]])).toEqual({ n: 1 });
      expect(await one('select user_id from sessions where id = $1', [theirs])).toEqual({ user_id: P.otherBuyer.id });
    },
    'POST /api/me/sessions/sign-out-others': async () => {
      const theirs = await otherDeviceOf(P.otherBuyer.id);
      const res = await call('buyer', { method: 'POST', url: `/api/me/sessions/sign-out-others?${forgedQuery()}`, payload: { ...forged(), userId: P.otherBuyer.id } });
      expect(res.statusCode).toBe(200);
      expect(await one('select user_id from sessions where id = $1', [theirs])).toEqual({ user_id: P.otherBuyer.id });
    },
    'POST /api/images': async () => {
      const res = await call('seller', { method: 'POST', url: `/api/images?${forgedQuery()}`, ...multipartFile('image', 'car.png', 'image/png', png) });
      expect(res.statusCode).toBe(200);
      const key = /\/uploads\/([A-Za-z0-9_-]+)-\d+\.webp$/.exec(res.json().data.url)![1];
      expect(await one('select owner_id from images where key = $1', [key])).toEqual({ owner_id: P.seller.id });
    },
    'POST /api/addProducts': async () => {
      const valid = carListing(categoryId, S('seller').imageUrl, { productName: 'Forged listing' });
      await rejected('seller', post('/api/addProducts', { ...forged(), ...valid }));
      for (const [field, value] of Object.entries({ ...forged(), salesStatus: 'sold', sellerName: 'Admin', verification: 'verified', postingTime: '2000-01-01T00:00:00Z' })) {
        await rejected('seller', post('/api/addProducts', { ...valid, [field]: value }));
      }
      expect(await one(`select count(*)::int as n from products where product_name = 'Forged listing'`, [])).toEqual({ n: 0 });
    },
    'PUT /api/product/:id': async () => {
      const id = await car();
      const res = await call('seller', { method: 'PUT', url: `/api/product/${id}?${forgedQuery()}`, payload: forged() });
      expect(res.statusCode).toBe(200);
      expect(await one('select advertised, paid, resale_price, seller_id from products where id = $1', [id])).toEqual({
        advertised: true,
        paid: false,
        resale_price: 14_000,
        seller_id: P.seller.id,
      });
    },
    'PUT /api/products/:id': async () => {
      const id = await car('Edited probe car', 14_000);
      const valid = carListing(categoryId, S('seller').imageUrl, { productName: 'Edited probe car', resalePrice: 13_000 });
      await rejected('seller', { method: 'PUT', url: `/api/products/${id}`, payload: { ...forged(), ...valid } });
      for (const [field, value] of Object.entries({ salesStatus: 'sold', sellerName: 'Admin', verification: 'verified', postingTime: '2000-01-01T00:00:00Z', withdrawn: true })) {
        await rejected('seller', { method: 'PUT', url: `/api/products/${id}`, payload: { ...valid, [field]: value } });
      }
      expect(await one('select resale_price, paid, advertised, seller_id from products where id = $1', [id])).toEqual({
        resale_price: 14_000,
        paid: false,
        advertised: false,
        seller_id: P.seller.id,
      });
    },
    'POST /api/products/:id/withdraw': async () => {
      const id = await car();
      const othersWithdrawn = () => one('select count(*)::int as n from products where seller_id = $1 and withdrawn_at is not null', [P.otherSeller.id]);
      const before = await othersWithdrawn();
      const res = await call('seller', { method: 'POST', url: `/api/products/${id}/withdraw?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      expect(await one('select paid, advertised from products where id = $1', [id])).toEqual({ paid: false, advertised: false });
      // sellerId named another seller: their cars are untouched.
      expect(await othersWithdrawn()).toEqual(before);
    },
    'DELETE /api/products/:id': async () => {
      const id = await car();
      const res = await call('seller', { method: 'DELETE', url: `/api/products/${id}?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      // sellerId named another seller: their car is untouched.
      expect(await one('select 1 as found from products where id = $1', [S('otherSeller').adCar])).toEqual({ found: 1 });
    },
    'POST /api/bookings': async () => {
      const id = await car('Booked probe car', 13_000);
      await rejected('buyer', post('/api/bookings', { ...forged(), productId: id }));
      // The first client sends the whole booking: those fields are accepted and ignored.
      const res = await call('buyer', post('/api/bookings', { productId: id, price: 1, email: P.otherBuyer.email, name: 'Forged', productName: 'Forged', image: 'x', verified: 'verified' }));
      expect(res.json()).toMatchObject({ acknowledged: true });
      expect(await one('select buyer_id, buyer_email, buyer_name, product_name, price, paid from bookings where id = $1', [res.json().insertedId])).toEqual({
        buyer_id: P.buyer.id,
        buyer_email: P.buyer.email,
        buyer_name: P.buyer.name,
        product_name: 'Booked probe car',
        price: 13_000,
        paid: false,
      });
    },
    'POST /api/bookings/:id/accept': async () => {
      const id = await booked(await car('Accept probe'));
      await rejected('seller', post(`/api/bookings/${id}/accept`, { ...forged(), meetingTime: soon(), calendarSequence: 9, status: 'declined' }));
      expect(await one('select status, paid, price, calendar_sequence from bookings where id = $1', [id])).toEqual({ status: 'pending', paid: false, price: 14_000, calendar_sequence: 0 });
    },
    'POST /api/bookings/:id/decline': async () => {
      const id = await booked(await car('Decline probe'));
      await rejected('seller', post(`/api/bookings/${id}/decline`, { ...forged(), reason: 'x', status: 'cancelled' }));
      expect(await one('select status, decline_reason from bookings where id = $1', [id])).toEqual({ status: 'pending', decline_reason: null });
    },
    'POST /api/bookings/:id/propose': async () => {
      const id = await booked(await car('Propose probe'));
      await rejected('seller', post(`/api/bookings/${id}/propose`, { ...forged(), time: soon(), meetingTime: soon(), status: 'confirmed' }));
      expect(await one('select status, proposed_time, meeting_time from bookings where id = $1', [id])).toEqual({ status: 'pending', proposed_time: null, meeting_time: null });
    },
    'POST /api/bookings/:id/accept-proposal': async () => {
      const id = await booked(await car('Proposal probe'));
      await okJson('seller', post(`/api/bookings/${id}/propose`, { time: soon(60) }));
      await rejected('buyer', post(`/api/bookings/${id}/accept-proposal`, { ...forged(), meetingTime: soon(1) }));
      expect(await one('select status, paid from bookings where id = $1', [id])).toEqual({ status: 'pending', paid: false });
    },
    'POST /api/bookings/:id/cancel': async () => {
      const id = await booked(await car('Cancel probe'));
      await rejected('buyer', post(`/api/bookings/${id}/cancel`, { ...forged(), status: 'declined' }));
      expect(await one('select status, paid from bookings where id = $1', [id])).toEqual({ status: 'pending', paid: false });
    },
    'PUT /api/wishlists': async () => {
      const id = await car();
      await rejected('buyer', { method: 'PUT', url: `/api/wishlists?${forgedQuery()}&id=${id}`.replace(`email=${enc(P.otherBuyer.email)}`, `email=${enc(P.buyer.email)}`) });
      expect(await one('select count(*)::int as n from wishlist_entries where product_id = $1', [id])).toEqual({ n: 0 });
    },
    'DELETE /api/wishlists/:id': async () => {
      const id = await car();
      await wished(id, 'buyer');
      await wished(id, 'otherBuyer');
      const res = await call('buyer', { method: 'DELETE', url: `/api/wishlists/${id}?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect((await t.pool.query('select buyer_id from wishlist_entries where product_id = $1', [id])).rows).toEqual([{ buyer_id: P.otherBuyer.id }]);
    },
    'PUT /api/seller/verify': async () => {
      const seller = await signUp(t.app, 'Seller');
      await rejected('admin', { method: 'PUT', url: `/api/seller/verify?${forgedQuery()}`.replace(/email=[^&]*/, `email=${enc(seller.email)}`) + `&id=${seller.id}` });
      expect(await one('select role, verified from users where id = $1', [seller.id])).toEqual({ role: 'seller', verified: false });
    },
    'DELETE /api/users/:id': async () => {
      const doomed = await signUp(t.app, 'Buyer');
      const res = await call('admin', { method: 'DELETE', url: `/api/users/${doomed.id}?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await one('select count(*)::int as n from users where id = any($1)', [[P.otherSeller.id, P.otherBuyer.id, P.admin.id]])).toEqual({ n: 3 });
    },
    'POST /api/reports': async () => {
      const id = await car();
      await rejected('buyer', post('/api/reports', { ...forged(), productId: id, reason: 'Other' }));
      expect(await one('select count(*)::int as n from reports where product_id = $1', [id])).toEqual({ n: 0 });
    },
    'DELETE /api/reports/:id': async () => {
      const id = await car();
      await okJson('buyer', post('/api/reports', { productId: id, reason: 'Other' }));
      const res = await call('admin', { method: 'DELETE', url: `/api/reports/${id}?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await one('select paid, advertised, seller_id from products where id = $1', [id])).toEqual({ paid: false, advertised: false, seller_id: P.seller.id });
    },
    'DELETE /api/reported-products/:id': async () => {
      const id = await car();
      // Its body takes a reason only: forged fields are refused and the car stays.
      await rejected('admin', { method: 'DELETE', url: `/api/reported-products/${id}`, payload: forged() });
      expect(await one('select 1 as found from products where id = $1', [id])).toEqual({ found: 1 });
      const res = await call('admin', { method: 'DELETE', url: `/api/reported-products/${id}?${forgedQuery()}`, payload: { reason: 'Probe' } });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await one('select 1 as found from products where id = $1', [S('otherSeller').adCar])).toEqual({ found: 1 });
    },
    'PUT /api/admin/sellers/:id/verification': async () => {
      const seller = await signUp(t.app, 'Seller');
      const url = `/api/admin/sellers/${seller.id}/verification`;
      await rejected('admin', { method: 'PUT', url, payload: { ...forged(), note: 'Forged' } });
      await rejected('admin', { method: 'PUT', url, payload: { note: 'Forged', adminId: P.buyer.id, sellerId: P.otherSeller.id } });
      expect(await one('select role, verified from users where id = $1', [seller.id])).toEqual({ role: 'seller', verified: false });
      expect(await one('select count(*)::int as n from seller_verifications where seller_id = $1', [seller.id])).toEqual({ n: 0 });
    },
    'DELETE /api/admin/sellers/:id/verification': async () => {
      const seller = await signUp(t.app, 'Seller');
      await t.pool.query('update users set verified = true where id = $1', [seller.id]);
      const url = `/api/admin/sellers/${seller.id}/verification`;
      await rejected('admin', { method: 'DELETE', url, payload: { ...forged(), note: 'Forged' } });
      await rejected('admin', { method: 'DELETE', url, payload: { note: 'Forged', verified: true, role: 'buyer' } });
      expect(await one('select role, verified from users where id = $1', [seller.id])).toEqual({ role: 'seller', verified: true });
    },
    'POST /api/categories': async () => {
      const name = `Forged brand ${randomBytes(3).toString('hex')}`;
      await rejected('admin', post('/api/categories', { ...forged(), name, details: 'x', image: adminRows.picture }));
      for (const [field, value] of Object.entries({ ...forged(), cars: 0, image_key: 'x', created_at: '2000-01-01T00:00:00Z' })) {
        await rejected('admin', post('/api/categories', { name, details: 'x', image: adminRows.picture, [field]: value }));
      }
      expect(await one('select count(*)::int as n from categories where name = $1', [name])).toEqual({ n: 0 });
    },
    'PUT /api/categories/:id': async () => {
      const id = await insertCategory(t);
      const before = await one('select name, details, image_key from categories where id = $1', [id]);
      await rejected('admin', { method: 'PUT', url: `/api/categories/${id}`, payload: { ...forged(), details: 'Forged' } });
      await rejected('admin', { method: 'PUT', url: `/api/categories/${id}`, payload: { _id: randomUUID() } });
      expect(await one('select name, details, image_key from categories where id = $1', [id])).toEqual(before);
    },
    'DELETE /api/categories/:id': async () => {
      const id = await insertCategory(t);
      const res = await call('admin', { method: 'DELETE', url: `/api/categories/${id}?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      // The category in use stays, whatever _id the query named.
      expect(await one('select 1 as found from categories where id = $1', [categoryId])).toEqual({ found: 1 });
    },
    'POST /api/create-payment-intent': async () => {
      const bookingId = await booked(await car('Intent probe', 11_000));
      await rejected('buyer', post('/api/create-payment-intent', { ...forged(), bookingId, amount: 1 }));
      // The compatibility `price` is ignored: the amount is the order's, from the database.
      const res = await call('buyer', post('/api/create-payment-intent', { bookingId, price: 1 }));
      expect(res.json()).toMatchObject({ amount: 1_100_000, currency: 'usd' });
    },
    'POST /api/wishlist-create-payment-intent': async () => {
      const productId = await car('Wish intent probe', 9_000);
      await wished(productId);
      await rejected('buyer', post('/api/wishlist-create-payment-intent', { ...forged(), productId }));
      const res = await call('buyer', post('/api/wishlist-create-payment-intent', { productId, resalePrice: 1 }));
      expect(res.json()).toMatchObject({ amount: 900_000, currency: 'usd' });
    },
    'POST /api/payments': async () => {
      const bookingId = await booked(await car('Payment probe', 8_000));
      const transactionId = await paidWithCard('buyer', bookingId);
      await rejected('buyer', post('/api/payments', { ...forged(), transactionId, bookingId, email: P.buyer.email }));
      expect(await one('select paid from bookings where id = $1', [bookingId])).toEqual({ paid: false });
      const res = await call('buyer', post('/api/payments', { transactionId, bookingId, email: P.buyer.email, price: 1 }));
      expect(res.statusCode).toBe(200);
      expect(await one('select amount, buyer_id from payments where transaction_id = $1', [transactionId])).toEqual({ amount: 800_000, buyer_id: P.buyer.id });
    },
    'POST /api/wishlist-payments': async () => {
      const productId = await car('Wish payment probe', 7_000);
      await wished(productId);
      const intent = await okJson('buyer', post('/api/wishlist-create-payment-intent', { productId }));
      const transactionId = (await okJson('anonymous', confirmCard(intent.clientSecret))).paymentIntent.id;
      await rejected('buyer', post('/api/wishlist-payments', { ...forged(), transactionId, bookingId: productId, wishlistEmail: P.buyer.email }));
      const res = await call('buyer', post('/api/wishlist-payments', { transactionId, bookingId: productId, wishlistEmail: P.buyer.email, resalePrice: 1 }));
      expect(res.statusCode).toBe(200);
      expect(await one('select amount from payments where transaction_id = $1', [transactionId])).toEqual({ amount: 700_000 });
    },
    'POST /api/test-processor/confirm': async () => {
      const bookingId = await booked(await car('Confirm probe', 6_000));
      const intent = await okJson('buyer', post('/api/create-payment-intent', { bookingId }));
      const body = confirmCard(intent.clientSecret).payload as object;
      await rejected('anonymous', { method: 'POST', url: '/api/test-processor/confirm', payload: { ...body, ...forged(), amount: 1, status: 'succeeded' } });
      expect(await one('select amount, status from test_processor_intents where client_secret = $1', [intent.clientSecret])).toEqual({
        amount: 600_000,
        status: 'requires_payment_method',
      });
    },
    'POST /api/stripe/webhook': async () => {
      // The body is covered by Stripe's signature: a field added to a signed event is a 400.
      const { payload, signature } = fake.signedEvent('payment_intent.succeeded', { id: 'pi_probe', object: 'payment_intent', metadata: {} });
      const res = await call(
        'anonymous',
        { method: 'POST', url: '/api/stripe/webhook', payload: payload.replace('"type":', `"paid":true,"type":`), headers: { 'content-type': 'application/json', 'stripe-signature': signature } },
        stripeApp,
      );
      expect(res.statusCode).toBe(400);
    },
    // The other buyer pays for these probes' cars: the first buyer's bookings come near the hourly limit.
    'POST /api/payments/:paymentId/received': async () => {
      const id = await heldPayment('otherBuyer', await car('Received probe'));
      await rejected('otherBuyer', post(`/api/payments/${id}/received`, { ...forged(), state: 'released' }));
      expect(await one('select state, released_at from payments where id = $1', [id])).toEqual({ state: 'held', released_at: null });
    },
    'POST /api/payments/:paymentId/cancel-sale': async () => {
      const id = await heldPayment('otherBuyer', await car('Cancel sale probe'));
      await rejected('seller', post(`/api/payments/${id}/cancel-sale`, { ...forged(), reason: 'Sold elsewhere', amount: 1, refundedBy: 'admin' }));
      expect(await one('select state, refunded_at, amount from payments where id = $1', [id])).toEqual({ state: 'held', refunded_at: null, amount: 1_400_000 });
    },
    'POST /api/payments/:paymentId/problem': async () => {
      const id = await heldPayment('otherBuyer', await car('Problem probe'));
      await rejected('otherBuyer', post(`/api/payments/${id}/problem`, { ...forged(), reason: 'other', details: 'x', decision: 'refund' }));
      expect(await one('select count(*)::int as n from disputes where payment_id = $1', [id])).toEqual({ n: 0 });
    },
    'POST /api/disputes/:id/decision': async () => {
      const { payment, dispute } = await openedDispute('Decision probe');
      await rejected('admin', post(`/api/disputes/${dispute}/decision`, { ...forged(), decision: 'release', note: 'Forged', paymentId: payment }));
      expect(await one('select decision, decided_at from disputes where id = $1', [dispute])).toEqual({ decision: null, decided_at: null });
      expect(await one('select state from payments where id = $1', [payment])).toEqual({ state: 'held' });
    },
    'POST /api/payments/:paymentId/review': async () => {
      const payment = await releasedSale(P.buyer, P.seller, 'Review probe');
      await rejected('buyer', post(`/api/payments/${payment}/review`, { ...forged(), rating: 5, text: 'Forged' }));
      await rejected('buyer', post(`/api/payments/${payment}/review`, { rating: 5, text: 'Forged', subjectId: P.otherSeller.id, authorRole: 'seller', shownAt: '2000-01-01T00:00:00Z' }));
      expect(await one('select count(*)::int as n from reviews where payment_id = $1', [payment])).toEqual({ n: 0 });
    },
    'POST /api/reviews/:id/reply': async () => {
      const id = reviewRows.aboutMe.otherSeller;
      await rejected('otherSeller', post(`/api/reviews/${id}/reply`, { ...forged(), text: 'Forged' }));
      await rejected('otherSeller', post(`/api/reviews/${id}/reply`, { text: 'Forged', rating: 5, hiddenAt: null }));
      const review = await one('select rating, reply from reviews where id = $1', [id]);
      expect(review.rating).toBe(4);
      expect(review.reply).not.toBe('Forged');
    },
    'POST /api/reviews/:id/report': async () => {
      await rejected('buyer', post(`/api/reviews/${reviewRows.aboutMe.seller}/report`, { ...forged(), reason: 'Forged' }));
      await rejected('buyer', post(`/api/reviews/${reviewRows.aboutMe.seller}/report`, { reason: 'Forged', reporterId: P.otherBuyer.id }));
      expect(await one(`select count(*)::int as n from review_reports where reason = 'Forged'`, [])).toEqual({ n: 0 });
    },
    'POST /api/admin/reviews/:id/hide': async () => {
      const id = reviewRows.aboutMe.otherBuyer;
      await rejected('admin', post(`/api/admin/reviews/${id}/hide`, { ...forged(), note: 'Forged' }));
      await rejected('admin', post(`/api/admin/reviews/${id}/hide`, { note: 'Forged', hiddenBy: P.otherSeller.id }));
      expect(await one('select hidden_at from reviews where id = $1', [id])).toEqual({ hidden_at: null });
    },
    'POST /api/payouts/account': async () => {
      const accounts = () => t.pool.query('select seller_id, account_id, payouts_enabled, updated_at from payout_accounts where seller_id = any($1) order by seller_id', [[P.seller.id, P.otherSeller.id]]);
      const before = (await accounts()).rows;
      await rejected('seller', post('/api/payouts/account', { ...forged(), accountId: S('otherSeller').payoutAccount, payoutsEnabled: true }));
      expect((await accounts()).rows).toEqual(before);
    },
    'POST /api/test-processor/accounts/:accountId/onboard': async () => {
      const account = S('seller').payoutAccount;
      const row = () => one('select details_submitted, payouts_enabled, updated_at from payout_accounts where account_id = $1', [account]);
      const before = await row();
      const valid = { holderName: 'Sam Seller', routingNumber: '110000000', accountNumber: testPayoutAccountNumbers.pending };
      await rejected('seller', post(`/api/test-processor/accounts/${account}/onboard`, { ...forged(), ...valid }));
      await rejected('seller', post(`/api/test-processor/accounts/${account}/onboard`, { ...valid, payoutsEnabled: true, detailsSubmitted: true, accountId: S('otherSeller').payoutAccount }));
      expect(await row()).toEqual(before);
    },
    'POST /api/auth/*': async () => {
      // Sign-up: Admin is never a choice, and server-set fields are not taken from the form.
      const email = `probe-${randomBytes(3).toString('hex')}@test.example`;
      const signUpAs = (extra: object) => call('anonymous', post('/api/auth/sign-up/email', { name: 'Probe', email, password: 'secret123', ...extra }));
      expect((await signUpAs({ role: 'admin' })).statusCode).toBe(400);
      expect((await signUpAs({ role: 'Admin' })).statusCode).toBe(400);
      const res = await signUpAs({ role: 'Buyer', verified: true, isAdmin: true, emailVerified: true, paid: true, _id: 'forged' });
      expect([200, 400]).toContain(res.statusCode);
      const row = await one('select id, role, verified from users where email = $1', [email]);
      if (res.statusCode === 200) expect(row).toMatchObject({ role: 'buyer', verified: false });
      else expect(row).toBeUndefined();
      if (row) expect(row.id).not.toBe('forged');
    },
    'POST /api/conversations': async () => {
      const id = await car('Talked-about probe car');
      await rejected('buyer', post('/api/conversations', { ...forged(), productId: id, text: 'Hello' }));
      await rejected('buyer', post('/api/conversations', { productId: id, text: 'Hello', buyerId: P.otherBuyer.id }));
      expect(await one('select count(*)::int as n from conversations where product_id = $1', [id])).toEqual({ n: 0 });
    },
    'POST /api/conversations/:id/messages': async () => {
      const id = B('buyer').conversation;
      await rejected('buyer', post(`/api/conversations/${id}/messages`, { ...forged(), text: 'Forged hello' }));
      await rejected('buyer', post(`/api/conversations/${id}/messages`, { text: 'Forged hello', senderId: P.seller.id, warnings: [] }));
      expect(await one(`select count(*)::int as n from messages where body = 'Forged hello'`, [])).toEqual({ n: 0 });
    },
    'POST /api/conversations/:id/read': async () => {
      const other = B('otherBuyer').conversation;
      const before = await one('select buyer_read_id, seller_read_id from conversations where id = $1', [other]);
      const res = await call('buyer', { method: 'POST', url: `/api/conversations/${B('buyer').conversation}/read?${forgedQuery()}&id=${other}`, payload: { ...forged(), id: other } });
      expect(res.statusCode).toBe(200);
      expect(await one('select buyer_read_id, seller_read_id from conversations where id = $1', [other])).toEqual(before);
    },
    'POST /api/notifications/read': async () => {
      const own = (await okJson('buyer', get('/api/notifications'))).notifications[0].id as string;
      await rejected('buyer', post('/api/notifications/read', { ...forged(), ids: [own] }));
      await rejected('buyer', post('/api/notifications/read', { all: true, ids: [own] }));
    },
    'POST /api/email/unsubscribe': async () => {
      await rejected('anonymous', post('/api/email/unsubscribe', { ...forged(), token: unsubscribeToken(t.secret, P.otherBuyer.id) }));
      await rejected('anonymous', post(`/api/email/unsubscribe?${forgedQuery()}`, { token: unsubscribeToken(t.secret, P.otherBuyer.id) }));
      expect(await one('select count(*)::int as n from email_unsubscribes where user_id = $1', [P.otherBuyer.id])).toEqual({ n: 0 });
    },
    'DELETE /api/account': async () => {
      await rejected('buyer', { method: 'DELETE', url: `/api/account?${forgedQuery()}`, payload: { ...forged(), password: 'secret123' } });
      await rejected('buyer', { method: 'DELETE', url: '/api/account', payload: { password: 'secret123', userId: P.otherBuyer.id } });
      expect(await one('select count(*)::int as n from users where id = any($1) and deleted_at is null', [[P.buyer.id, P.otherBuyer.id]])).toEqual({ n: 2 });
    },
    'POST /api/account/exports': async () => {
      const files = () => one('select count(*)::int as n from data_exports where user_id = any($1)', [[P.buyer.id, P.otherBuyer.id]]);
      const before = await files();
      await rejected('buyer', post('/api/account/exports', { ...forged(), userId: P.otherBuyer.id }));
      expect(await files()).toEqual(before);
    },
    'POST /api/alerts': async () => {
      const valid = { name: 'Forged search', frequency: 'Daily', filters: {} };
      await rejected('buyer', post('/api/alerts', { ...forged(), ...valid }));
      await rejected('buyer', post('/api/alerts', { ...valid, userId: P.otherBuyer.id }));
      await rejected('buyer', post('/api/alerts', { ...valid, filters: forged() }));
      await rejected('buyer', post('/api/alerts', { ...valid, filters: { sort: 'newest', limit: '48' } }));
      expect(await one(`select count(*)::int as n from saved_searches where name = 'Forged search'`, [])).toEqual({ n: 0 });
    },
    'PATCH /api/alerts/:id': async () => {
      const id = A('buyer').kept;
      const before = await one('select user_id, name, filters, watch_from from saved_searches where id = $1', [id]);
      await rejected('buyer', { method: 'PATCH', url: `/api/alerts/${id}`, payload: { ...forged(), name: 'Forged' } });
      await rejected('buyer', { method: 'PATCH', url: `/api/alerts/${id}`, payload: { name: 'Forged', userId: P.otherBuyer.id, filters: {}, watchFrom: '2000-01-01T00:00:00Z' } });
      expect(await one('select user_id, name, filters, watch_from from saved_searches where id = $1', [id])).toEqual(before);
    },
    'DELETE /api/alerts/:id': async () => {
      const saved = async (who: 'buyer' | 'otherBuyer') => (await call(who, post('/api/alerts', { name: 'Probe', frequency: 'Daily', filters: {} }))).json()._id as string;
      const [mine, theirs] = [await saved('buyer'), await saved('otherBuyer')];
      const res = await call('buyer', { method: 'DELETE', url: `/api/alerts/${mine}?${forgedQuery()}&id=${theirs}`, payload: { ...forged(), id: theirs } });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await one('select count(*)::int as n from saved_searches where id = any($1)', [[mine, theirs]])).toEqual({ n: 1 });
      expect(await one('select user_id from saved_searches where id = $1', [theirs])).toEqual({ user_id: P.otherBuyer.id });
    },
  };

  /** Write routes that carry no data of ours: the OpenID Connect test provider's own protocol. */
  const notProbed = ['POST /api/test-idp/*', 'POST /api/test-idp/interaction/:uid/login', 'POST /api/test-idp/interaction/:uid/abort'];

  it('has a probe for every write route', () => {
    const writes = Object.keys(routeRules).filter((k) => isWriteMethod(k.split(' ')[0]!));
    expect(writes.filter((k) => !(k in probes) && !notProbed.includes(k))).toEqual([]);
    expect(Object.keys(probes).filter((k) => !writes.includes(k))).toEqual([]);
  });

  it.each(Object.keys(probes))('%s: forged fields are refused or ignored, never applied', async (key) => {
    await probes[key]!();
  });
});
