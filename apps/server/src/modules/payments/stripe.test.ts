import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripeApi } from '../../../test/payments/fake-stripe-api.ts';
import { StripeProvider } from '../../payments/stripe.ts';
import { moneyContractSuite } from '../../../test/payments/money-contract.ts';
import { closeWorld, helpers, paymentContractSuite, paymentWorld, UNPAID, type PaymentWorld, type ProviderUnderTest } from '../../../test/payments/payment-contract.ts';

/** Stripe through the real SDK, pointed at a local server that answers as Stripe's API does. */
async function stripeAgainstFake(): Promise<ProviderUnderTest & { fake: FakeStripeApi }> {
  const fake = await new FakeStripeApi().start();
  return {
    fake,
    provider: new StripeProvider(fake.settings),
    async payInBrowser(_app, clientSecret, card = 'good') {
      const res = await fake.confirmAsBrowser(clientSecret, card === 'good' ? 'pm_card_visa' : 'pm_card_chargeDeclined');
      expect(res.status).toBe(card === 'good' ? 200 : 402);
    },
    refunded: async (id) => fake.refunds.some((r) => r.payment_intent === id),
    completeOnboarding: async (accountId, enabled) => fake.completeOnboarding(accountId, { enabled }),
    transfersTo: async (accountId) => fake.transfers.filter((t) => t.destination === accountId).map((t) => ({ id: t.id, amount: t.amount, transferGroup: t.transfer_group })),
    transferGroupOf: async (id) => fake.intents.get(id)?.transfer_group ?? null,
    close: () => fake.close(),
  };
}

paymentContractSuite('Stripe (the SDK against a local Stripe API)', stripeAgainstFake);
moneyContractSuite('Stripe (the SDK against a local Stripe API)', stripeAgainstFake);

