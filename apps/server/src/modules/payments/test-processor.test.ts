import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/harness.ts';
import { testPayoutAccountNumbers, testRoutingNumber } from '@second-gear/contract';
import { TestProcessor, MAX_FAILED_ATTEMPTS } from '../../payments/test-processor.ts';
import { moneyContractSuite } from '../../../test/payments/money-contract.ts';
import { closeWorld, helpers, paymentContractSuite, paymentWorld, type PaymentWorld, type ProviderUnderTest } from '../../../test/payments/payment-contract.ts';

const GOOD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };
const billingDetails = { name: 'Pat Buyer', email: 'pat@test.example' };

const confirm = (app: FastifyInstance, clientSecret: string, card: Partial<typeof GOOD> = {}, extra: object = {}) =>
  app.inject({ method: 'POST', url: '/api/test-processor/confirm', payload: { clientSecret, card: { ...GOOD, ...card }, billingDetails, ...extra } });

async function testProcessor(t: { pool: PaymentWorld['t']['pool'] }): Promise<ProviderUnderTest> {
  const provider = new TestProcessor(t.pool);
  return {
    provider,
    async payInBrowser(app, clientSecret, card = 'good') {
      const res = await confirm(app, clientSecret, card === 'good' ? {} : { number: '4000000000000002' });
      expect(res.statusCode).toBe(card === 'good' ? 200 : 402);
    },
    refunded: (id) => provider.isRefunded(id),
    async completeOnboarding(accountId, enabled) {
      const accountNumber = enabled ? testPayoutAccountNumbers.enabled : testPayoutAccountNumbers.pending;
      await provider.onboard(accountId, { holderName: 'Sam Seller', routingNumber: testRoutingNumber, accountNumber });
    },
    transfersTo: async (accountId) => (await provider.transfersTo(accountId)).map(({ id, amount, transferGroup }) => ({ id, amount, transferGroup })),
    async transferGroupOf(id) {
      const { rows } = await t.pool.query<{ transfer_group: string | null }>('select transfer_group from test_processor_intents where id = $1', [id]);
      return rows[0]?.transfer_group ?? null;
    },
    close: async () => {},
  };
}

paymentContractSuite('the test processor', testProcessor);
moneyContractSuite('the test processor', testProcessor);

describe('the test processor’s card form (POST /test-processor/confirm)', () => {
  let w: PaymentWorld;
  beforeAll(async () => {
    w = await paymentWorld(testProcessor);
  });
  afterAll(() => closeWorld(w));
  const h = helpers(() => w);
  const newIntent = async () => {
    const { bookingId } = await h.orderOf(w.buyer);
    const res = await h.startPayment(w.buyer, bookingId);
    expect(res.json().publishableKey).toBeNull();
    return { bookingId, clientSecret: res.json().clientSecret as string };
  };

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', undefined, 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', undefined, "Your card's security code is incorrect."],
    ['4111111111111111', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['4242424242424241', 'incorrect_number', undefined, 'Your card number is incorrect.'],
    ['4242', 'incorrect_number', undefined, 'Your card number is incorrect.'],
  ])('answers card %s as Stripe’s test mode does: %s', async (number, code, declineCode, message) => {
    const { clientSecret, bookingId } = await newIntent();
    const res = await confirm(w.app, clientSecret, { number });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { type: 'card_error', code, ...(declineCode ? { decline_code: declineCode } : {}), message } });
    // The intent stays open: the buyer may try another card.
    expect((await confirm(w.app, clientSecret)).statusCode).toBe(200);
    expect((await h.state(bookingId)).orderPaid).toBe(false);
  });

  it.each([
    ['an expiry year in the past', { expYear: 2001 }, 'invalid_expiry_year', "Your card's expiration year is in the past."],
    ['an expiry month in the past', { expMonth: new Date().getUTCMonth() || 13, expYear: new Date().getUTCFullYear() }, 'invalid_expiry_month', undefined],
    ['a two-letter CVC', { cvc: 'ab' }, 'invalid_cvc', "Your card's security code is invalid."],
    ['a five-digit CVC', { cvc: '12345' }, 'invalid_cvc', "Your card's security code is invalid."],
  ])('refuses %s', async (_what, card, code, message) => {
    const { clientSecret } = await newIntent();
    const res = await confirm(w.app, clientSecret, card);
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe(code);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it('accepts any future expiry as MM / YY and succeeds once; confirming again is refused as Stripe does', async () => {
    const { clientSecret } = await newIntent();
    const first = await confirm(w.app, clientSecret, { expYear: (new Date().getUTCFullYear() + 1) % 100 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ paymentIntent: { id: clientSecret.split('_secret_')[0], status: 'succeeded' } });
    const again = await confirm(w.app, clientSecret);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ type: 'invalid_request_error', code: 'payment_intent_unexpected_state' });
  });

  it('lets exactly one of several simultaneous confirmations succeed', async () => {
    const { clientSecret } = await newIntent();
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(w.app, clientSecret)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(9);
  });

  it('needs no session but a real client secret, and refuses malformed input', async () => {
    const { clientSecret } = await newIntent();
    const unknown = await confirm(w.app, `${clientSecret.split('_secret_')[0]}_secret_guessed`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('resource_missing');
    expect((await confirm(w.app, clientSecret, {}, { amount: 1 })).statusCode).toBe(400);
    expect((await confirm(w.app, clientSecret, { expMonth: '12' as unknown as number })).statusCode).toBe(400);
    expect((await confirm(w.app, clientSecret, { number: '4'.repeat(31) })).statusCode).toBe(400);
    expect((await w.app.inject({ method: 'POST', url: '/api/test-processor/confirm', payload: 'x'.repeat(5000), headers: { 'content-type': 'application/json' } })).statusCode).toBe(413);
  });

  it(`cancels an intent after ${MAX_FAILED_ATTEMPTS} refused cards; the payment page then starts a new one`, async () => {
    const { clientSecret, bookingId } = await newIntent();
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) expect((await confirm(w.app, clientSecret, { number: '4000000000000002' })).statusCode).toBe(402);
    const blocked = await confirm(w.app, clientSecret);
    expect(blocked.statusCode).toBe(429);
    const fresh = await h.startPayment(w.buyer, bookingId);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().clientSecret).not.toBe(clientSecret);
    expect((await confirm(w.app, fresh.json().clientSecret)).statusCode).toBe(200);
  });

  it('keeps its intents in the database, so another process (or a restart) sees them', async () => {
    const { clientSecret } = await newIntent();
    await confirm(w.app, clientSecret);
    const elsewhere = new TestProcessor(w.t.pool);
    expect(await elsewhere.retrieveIntent(clientSecret.split('_secret_')[0]!)).toMatchObject({ status: 'succeeded', clientSecret });
    expect(await elsewhere.retrieveIntent('pi_unknown')).toBeNull();
  });

  it('offers no Stripe webhook in test mode', async () => {
    const res = await as(w.app, undefined, { method: 'POST', url: '/api/stripe/webhook', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
