import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCar, insertCategory } from '../fixtures.ts';
import { as, createTestApp, signUp, type Person, type TestApp } from '../harness.ts';
import { buildApp } from '../../src/app.ts';
import type { PaymentProvider } from '../../src/payments/provider.ts';

/**
 * The payment rules every provider must keep, as one suite run against each of them
 * (src/modules/payments/test-processor.test.ts and stripe.test.ts). A provider under test says how the browser pays
 * (the test card form, or Stripe.js against the fake Stripe API), how a seller finishes onboarding, and how to see
 * a refund, a transfer and an intent's transfer group on the provider's side.
 */
export interface ProviderUnderTest {
  provider: PaymentProvider;
  /** Confirms the intent as the browser's card form does; `declined` uses a card that is refused. */
  payInBrowser(app: FastifyInstance, clientSecret: string, card?: 'good' | 'declined'): Promise<void>;
  /** Whether the provider gave this payment back. */
  refunded(intentId: string): Promise<boolean>;
  /** The seller finishes onboarding with details that can receive at once (`enabled`), or that stay under review. */
  completeOnboarding(accountId: string, enabled: boolean): Promise<void>;
  /** The transfers the provider made to this account. */
  transfersTo(accountId: string): Promise<{ id: string; amount: number; transferGroup: string | null }[]>;
  /** The transfer group the provider keeps on this intent. */
  transferGroupOf(intentId: string): Promise<string | null>;
  close(): Promise<void>;
}

export interface PaymentWorld {
  t: TestApp;
  /** The app built with the provider under test. */
  app: FastifyInstance;
  under: ProviderUnderTest;
  buyer: Person;
  otherBuyer: Person;
  seller: Person;
  categoryId: string;
}

/** A fresh database and an app on it that uses the given provider (built on the same pool and auth as the harness's app). */
export async function paymentWorld(makeProvider: (t: TestApp) => Promise<ProviderUnderTest>): Promise<PaymentWorld> {
  const t = await createTestApp();
  const under = await makeProvider(t);
  const app = await buildApp({ config: t.app.config, pool: t.pool, auth: t.app.auth, images: t.app.images, payments: under.provider });
  await app.ready();
  const [buyer, otherBuyer, seller] = await Promise.all([signUp(t.app, 'Buyer'), signUp(t.app, 'Buyer'), signUp(t.app, 'Seller')]);
  const categoryId = await insertCategory(t);
  return { t, app, under, buyer, otherBuyer, seller, categoryId };
}

export async function closeWorld(w: PaymentWorld | undefined) {
  if (!w) return;
  await w.app.close();
  await w.under.close();
  await w.t.close();
}

/** Calls and database reads the suites share. */
export function helpers(get: () => PaymentWorld) {
  const h = {
    post: (who: Person | undefined, url: string, payload: object) => as(get().app, who, { method: 'POST', url, payload }),
    async car(price = 15000, name?: string) {
      const w = get();
      return insertCar(w.t, w.seller, w.categoryId, { price, name });
    },
    async book(who: Person, productId: string): Promise<string> {
      const res = await h.post(who, '/api/bookings', { productId });
      expect(res.json().acknowledged).toBe(true);
      return res.json().insertedId;
    },
    async orderOf(who: Person, price = 15000, name?: string) {
      const productId = await h.car(price, name);
      return { productId, bookingId: await h.book(who, productId) };
    },
    startPayment: (who: Person | undefined, bookingId: string, extra: object = {}) => h.post(who, '/api/create-payment-intent', { bookingId, ...extra }),
    /** Starts and confirms a payment in the browser; the intent id is the transaction id. */
    async pay(who: Person, bookingId: string, card: 'good' | 'declined' = 'good') {
      const res = await h.startPayment(who, bookingId, { price: 1 });
      expect(res.statusCode).toBe(200);
      const { clientSecret } = res.json();
      await get().under.payInBrowser(get().app, clientSecret, card);
      return { clientSecret: clientSecret as string, transactionId: (clientSecret as string).split('_secret_')[0]! };
    },
    record: (who: Person | undefined, body: { transactionId: string; bookingId: string; email?: string } & Record<string, unknown>) =>
      h.post(who, '/api/payments', { email: who?.email ?? 'nobody@test.example', price: 1, productId: 'whatever', ...body }),
    async state(bookingId: string) {
      const { pool } = get().t;
      const { rows: b } = await pool.query('select paid, transaction_id, product_id from bookings where id = $1', [bookingId]);
      const { rows: p } = await pool.query('select paid, sales_status from products where id = $1', [b[0]?.product_id]);
      const { rows: pay } = await pool.query('select id, amount, transaction_id from payments where booking_id = $1', [bookingId]);
      return { orderPaid: b[0]?.paid, transactionId: b[0]?.transaction_id, carPaid: p[0]?.paid ?? null, carStatus: p[0]?.sales_status ?? null, payments: pay };
    },
  };
  return h;
}