describe('Stripe specifics', () => {
  let w: PaymentWorld;
  let fake: FakeStripeApi;
  beforeAll(async () => {
    w = await paymentWorld(async () => {
      const under = await stripeAgainstFake();
      fake = under.fake;
      return under;
    });
  });
  afterAll(() => closeWorld(w));
  const h = helpers(() => w);

  const deliver = (payload: string, signature: string) =>
    w.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } });
  const succeededEvent = (transactionId: string, eventId?: string) => fake.signedEvent('payment_intent.succeeded', fake.intents.get(transactionId)!, eventId);
  const recordedFor = async (transactionId: string) => (await w.t.pool.query('select id from payments where transaction_id = $1', [transactionId])).rows;

  it('asks for card payments in USD cents with an idempotency key per order and attempt', async () => {
    const { bookingId } = await h.orderOf(w.buyer, 12_345);
    const { transactionId } = await h.pay(w.buyer, bookingId);
    const intent = fake.intents.get(transactionId)!;
    expect(intent).toMatchObject({ amount: 1_234_500, currency: 'usd', allowed_payment_method_types: ['card'], receipt_email: w.buyer.email });
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents').map((c) => c.idempotencyKey)).toContain(`order-${bookingId}-1`);
    const { publishableKey } = (await h.startPayment(w.otherBuyer, (await h.orderOf(w.otherBuyer)).bookingId)).json();
    expect(publishableKey).toBe(fake.publishableKey);
  });

  it('records a payment from a webhook delivered twice exactly once', async () => {
    const { bookingId } = await h.orderOf(w.buyer);
    const { transactionId } = await h.pay(w.buyer, bookingId);
    const { payload, signature } = succeededEvent(transactionId);
    const first = await deliver(payload, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect(await recordedFor(transactionId)).toHaveLength(1);
    expect(await h.state(bookingId)).toMatchObject({ orderPaid: true, carPaid: true, transactionId });
    expect((await w.t.pool.query('select type from stripe_events')).rows).toContainEqual({ type: 'payment_intent.succeeded' });
  });

  it('gives the browser’s later POST the payment the webhook recorded, with the same insertedId', async () => {
    const { bookingId } = await h.orderOf(w.buyer);
    const { transactionId } = await h.pay(w.buyer, bookingId);
    const { payload, signature } = succeededEvent(transactionId);
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    const [recorded] = await recordedFor(transactionId);
    const res = await h.record(w.buyer, { transactionId, bookingId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, insertedId: recorded.id });
    expect(await recordedFor(transactionId)).toHaveLength(1);
  });

  it('records once when the webhook and the browser’s POST arrive together', async () => {
    const { bookingId } = await h.orderOf(w.buyer);
    const { transactionId } = await h.pay(w.buyer, bookingId);
    const { payload, signature } = succeededEvent(transactionId);
    const [hook, post] = await Promise.all([deliver(payload, signature), h.record(w.buyer, { transactionId, bookingId })]);
    expect(hook.statusCode).toBe(200);
    expect(post.statusCode).toBe(200);
    expect(await recordedFor(transactionId)).toEqual([{ id: post.json().insertedId }]);
  });

  it('refuses a bad or missing signature with 400 and records nothing', async () => {
    const { bookingId } = await h.orderOf(w.buyer);
    const { transactionId } = await h.pay(w.buyer, bookingId);
    const { payload, signature } = succeededEvent(transactionId);
    const tampered = payload.replace('"livemode":false', '"livemode":true');
    expect((await deliver(tampered, signature)).statusCode).toBe(400);
    // Change the first hex digit of the signature (to a different digit, so the test cannot pass by luck).
    const forged = signature.replace(/v1=(\w)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`);
    expect(forged).not.toBe(signature);
    expect((await deliver(payload, forged)).statusCode).toBe(400);
    const other = new FakeStripeApi(); // another account's secret
    const foreign = (await import('stripe')).default.webhooks.generateTestHeaderString({ payload, secret: other.webhookSecret });
    expect((await deliver(payload, foreign)).statusCode).toBe(400);
    expect((await w.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect(await h.state(bookingId)).toEqual(UNPAID);
  });

  it('ignores other events, intents that are not ours, and a succeeded event Stripe no longer confirms', async () => {
    const { bookingId } = await h.orderOf(w.buyer);
    const { clientSecret } = (await h.startPayment(w.buyer, bookingId)).json();
    const transactionId = clientSecret.split('_secret_')[0];
    const intent = fake.intents.get(transactionId)!;
    const failed = fake.signedEvent('payment_intent.payment_failed', intent);
    expect((await deliver(failed.payload, failed.signature)).statusCode).toBe(200);
    // Out of order or forged in transit: the event claims success, Stripe says otherwise.
    const early = fake.signedEvent('payment_intent.succeeded', { ...intent, status: 'succeeded' });
    expect((await deliver(early.payload, early.signature)).statusCode).toBe(200);
    const notOurs = fake.signedEvent('payment_intent.succeeded', { ...intent, metadata: {} });
    expect((await deliver(notOurs.payload, notOurs.signature)).statusCode).toBe(200);
    const charge = fake.signedEvent('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect((await deliver(charge.payload, charge.signature)).statusCode).toBe(200);
    expect(await h.state(bookingId)).toEqual(UNPAID);
  });

  it('refunds through the webhook a payment for a car sold meanwhile, once, with the key refund-<pi>', async () => {
    const productId = await h.car(10_000, 'Race Rabbit');
    const first = await h.book(w.buyer, productId);
    const second = await h.book(w.otherBuyer, productId);
    const a = await h.pay(w.buyer, first);
    const b = await h.pay(w.otherBuyer, second);
    expect((await h.record(w.buyer, { transactionId: a.transactionId, bookingId: first })).statusCode).toBe(200);
    const hook = succeededEvent(b.transactionId);
    expect((await deliver(hook.payload, hook.signature)).statusCode).toBe(200);
    const late = await h.record(w.otherBuyer, { transactionId: b.transactionId, bookingId: second });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Race Rabbit is reserved for another buyer; your payment of $10,000 was refunded.');
    expect(fake.refunds.filter((r) => r.payment_intent === b.transactionId)).toHaveLength(1);
    expect(fake.calls.filter((c) => c.path === '/v1/refunds').every((c) => c.idempotencyKey === `refund-${b.transactionId}`)).toBe(true);
  });

  it('documents the webhook in the OpenAPI document', async () => {
    const doc = (await w.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/stripe/webhook', '/api/payments', '/api/create-payment-intent']));
  });

  it('offers no test card form in Stripe mode', async () => {
    const res = await w.app.inject({ method: 'POST', url: '/api/test-processor/confirm', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
