import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { releaseDue } from '../../src/modules/money/jobs.ts';
import { carryOutMoves } from '../../src/modules/money/moves.ts';
import { refreshAccount } from '../../src/modules/money/payouts.ts';
import { moneyDeps } from '../../src/modules/money/service.ts';
import type { PaymentProvider } from '../../src/payments/provider.ts';
import { as, makeAdmin, type Person, type TestApp } from '../harness.ts';
import { closeWorld, helpers, paymentWorld, type PaymentWorld, type ProviderUnderTest } from './payment-contract.ts';

/**
 * Money held until the handover (modules/money), the same against every provider: held on
 * payment, released or refunded exactly once whoever races for it, paid out to a seller's account
 * once it can receive, and put right after a crash between the provider's answer and the commit.
 */
export function moneyContractSuite(label: string, makeProvider: (t: TestApp) => Promise<ProviderUnderTest>) {
  describe(`held money with ${label}`, () => {
    let w: PaymentWorld;
    let admin: Person;
    /** A second process on the same database and provider. */
    let second: FastifyInstance;
    beforeAll(async () => {
      w = await paymentWorld(makeProvider);
      admin = await makeAdmin(w.t);
      second = await buildApp({ config: w.t.app.config, pool: w.t.pool, auth: w.t.app.auth, images: w.t.app.images, payments: w.under.provider });
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
      await closeWorld(w);
    });
    const h = helpers(() => w);
    const post = (app: FastifyInstance, who: Person | undefined, url: string, payload: object = {}) => as(app, who, { method: 'POST', url, payload });
    const moves = (paymentId: string) =>
      w.t.pool.query<{ kind: string; state: string; amount: number; fee: number }>('select kind, state, amount, fee from money_moves where payment_id = $1 order by kind', [paymentId]).then((r) => r.rows);
    const car = (productId: string) => w.t.pool.query('select paid, sales_status from products where id = $1', [productId]).then((r) => r.rows[0]);

    /** A paid order: booked, paid in the browser and recorded; answers its payment's id. */
    async function paidOrder(price = 15000, buyer = w.buyer) {
      const { productId, bookingId } = await h.orderOf(buyer, price);
      const { transactionId } = await h.pay(buyer, bookingId);
      const recorded = await h.record(buyer, { transactionId, bookingId });
      expect(recorded.statusCode, recorded.body).toBe(200);
      const paymentId = (await w.t.pool.query('select id from payments where transaction_id = $1', [transactionId])).rows[0].id as string;
      return { productId, bookingId, transactionId, paymentId };
    }

    async function onboardedSeller(enabled: boolean) {
      const res = await post(w.app, w.seller, '/api/payouts/account');
      expect(res.statusCode, res.body).toBe(200);
      const { account_id: accountId } = (await w.t.pool.query('select account_id from payout_accounts where seller_id = $1', [w.seller.id])).rows[0];
      await w.under.completeOnboarding(accountId, enabled);
      // What the provider now says reaches the app as its account.updated would.
      await refreshAccount(moneyDeps(w.app, w.under.provider), accountId);
      return accountId as string;
    }

    it('holds a payment: the order says so, the car is reserved and off the market, and the buyer has a receipt', async () => {
      const { productId, bookingId, paymentId, transactionId } = await paidOrder(12000);
      expect(await car(productId)).toEqual({ paid: true, sales_status: 'reserved' });
      const order = (await as(w.app, w.buyer, { method: 'GET', url: `/api/orders/${bookingId}` })).json();
      expect(order).toMatchObject({ paid: true, listingStatus: 'reserved', money: { paymentId, state: 'held', amount: 1_200_000, releasedAt: null, refundedAt: null, dispute: null } });
      expect(Date.parse(order.money.releaseDueAt) - Date.parse(order.money.paidAt)).toBe(7 * 86_400_000);
      // Nobody else books or pays for a reserved car, and they are told it is reserved, not sold.
      const booking = await post(w.app, w.otherBuyer, '/api/bookings', { productId });
      expect(booking.json()).toEqual({ acknowledged: false, message: `${order.productName} is reserved for another buyer.` });
      const { rows } = await w.t.pool.query(`select title, body from notifications where user_id = $1 and event_key = $2`, [w.buyer.id, `money:${paymentId}:paid`]);
      expect(rows[0].title).toBe(`Receipt: $12,000 for ${order.productName}`);
      expect(rows[0].body).toContain(transactionId);
      expect(await moves(paymentId)).toEqual([]);
    });

    it('releases on the buyer’s "I have the car": sold, and the seller’s share waits for an account, then goes once', async () => {
      const { productId, paymentId } = await paidOrder(10000);
      // Not the seller's, not another buyer's to release.
      expect((await post(w.app, w.seller, `/api/payments/${paymentId}/received`)).statusCode).toBe(403);
      expect((await post(w.app, w.otherBuyer, `/api/payments/${paymentId}/received`)).statusCode).toBe(404);
      const released = await post(w.app, w.buyer, `/api/payments/${paymentId}/received`);
      expect(released.statusCode, released.body).toBe(200);
      expect(released.json()).toMatchObject({ state: 'released', releaseDueAt: null, releasedAt: expect.any(String) });
      expect(await car(productId)).toEqual({ paid: true, sales_status: 'sold' });
      expect(await moves(paymentId)).toEqual([{ kind: 'transfer', state: 'waiting', amount: 1_000_000, fee: 0 }]);
      const again = await post(w.app, w.buyer, `/api/payments/${paymentId}/received`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/^This payment was already released to the seller on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);

      const view = (await as(w.app, w.seller, { method: 'GET', url: '/api/payouts' })).json();
      expect(view.account.status).toBe('none');
      expect(view.sales.find((s: { paymentId: string }) => s.paymentId === paymentId)).toMatchObject({ state: 'released', transfer: 'waiting', net: 1_000_000, fee: 0 });

      // An account under review still cannot receive; once it can, the waiting transfer goes, once.
      const accountId = await onboardedSeller(false);
      expect((await as(w.app, w.seller, { method: 'GET', url: '/api/payouts' })).json().account.status).toBe('pending');
      expect(await w.under.transfersTo(accountId)).toEqual([]);
      await onboardedSeller(true);
      expect(await moves(paymentId)).toEqual([{ kind: 'transfer', state: 'done', amount: 1_000_000, fee: 0 }]);
      const sent = await w.under.transfersTo(accountId);
      expect(sent.filter((t) => t.amount === 1_000_000)).toHaveLength(1);
      await carryOutMoves({ pool: w.t.pool, provider: w.under.provider, log: w.app.log });
      expect(await w.under.transfersTo(accountId)).toEqual(sent);
      const row = (await as(w.app, w.seller, { method: 'GET', url: '/api/payouts' })).json().sales.find((s: { paymentId: string }) => s.paymentId === paymentId);
      expect(row).toMatchObject({ transfer: 'sent', transferredAt: expect.any(String) });
    });

    it('refunds on the seller’s "Cancel sale": in full at the provider, the car back on the market, the booking declined and bookable again', async () => {
      const { productId, bookingId, paymentId, transactionId } = await paidOrder(9000);
      expect((await post(w.app, w.buyer, `/api/payments/${paymentId}/cancel-sale`, { reason: 'x' })).statusCode).toBe(403);
      expect((await post(w.app, w.seller, `/api/payments/${paymentId}/cancel-sale`, { reason: '  ' })).statusCode).toBe(400);
      expect((await post(w.app, w.seller, `/api/payments/${paymentId}/cancel-sale`, { reason: 'x', amount: 1 })).statusCode).toBe(400);
      const cancelled = await post(w.app, w.seller, `/api/payments/${paymentId}/cancel-sale`, { reason: 'The gearbox failed yesterday' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ state: 'refunded', refundReason: 'The gearbox failed yesterday' });
      expect(await w.under.refunded(transactionId)).toBe(true);
      expect(await moves(paymentId)).toEqual([{ kind: 'refund', state: 'done', amount: 900_000, fee: 0 }]);
      expect(await car(productId)).toEqual({ paid: false, sales_status: 'available' });
      const { rows } = await w.t.pool.query('select status, decline_reason from bookings where id = $1', [bookingId]);
      expect(rows[0]).toEqual({ status: 'declined', decline_reason: 'The gearbox failed yesterday' });
      // Nothing more to decide; the buyer may book the car again.
      expect((await post(w.app, w.buyer, `/api/payments/${paymentId}/received`)).statusCode).toBe(409);
      expect((await post(w.app, w.buyer, '/api/bookings', { productId })).json().acknowledged).toBe(true);
    });

    it('refunds a paid booking the seller declines or the buyer cancels', async () => {
      const declined = await paidOrder(8000);
      const d = await as(w.app, w.seller, { method: 'POST', url: `/api/bookings/${declined.bookingId}/decline`, payload: { reason: 'Sold privately' } });
      expect(d.statusCode, d.body).toBe(200);
      expect(await w.under.refunded(declined.transactionId)).toBe(true);
      const cancelled = await paidOrder(8000);
      const c = await as(w.app, w.buyer, { method: 'POST', url: `/api/bookings/${cancelled.bookingId}/cancel`, payload: {} });
      expect(c.statusCode, c.body).toBe(200);
      expect(await w.under.refunded(cancelled.transactionId)).toBe(true);
      for (const { paymentId, productId } of [declined, cancelled]) {
        expect((await w.t.pool.query('select state from payments where id = $1', [paymentId])).rows[0].state).toBe('refunded');
        expect(await car(productId)).toEqual({ paid: false, sales_status: 'available' });
      }
    });

    describe('the buyer’s Cancel of a paid booking (POST /bookings/{id}/cancel)', () => {
      const cancel = (who: Person | undefined, bookingId: string) => post(w.app, who, `/api/bookings/${bookingId}/cancel`);
      /** The seller confirmed the meeting for `offset` from now (an SQL interval): the database's clock, no waiting. */
      const meetingIn = (bookingId: string, offset: string) =>
        w.t.pool.query(`update bookings set status = 'confirmed', meeting_time = now() + $2::interval where id = $1`, [bookingId, offset]);
      /** Everything a cancellation changes, to see that a refused one changed nothing. */
      const everything = async (o: { bookingId: string; paymentId: string; productId: string }) => ({
        booking: (await w.t.pool.query('select status, meeting_time, calendar_sequence, status_changed_at from bookings where id = $1', [o.bookingId])).rows[0],
        payment: (await w.t.pool.query('select state, refunded_at from payments where id = $1', [o.paymentId])).rows[0],
        cases: (await w.t.pool.query('select decision, note from disputes where payment_id = $1', [o.paymentId])).rows,
        car: await car(o.productId),
        moves: await moves(o.paymentId),
        told: (await w.t.pool.query(`select event_key from notifications where event_key in ($1, $2)`, [`booking:${o.bookingId}:cancelled`, `money:${o.paymentId}:refunded`])).rows,
      });

      it('refunds in full before the confirmed meeting starts: 200, the booking cancelled, the car back on the market', async () => {
        const o = await paidOrder(8200);
        await meetingIn(o.bookingId, '1 hour');
        const res = await cancel(w.buyer, o.bookingId);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ status: 'cancelled' });
        expect(await w.under.refunded(o.transactionId)).toBe(true);
        expect(await moves(o.paymentId)).toEqual([{ kind: 'refund', state: 'done', amount: 820_000, fee: 0 }]);
        expect((await w.t.pool.query('select state, refunded_by from payments where id = $1', [o.paymentId])).rows[0]).toEqual({ state: 'refunded', refunded_by: 'buyer' });
        expect(await car(o.productId)).toEqual({ paid: false, sales_status: 'available' });
      });

      it('refuses once the confirmed meeting has started: 409 pointing to Report a problem, the money still held, nothing changed', async () => {
        const o = await paidOrder(8300);
        await meetingIn(o.bookingId, '-1 minute');
        const before = await everything(o);
        expect(before.payment.state).toBe('held');
        const res = await cancel(w.buyer, o.bookingId);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(
          'Your meeting has started, so this paid booking can no longer be cancelled. If something is wrong, use Report a problem on your order: the money stays held until an admin decides.',
        );
        expect(await everything(o)).toEqual(before);
        expect(await w.under.refunded(o.transactionId)).toBe(false);
        // What the answer points to is open to the buyer.
        const reported = await post(w.app, w.buyer, `/api/payments/${o.paymentId}/problem`, { reason: 'not_handed_over', details: 'The seller did not come.' });
        expect(reported.statusCode, reported.body).toBe(200);
      });

      it('refuses while a problem is open, even before the meeting: 409, and the case stays open for the admin or the seller’s Cancel sale', async () => {
        const o = await paidOrder(8400);
        await meetingIn(o.bookingId, '2 days');
        const reported = await post(w.app, w.buyer, `/api/payments/${o.paymentId}/problem`, { reason: 'not_as_described', details: 'The photos hide rust.' });
        expect(reported.statusCode, reported.body).toBe(200);
        const before = await everything(o);
        expect(before.cases).toEqual([{ decision: null, note: null }]);
        const res = await cancel(w.buyer, o.bookingId);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('You reported a problem with this payment; an admin decides where the money goes.');
        expect(await everything(o)).toEqual(before);
        expect(await w.under.refunded(o.transactionId)).toBe(false);
      });

      it('is the buyer’s own: another buyer 404, the seller 403, no session 401, and the money stays held', async () => {
        const o = await paidOrder(8500);
        const before = await everything(o);
        expect((await cancel(w.otherBuyer, o.bookingId)).statusCode).toBe(404);
        expect((await cancel(w.seller, o.bookingId)).statusCode).toBe(403);
        expect((await cancel(undefined, o.bookingId)).statusCode).toBe(401);
        expect(await everything(o)).toEqual(before);
      });
    });

    describe('the booking, the car and the order after each decision', () => {
      /** Opens the buyer's case on a payment; its id. */
      const openCase = async (paymentId: string) => {
        const opened = await post(w.app, w.buyer, `/api/payments/${paymentId}/problem`, { reason: 'other', details: 'The papers are missing.' });
        expect(opened.statusCode, opened.body).toBe(200);
        return opened.json().dispute.id as string;
      };
      const day = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}`;
      type Order = Awaited<ReturnType<typeof paidOrder>>;
      const decisions: {
        decision: string;
        decide: (o: Order) => Promise<{ statusCode: number; body: string }>;
        booking: string;
        car: { paid: boolean; sales_status: string };
        money: string;
        /** The seller's Accept on the booking afterwards: refused with this. */
        accept: RegExp;
      }[] = [
        {
          decision: 'the admin’s Refund buyer',
          decide: async (o) => post(w.app, admin, `/api/disputes/${await openCase(o.paymentId)}/decision`, { decision: 'refund', note: 'No papers, no sale.' }),
          booking: 'cancelled',
          car: { paid: false, sales_status: 'available' },
          money: 'refunded',
          accept: new RegExp(`^An admin refunded the buyer on ${day}; this booking can no longer be accepted\\.$`),
        },
        {
          decision: 'the admin’s Release to seller',
          decide: async (o) => post(w.app, admin, `/api/disputes/${await openCase(o.paymentId)}/decision`, { decision: 'release', note: 'The papers came later.' }),
          booking: 'pending',
          car: { paid: true, sales_status: 'sold' },
          money: 'released',
          accept: new RegExp(`^The payment was released to you on ${day}; this booking can no longer be accepted\\.$`),
        },
        {
          decision: 'the seller’s Cancel sale',
          decide: (o) => post(w.app, w.seller, `/api/payments/${o.paymentId}/cancel-sale`, { reason: 'The papers are lost.' }),
          booking: 'declined',
          car: { paid: false, sales_status: 'available' },
          money: 'refunded',
          accept: /^You already declined this booking\.$/,
        },
        {
          decision: 'the buyer’s Cancel',
          decide: (o) => post(w.app, w.buyer, `/api/bookings/${o.bookingId}/cancel`),
          booking: 'cancelled',
          car: { paid: false, sales_status: 'available' },
          money: 'refunded',
          accept: /^The buyer cancelled this booking\.$/,
        },
        {
          decision: 'the buyer’s I have the car',
          decide: (o) => post(w.app, w.buyer, `/api/payments/${o.paymentId}/received`),
          booking: 'pending',
          car: { paid: true, sales_status: 'sold' },
          money: 'released',
          accept: new RegExp(`^The payment was released to you on ${day}; this booking can no longer be accepted\\.$`),
        },
      ];

      it.each(decisions)('$decision: the booking $booking and no longer answered, the car and the order agreeing', async (d) => {
        // Paid while pending, with a time the seller proposed: everything a decision must leave true.
        const o = await paidOrder(6600);
        await w.t.pool.query(`update bookings set proposed_time = now() + interval '2 days' where id = $1`, [o.bookingId]);
        const decided = await d.decide(o);
        expect(decided.statusCode, decided.body).toBe(200);

        const standing = async () => {
          const { rows } = await w.t.pool.query('select status, proposed_time from bookings where id = $1', [o.bookingId]);
          const order = (await as(w.app, w.buyer, { method: 'GET', url: `/api/orders/${o.bookingId}` })).json();
          const requests = (await as(w.app, w.seller, { method: 'GET', url: '/api/bookings/requests' })).json();
          const request = requests.find((r: { _id: string }) => r._id === o.bookingId);
          return {
            booking: { status: rows[0].status, proposal: rows[0].proposed_time },
            car: await car(o.productId),
            order: { status: order.status, proposedTime: order.proposedTime, listingStatus: order.listingStatus, money: order.money.state, paid: order.paid },
            request: { status: request.status, proposedTime: request.proposedTime, money: request.money.state },
          };
        };
        const after = await standing();
        const listingStatus = d.car.sales_status;
        expect(after).toEqual({
          booking: { status: d.booking, proposal: null },
          car: d.car,
          order: { status: d.booking, proposedTime: null, listingStatus, money: d.money, paid: true },
          request: { status: d.booking, proposedTime: null, money: d.money },
        });

        // Nobody answers the booking of a decided sale any more: the seller is told why, the buyer finds no proposal.
        const accept = await post(w.app, w.seller, `/api/bookings/${o.bookingId}/accept`, { meetingTime: new Date(Date.now() + 86_400_000).toISOString() });
        expect(accept.statusCode).toBe(409);
        expect(accept.json().message).toMatch(d.accept);
        for (const [who, action, payload] of [
          [w.seller, 'propose', { time: new Date(Date.now() + 2 * 86_400_000).toISOString() }],
          [w.seller, 'decline', {}],
          [w.buyer, 'accept-proposal', {}],
          [w.buyer, 'cancel', {}],
        ] as const) {
          expect((await post(w.app, who, `/api/bookings/${o.bookingId}/${action}`, payload)).statusCode, action).toBe(409);
        }
        expect(await standing()).toEqual(after);
      });
    });

    it('keeps a payment with a problem from the automatic release until the admin decides, once, with a note both receive', async () => {
      const { paymentId, transactionId } = await paidOrder(7000);
      const bad = await post(w.app, w.buyer, `/api/payments/${paymentId}/problem`, { reason: 'broken', details: 'x' });
      expect(bad.statusCode).toBe(400);
      expect((await post(w.app, w.otherBuyer, `/api/payments/${paymentId}/problem`, { reason: 'other', details: 'x' })).statusCode).toBe(404);
      const opened = await post(w.app, w.buyer, `/api/payments/${paymentId}/problem`, { reason: 'not_as_described', details: 'The car has 40,000 km more than listed.' });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json()).toMatchObject({ state: 'held', releaseDueAt: null, dispute: { reason: 'not_as_described', decision: null } });
      expect((await post(w.app, w.buyer, `/api/payments/${paymentId}/problem`, { reason: 'other', details: 'again' })).statusCode).toBe(409);
      expect((await post(w.app, w.buyer, `/api/payments/${paymentId}/received`)).statusCode).toBe(409);

      // Past its date, it stays held while the case is open.
      await w.t.pool.query(`update payments set created_at = now() - interval '30 days' where id = $1`, [paymentId]);
      await releaseDue({ pool: w.t.pool, provider: w.under.provider, log: w.app.log }, { provider: w.under.provider.name, feePercent: 0 });
      expect((await w.t.pool.query('select state from payments where id = $1', [paymentId])).rows[0].state).toBe('held');

      expect((await as(w.app, w.seller, { method: 'GET', url: '/api/disputes' })).statusCode).toBe(403);
      const list = (await as(w.app, admin, { method: 'GET', url: '/api/disputes' })).json();
      const row = list.find((r: { paymentId: string }) => r.paymentId === paymentId);
      expect(row).toMatchObject({ decision: null, paymentState: 'held', buyerEmail: w.buyer.email, sellerEmail: w.seller.email, amount: 700_000 });
      const theCase = (await as(w.app, admin, { method: 'GET', url: `/api/disputes/${row.id}` })).json();
      expect(theCase).toMatchObject({ dispute: { id: row.id }, payment: { paymentId }, booking: { status: 'pending' }, messages: [], listingChecks: expect.any(Array) });
      expect((await post(w.app, admin, `/api/disputes/${row.id}/decision`, { decision: 'refund' })).statusCode).toBe(400);

      const decisions = await Promise.all([
        post(w.app, admin, `/api/disputes/${row.id}/decision`, { decision: 'refund', note: 'The mileage was misstated.' }),
        post(second, admin, `/api/disputes/${row.id}/decision`, { decision: 'release', note: 'The buyer saw the car.' }),
      ]);
      expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const won = decisions.find((r) => r.statusCode === 200)!.json();
      expect(won.paymentState).toBe(won.decision === 'refund' ? 'refunded' : 'released');
      expect(decisions.find((r) => r.statusCode === 409)!.json().message).toMatch(/^This case was already decided on /);
      expect(await w.under.refunded(transactionId)).toBe(won.decision === 'refund');
      for (const who of [w.buyer, w.seller]) {
        const { rows } = await w.t.pool.query(`select body from notifications where user_id = $1 and event_key like $2`, [who.id, `money:${paymentId}:re%`]);
        expect(rows[0].body).toContain(won.note);
      }
    });

    it('releases on its own a week after the confirmed meeting, or after the payment without one', async () => {
      const { paymentId, bookingId } = await paidOrder(6000);
      const rules = { provider: w.under.provider.name, feePercent: 0 };
      const deps = { pool: w.t.pool, provider: w.under.provider, log: w.app.log };
      await w.t.pool.query(`update payments set created_at = now() - interval '8 days' where id = $1`, [paymentId]);
      // A meeting confirmed for two days ago: due five days from now.
      await w.t.pool.query(`update bookings set status = 'confirmed', meeting_time = now() - interval '2 days' where id = $1`, [bookingId]);
      await releaseDue(deps, rules);
      expect((await w.t.pool.query('select state from payments where id = $1', [paymentId])).rows[0].state).toBe('held');
      await w.t.pool.query(`update bookings set meeting_time = now() - interval '7 days 1 minute' where id = $1`, [bookingId]);
      expect(await releaseDue(deps, rules)).toBeGreaterThanOrEqual(1);
      expect((await w.t.pool.query('select state, released_by from payments where id = $1', [paymentId])).rows[0]).toEqual({ state: 'released', released_by: 'automatic' });
    });

    it('moves money once when the buyer, the seller, the automatic release and two processes race', async () => {
      for (let round = 0; round < 3; round++) {
        const { paymentId, transactionId } = await paidOrder(5000);
        await w.t.pool.query(`update payments set created_at = now() - interval '8 days' where id = $1`, [paymentId]);
        const answers = await Promise.all([
          post(w.app, w.buyer, `/api/payments/${paymentId}/received`),
          post(second, w.seller, `/api/payments/${paymentId}/cancel-sale`, { reason: 'Changed my mind' }),
          post(second, w.buyer, `/api/payments/${paymentId}/received`),
          post(w.app, w.seller, `/api/payments/${paymentId}/cancel-sale`, { reason: 'Changed my mind' }),
          releaseDue({ pool: w.t.pool, provider: w.under.provider, log: w.app.log }, { provider: w.under.provider.name, feePercent: 0 }).then(() => null),
        ]);
        const statuses = answers.filter((a) => a !== null).map((a) => a.statusCode);
        expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
        expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
        const state = (await w.t.pool.query('select state from payments where id = $1', [paymentId])).rows[0].state;
        expect(['released', 'refunded']).toContain(state);
        const made = await moves(paymentId);
        expect(made).toHaveLength(1);
        expect(made[0]!.kind).toBe(state === 'refunded' ? 'refund' : 'transfer');
        expect(await w.under.refunded(transactionId)).toBe(state === 'refunded');
      }
    });

    it('moves money once when the admin’s decisions, the seller’s cancellation and the buyer race over an open case', async () => {
      for (let round = 0; round < 3; round++) await raceOverACase();
    });

    async function raceOverACase() {
      const { paymentId, transactionId } = await paidOrder(5200);
      const opened = await post(w.app, w.buyer, `/api/payments/${paymentId}/problem`, { reason: 'other', details: 'The papers are missing.' });
      const disputeId = opened.json().dispute.id as string;
      const answers = await Promise.all([
        post(w.app, admin, `/api/disputes/${disputeId}/decision`, { decision: 'release', note: 'The papers came later.' }),
        post(second, admin, `/api/disputes/${disputeId}/decision`, { decision: 'refund', note: 'No papers, no sale.' }),
        post(second, w.seller, `/api/payments/${paymentId}/cancel-sale`, { reason: 'I cannot find the papers' }),
        post(w.app, w.buyer, `/api/payments/${paymentId}/received`),
      ]);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.map((a) => a.statusCode).filter((s) => s !== 200 && s !== 409), answers.map((a) => a.body).join('\n')).toEqual([]);
      const state = (await w.t.pool.query('select state from payments where id = $1', [paymentId])).rows[0].state;
      const made = await moves(paymentId);
      expect(made).toHaveLength(1);
      expect(made[0]!.kind).toBe(state === 'refunded' ? 'refund' : 'transfer');
      expect(await w.under.refunded(transactionId)).toBe(state === 'refunded');
      // The case is closed whichever way it went.
      expect((await w.t.pool.query('select decision is not null as decided from disputes where id = $1', [disputeId])).rows[0].decided).toBe(true);
    }

    it('puts right a crash between the provider’s answer and the commit: the move is carried out again and happens once', async () => {
      const accountId = await onboardedSeller(true);
      const crashing = crashAfterCall(w.under.provider);
      const deps = { pool: w.t.pool, provider: crashing, log: w.app.log };

      const refund = await paidOrder(4000);
      const transfer = await paidOrder(4100);
      // The decisions commit; the provider is then called and the process "dies" before marking the moves done.
      await w.t.pool.query(`update payments set state = 'refunded', refunded_at = now(), refunded_by = 'seller', refund_reason = 'test' where id = $1`, [refund.paymentId]);
      await w.t.pool.query(`insert into money_moves (payment_id, kind, amount) values ($1, 'refund', 400000)`, [refund.paymentId]);
      await w.t.pool.query(`update payments set state = 'released', released_at = now(), released_by = 'buyer' where id = $1`, [transfer.paymentId]);
      await w.t.pool.query(`insert into money_moves (payment_id, kind, amount, destination) values ($1, 'transfer', 410000, $2)`, [transfer.paymentId, accountId]);
      await carryOutMoves(deps, refund.paymentId);
      await carryOutMoves(deps, transfer.paymentId);
      expect(crashing.calls).toBe(2);
      expect((await moves(refund.paymentId))[0]!.state).toBe('due');
      expect((await moves(transfer.paymentId))[0]!.state).toBe('due');
      expect(await w.under.refunded(refund.transactionId)).toBe(true);
      expect((await w.under.transfersTo(accountId)).filter((t) => t.amount === 410_000)).toHaveLength(1);

      // The restarted process's job carries them out again: the provider answers the same refund and transfer.
      await carryOutMoves({ pool: w.t.pool, provider: w.under.provider, log: w.app.log });
      expect((await moves(refund.paymentId))[0]!.state).toBe('done');
      expect((await moves(transfer.paymentId))[0]!.state).toBe('done');
      expect((await w.under.transfersTo(accountId)).filter((t) => t.amount === 410_000)).toHaveLength(1);
    });
  });
}

/** The provider as a process that dies right after the provider answered a refund or a transfer (before its own commit). */
function crashAfterCall(provider: PaymentProvider): PaymentProvider & { calls: number } {
  const crashing = Object.create(provider) as PaymentProvider & { calls: number };
  crashing.calls = 0;
  crashing.refund = async (...args) => {
    await provider.refund(...args);
    crashing.calls++;
    throw new Error('the process died after the provider refunded');
  };
  crashing.transfer = async (...args) => {
    await provider.transfer(...args);
    crashing.calls++;
    throw new Error('the process died after the provider transferred');
  };
  return crashing;
}