export const UNPAID = { orderPaid: false, transactionId: null, carPaid: false, carStatus: 'available', payments: [] };

export function paymentContractSuite(label: string, makeProvider: (t: TestApp) => Promise<ProviderUnderTest>) {
  describe(`payments with ${label}`, () => {
    let w: PaymentWorld;
    beforeAll(async () => {
      w = await paymentWorld(makeProvider);
    });
    afterAll(() => closeWorld(w));
    const h = helpers(() => w);

    describe('POST /create-payment-intent', () => {
      it('charges the order’s price from the database, whatever price is posted', async () => {
        const { bookingId } = await h.orderOf(w.buyer, 12_000);
        const res = await h.startPayment(w.buyer, bookingId, { price: 1 });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toEqual({ clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/), publishableKey: w.under.provider.publishableKey, amount: 1_200_000, currency: 'usd' });
        const intent = await w.under.provider.retrieveIntent(body.clientSecret.split('_secret_')[0]);
        expect(intent).toMatchObject({ amount: 1_200_000, currency: 'usd', status: 'requires_payment_method', metadata: { kind: 'order', bookingId, buyerId: w.buyer.id } });
      });

      it('answers the same open intent to a reloaded page and to simultaneous requests', async () => {
        const { bookingId } = await h.orderOf(w.buyer);
        const answers = await Promise.all(Array.from({ length: 5 }, () => h.startPayment(w.buyer, bookingId)));
        const secrets = new Set(answers.map((a) => a.json().clientSecret));
        expect(secrets.size).toBe(1);
        expect((await h.startPayment(w.buyer, bookingId)).json().clientSecret).toBe([...secrets][0]);
        // A declined card leaves the intent open for the next try.
        await w.under.payInBrowser(w.app, [...secrets][0]!, 'declined');
        expect((await h.startPayment(w.buyer, bookingId)).json().clientSecret).toBe([...secrets][0]);
      });

      it('refuses a paid order, a car reserved for or sold to someone else and a removed car before charging anything', async () => {
        const paid = await h.orderOf(w.buyer);
        const { transactionId } = await h.pay(w.buyer, paid.bookingId);
        expect((await h.record(w.buyer, { transactionId, bookingId: paid.bookingId })).statusCode).toBe(200);
        const again = await h.startPayment(w.buyer, paid.bookingId);
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe('This order is already paid.');

        const sold = await h.orderOf(w.buyer, 9000, 'Gone Golf');
        await w.t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [sold.productId]);
        const soldAnswer = await h.startPayment(w.buyer, sold.bookingId);
        expect(soldAnswer.statusCode).toBe(409);
        expect(soldAnswer.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Gone Golf is already sold.' });
        // Another buyer's money is held for it: reserved, not sold (it comes back if their purchase falls through).
        const held = await h.orderOf(w.buyer, 9000, 'Held Golf');
        await w.t.pool.query(`update products set paid = true, sales_status = 'reserved' where id = $1`, [held.productId]);
        const heldAnswer = await h.startPayment(w.buyer, held.bookingId);
        expect(heldAnswer.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Held Golf is reserved for another buyer.' });

        const removed = await h.orderOf(w.buyer, 9000, 'Soon Deleted');
        expect((await as(w.app, w.seller, { method: 'DELETE', url: `/api/products/${removed.productId}` })).json().deletedCount).toBe(1);
        const removedAnswer = await h.startPayment(w.buyer, removed.bookingId);
        expect(removedAnswer.statusCode).toBe(409);
        expect(removedAnswer.json().message).toBe('Soon Deleted is no longer listed.');
      });

      it('refuses anonymous callers (401), sellers (403), another buyer’s order (404) and bad input (400)', async () => {
        const { bookingId } = await h.orderOf(w.buyer);
        expect((await h.startPayment(undefined, bookingId)).statusCode).toBe(401);
        expect((await h.startPayment(w.seller, bookingId)).statusCode).toBe(403);
        const other = await h.startPayment(w.otherBuyer, bookingId);
        expect(other.statusCode).toBe(404);
        expect(other.body).not.toContain('secret');
        expect((await h.startPayment(w.buyer, 'abc')).statusCode).toBe(400);
        expect((await h.startPayment(w.buyer, bookingId, { amount: 1 })).statusCode).toBe(400);
        expect((await h.startPayment(w.buyer, bookingId, { price: { $gt: 0 } })).statusCode).toBe(400);
      });
    });

    describe('POST /payments', () => {
      it('records a succeeded payment once: the order and the car become paid', async () => {
        const { bookingId, productId } = await h.orderOf(w.buyer, 12_000);
        const { transactionId } = await h.pay(w.buyer, bookingId);
        expect(transactionId).toMatch(/^pi_/);
        const res = await h.record(w.buyer, { transactionId, bookingId, price: 1, productId: 'not-even-a-uuid' });
        expect(res.statusCode).toBe(200);
        const { insertedId } = res.json();
        expect(res.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
        expect(await h.state(bookingId)).toEqual({ orderPaid: true, transactionId, carPaid: true, carStatus: 'reserved', payments: [{ id: insertedId, amount: 1_200_000, transaction_id: transactionId }] });
        const { rows } = await w.t.pool.query('select kind, product_id, buyer_id, buyer_email, currency from payments where id = $1', [insertedId]);
        expect(rows[0]).toEqual({ kind: 'order', product_id: productId, buyer_id: w.buyer.id, buyer_email: w.buyer.email, currency: 'usd' });
        // The same call again (a retry) answers the same payment.
        expect((await h.record(w.buyer, { transactionId, bookingId })).json()).toEqual({ acknowledged: true, insertedId });
        // The receipt's date is when the payment was recorded, on the order and in the buyer's list.
        const { rows: recorded } = await w.t.pool.query<{ created_at: Date }>('select created_at from payments where id = $1', [insertedId]);
        const paidAt = recorded[0]!.created_at.toISOString();
        expect((await as(w.app, w.buyer, { method: 'GET', url: `/api/orders/${bookingId}` })).json()).toMatchObject({ paid: true, transactionId, paidAt });
        const list = (await as(w.app, w.buyer, { method: 'GET', url: `/api/orders?email=${encodeURIComponent(w.buyer.email)}` })).json();
        expect(list.find((o: { _id: string }) => o._id === bookingId)).toMatchObject({ paid: true, paidAt });
      });

      it('refuses forged transaction ids and changes nothing', async () => {
        const { bookingId } = await h.orderOf(w.buyer, 8000);
        // Another order of the same buyer, paid in the browser but not recorded.
        const mine = await h.orderOf(w.buyer, 8000);
        const anotherOrders = await h.pay(w.buyer, mine.bookingId);
        // Another buyer's payment.
        const theirs = await h.orderOf(w.otherBuyer, 8000);
        const anotherBuyers = await h.pay(w.otherBuyer, theirs.bookingId);
        // An intent for this order that was never paid (the browser never confirmed it).
        const unpaid = (await h.startPayment(w.buyer, bookingId)).json().clientSecret.split('_secret_')[0];
        // An intent that names this order but for another amount, paid.
        const cheap = await w.under.provider.createIntent({
          amount: 100,
          currency: 'usd',
          metadata: { kind: 'order', bookingId, productId: '', buyerId: w.buyer.id },
          transferGroup: `order-${bookingId}`,
          idempotencyKey: `forged-${bookingId}`,
          description: 'forged',
          receiptEmail: w.buyer.email,
        });
        await w.under.payInBrowser(w.app, cheap.clientSecret);

        const cases: [string, number, RegExp][] = [
          ['pi_000000000000000000000000', 400, /no payment with this transaction id/],
          [anotherOrders.transactionId, 400, /not for this order/],
          [anotherBuyers.transactionId, 400, /not for this order/],
          [unpaid, 409, /has not gone through/],
          [cheap.id, 400, /amount paid does not match/],
        ];
        for (const [transactionId, status, message] of cases) {
          const res = await h.record(w.buyer, { transactionId, bookingId });
          expect(res.statusCode, transactionId).toBe(status);
          expect(res.json().message).toMatch(message);
        }
        expect(await h.state(bookingId)).toEqual(UNPAID);
        expect(await h.state(mine.bookingId)).toEqual(UNPAID);
        expect(await h.state(theirs.bookingId)).toEqual(UNPAID);
      });

      it('refuses anonymous callers (401), sellers (403), someone else’s email (403) and order (404), and bad input (400)', async () => {
        const { bookingId } = await h.orderOf(w.buyer);
        const { transactionId } = await h.pay(w.buyer, bookingId);
        expect((await h.record(undefined, { transactionId, bookingId })).statusCode).toBe(401);
        expect((await h.record(w.seller, { transactionId, bookingId })).statusCode).toBe(403);
        expect((await h.record(w.otherBuyer, { transactionId, bookingId, email: w.buyer.email })).statusCode).toBe(403);
        expect((await h.record(w.otherBuyer, { transactionId, bookingId })).statusCode).toBe(404);
        expect((await h.record(w.buyer, { transactionId: 'ch_123', bookingId })).statusCode).toBe(400);
        expect((await h.record(w.buyer, { transactionId, bookingId, paid: true })).statusCode).toBe(400);
        expect((await h.record(w.buyer, { transactionId, bookingId: 'abc' })).statusCode).toBe(400);
        expect(await h.state(bookingId)).toEqual(UNPAID);
      });

      it('records exactly one payment from fifty simultaneous calls', async () => {
        const { bookingId } = await h.orderOf(w.buyer);
        const { transactionId } = await h.pay(w.buyer, bookingId);
        const answers = await Promise.all(Array.from({ length: 50 }, () => h.record(w.buyer, { transactionId, bookingId })));
        const ok = answers.filter((a) => a.statusCode === 200);
        expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
        expect(ok.length).toBeGreaterThan(0);
        expect(new Set(ok.map((a) => a.json().insertedId)).size).toBe(1);
        expect((await h.state(bookingId)).payments).toHaveLength(1);
      });

      it('sells a car to one of two buyers who both paid, refunds the other and tells them', async () => {
        const productId = await h.car(20_000, 'Contested Corolla');
        const first = await h.book(w.buyer, productId);
        const second = await h.book(w.otherBuyer, productId);
        const a = await h.pay(w.buyer, first);
        const b = await h.pay(w.otherBuyer, second);
        const [ra, rb] = await Promise.all([h.record(w.buyer, { transactionId: a.transactionId, bookingId: first }), h.record(w.otherBuyer, { transactionId: b.transactionId, bookingId: second })]);
        const answers = [ra, rb].map((r) => r.statusCode).sort();
        expect(answers).toEqual([200, 409]);
        const [winner, loser] = ra.statusCode === 200 ? [a, b] : [b, a];
        const [winnerOrder, loserOrder] = ra.statusCode === 200 ? [first, second] : [second, first];
        const refusal = (ra.statusCode === 409 ? ra : rb).json();
        expect(refusal.message).toBe('Contested Corolla is reserved for another buyer; your payment of $20,000 was refunded.');
        expect(await w.under.refunded(loser.transactionId)).toBe(true);
        expect(await w.under.refunded(winner.transactionId)).toBe(false);
        expect((await h.state(winnerOrder)).orderPaid).toBe(true);
        expect(await h.state(loserOrder)).toMatchObject({ orderPaid: false, payments: [], carPaid: true });
        const { rows } = await w.t.pool.query('select booking_id, product_id, amount, reason from payment_refunds where transaction_id = $1', [loser.transactionId]);
        expect(rows).toEqual([{ booking_id: loserOrder, product_id: productId, amount: 2_000_000, reason: 'sold to someone else' }]);
        // Asking again gives the same answer and refunds nothing twice.
        const again = await h.record(ra.statusCode === 409 ? w.buyer : w.otherBuyer, { transactionId: loser.transactionId, bookingId: loserOrder });
        expect(again.statusCode).toBe(409);
      });

      it('records a payment whose browser never reported it when the buyer comes back, instead of charging again', async () => {
        const { bookingId } = await h.orderOf(w.buyer);
        const { transactionId } = await h.pay(w.buyer, bookingId);
        const back = await h.startPayment(w.buyer, bookingId);
        expect(back.statusCode).toBe(409);
        expect(back.json().message).toBe('This order is already paid.');
        expect(await h.state(bookingId)).toMatchObject({ orderPaid: true, transactionId });
      });
    });

    describe('payout accounts and transfers', () => {
      const newAccount = (key = `payout-account-${randomUUID()}`) => w.under.provider.createPayoutAccount({ email: w.seller.email, sellerId: w.seller.id, idempotencyKey: key });
      const transferTo = (destination: string, idempotencyKey = `transfer-${randomUUID()}`) =>
        w.under.provider.transfer({ amount: 1_140_000, currency: 'usd', destination, transferGroup: 'order-group', idempotencyKey, metadata: { purpose: 'contract test' } });
      const CANNOT_RECEIVE = /needs to have at least one of the following capabilities enabled: transfers/;

      it('makes one account per idempotency key, which cannot receive before onboarding', async () => {
        const key = `payout-account-${randomUUID()}`;
        const [first, second] = await Promise.all([newAccount(key), newAccount(key)]);
        expect(first).toEqual({ id: expect.stringMatching(/^acct_\w+$/), detailsSubmitted: false, payoutsEnabled: false });
        expect(second).toEqual(first);
        expect(await w.under.provider.retrievePayoutAccount(first.id)).toEqual(first);
        expect(await w.under.provider.retrievePayoutAccount('acct_0000000000000000')).toBeNull();
        const link = await w.under.provider.onboardingLink(first.id, { returnUrl: 'https://app.test/dashboard/payouts', refreshUrl: 'https://app.test/dashboard/payouts?refresh=1' });
        expect(link).toMatch(/^(\/|https:\/\/)/);
        await expect(transferTo(first.id)).rejects.toThrow(CANNOT_RECEIVE);
        await expect(transferTo('acct_0000000000000000')).rejects.toThrow(/No such destination/);
        expect(await w.under.transfersTo(first.id)).toEqual([]);
      });

      it('transfers to an onboarded account once per idempotency key, in the purchase’s transfer group', async () => {
        const account = await newAccount();
        await w.under.completeOnboarding(account.id, true);
        expect(await w.under.provider.retrievePayoutAccount(account.id)).toEqual({ id: account.id, detailsSubmitted: true, payoutsEnabled: true });
        const key = `transfer-${randomUUID()}`;
        const first = await transferTo(account.id, key);
        expect(first.id).toMatch(/^tr_\w+$/);
        // A retry after a crash answers the same transfer and pays nothing more.
        expect(await transferTo(account.id, key)).toEqual(first);
        expect(await w.under.transfersTo(account.id)).toEqual([{ id: first.id, amount: 1_140_000, transferGroup: 'order-group' }]);
      });

      it('keeps an account whose details are under review unable to receive', async () => {
        const account = await newAccount();
        await w.under.completeOnboarding(account.id, false);
        expect(await w.under.provider.retrievePayoutAccount(account.id)).toEqual({ id: account.id, detailsSubmitted: true, payoutsEnabled: false });
        await expect(transferTo(account.id)).rejects.toThrow(CANNOT_RECEIVE);
        expect(await w.under.transfersTo(account.id)).toEqual([]);
      });

      it('puts a payment in its purchase’s transfer group, for the transfer to the seller later', async () => {
        const { bookingId } = await h.orderOf(w.buyer);
        const { clientSecret } = (await h.startPayment(w.buyer, bookingId)).json();
        expect(await w.under.transferGroupOf(clientSecret.split('_secret_')[0])).toBe(`order-${bookingId}`);
      });
    });

    describe('wishlist payments', () => {
      const wish = async (who: Person, productId: string) => {
        const res = await as(w.app, who, { method: 'PUT', url: `/api/wishlists?id=${productId}&email=${encodeURIComponent(who.email)}` });
        expect(res.statusCode).toBe(200);
      };
      const start = (who: Person | undefined, productId: string, extra: object = {}) => h.post(who, '/api/wishlist-create-payment-intent', { productId, ...extra });
      const record = (who: Person | undefined, body: object) => h.post(who, '/api/wishlist-payments', { resalePrice: 1, ...body });

      it('charges the car’s resale price and records the payment once on the wishlist entry', async () => {
        const productId = await h.car(7_500);
        await wish(w.buyer, productId);
        const res = await start(w.buyer, productId, { resalePrice: 1 });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ amount: 750_000, currency: 'usd' });
        const { clientSecret } = res.json();
        await w.under.payInBrowser(w.app, clientSecret);
        const transactionId = clientSecret.split('_secret_')[0];
        const body = { transactionId, bookingId: productId, wishlistEmail: w.buyer.email };
        const first = await record(w.buyer, body);
        expect(first.statusCode).toBe(200);
        expect((await record(w.buyer, body)).json()).toEqual(first.json());
        const { rows } = await w.t.pool.query(
          `select w.paid, w.transaction_id, p.paid as car_paid, p.sales_status, (select count(*) from payments where wishlist_entry_id = w.id) as payments
             from wishlist_entries w join products p on p.id = w.product_id where w.product_id = $1 and w.buyer_id = $2`,
          [productId, w.buyer.id],
        );
        expect(rows[0]).toEqual({ paid: true, transaction_id: transactionId, car_paid: true, sales_status: 'reserved', payments: 1 });
        const { rows: recorded } = await w.t.pool.query<{ created_at: Date }>('select created_at from payments where transaction_id = $1', [transactionId]);
        expect((await as(w.app, w.buyer, { method: 'GET', url: `/api/wishlist/${productId}` })).json()).toMatchObject({
          paid: true,
          transactionId,
          paidAt: recorded[0]!.created_at.toISOString(),
        });
        expect((await start(w.buyer, productId)).statusCode).toBe(409);
      });

      it('refuses a car not on the caller’s wishlist (404), someone else’s email (403), a sold car (409), anonymous (401) and sellers (403)', async () => {
        const productId = await h.car();
        await wish(w.buyer, productId);
        expect((await start(w.otherBuyer, productId)).statusCode).toBe(404);
        expect((await start(undefined, productId)).statusCode).toBe(401);
        expect((await start(w.seller, productId)).statusCode).toBe(403);
        const { clientSecret } = (await start(w.buyer, productId)).json();
        await w.under.payInBrowser(w.app, clientSecret);
        const transactionId = clientSecret.split('_secret_')[0];
        expect((await record(w.buyer, { transactionId, bookingId: productId, wishlistEmail: w.otherBuyer.email })).statusCode).toBe(403);
        expect((await record(w.otherBuyer, { transactionId, bookingId: productId, wishlistEmail: w.otherBuyer.email })).statusCode).toBe(404);
        expect((await record(w.buyer, { transactionId, bookingId: productId, email: w.buyer.email })).statusCode).toBe(400);

        const sold = await h.car(5000, 'Sold Saab');
        await wish(w.buyer, sold);
        await w.t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [sold]);
        expect((await start(w.buyer, sold)).json()).toMatchObject({ statusCode: 409, message: 'Sold Saab is already sold.' });
      });
    });
  });
}
