import { randomUUID } from 'node:crypto';
import { testPayoutAccountNumbers, testRoutingNumber } from '@second-gear/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { FakeStripeApi } from '../../test/payments/fake-stripe-api.ts';
import { StripeProvider } from './stripe.ts';
import { TestProcessor } from './test-processor.ts';

/**
 * What each provider does its own way with payout accounts and transfers. The rules both keep are in
 * the shared provider suite (test/payments/payment-contract.ts).
 */
const seller = { email: 'sam@test.example', sellerId: 'seller-1' };
const urls = { returnUrl: 'https://app.test/dashboard/payouts?back=1', refreshUrl: 'https://app.test/dashboard/payouts?refresh=1' };
const transferInput = (destination: string, idempotencyKey = `transfer-${randomUUID()}`) => ({
  amount: 95_000,
  currency: 'usd' as const,
  destination,
  transferGroup: 'order-1',
  idempotencyKey,
  metadata: { saleId: 'sale-1' },
});

describe('the test processor’s payout accounts', () => {
  let t: TestApp;
  let processor: TestProcessor;
  beforeAll(async () => {
    t = await createTestApp();
    processor = new TestProcessor(t.pool);
  });
  afterAll(() => t?.close());
  const newAccount = (idempotencyKey = `account-${randomUUID()}`) => processor.createPayoutAccount({ ...seller, idempotencyKey });
  const bank = { holderName: 'Sam Seller', routingNumber: testRoutingNumber };

  it('sends the seller to the web app’s test onboarding page, which comes back to the return URL', async () => {
    const { id } = await newAccount();
    expect(id).toMatch(/^acct_[A-Za-z0-9]{16}$/);
    expect(await processor.onboardingLink(id, urls)).toBe(`/dashboard/payouts/test-onboarding?account=${id}&return=${encodeURIComponent(urls.returnUrl)}`);
    await expect(processor.onboardingLink('acct_0000000000000000', urls)).rejects.toThrow(/No such account/);
  });

  it('takes test bank details, keeps four digits of the account number, and enables only the test account that can receive', async () => {
    const { id } = await newAccount();
    expect(await processor.onboard(id, { ...bank, accountNumber: '000111222333' })).toEqual({ id, detailsSubmitted: true, payoutsEnabled: false });
    expect(await processor.onboard(id, { ...bank, accountNumber: testPayoutAccountNumbers.pending })).toEqual({ id, detailsSubmitted: true, payoutsEnabled: false });
    expect(await processor.onboard(id, { ...bank, routingNumber: '021000021', accountNumber: testPayoutAccountNumbers.enabled })).toMatchObject({ payoutsEnabled: false });
    expect(await processor.onboard(id, { ...bank, accountNumber: testPayoutAccountNumbers.enabled })).toEqual({ id, detailsSubmitted: true, payoutsEnabled: true });
    const { rows } = await t.pool.query('select holder_name, routing_number, account_last4 from test_processor_accounts where id = $1', [id]);
    expect(rows).toEqual([{ holder_name: 'Sam Seller', routing_number: testRoutingNumber, account_last4: '6789' }]);
    await expect(processor.onboard('acct_0000000000000000', { ...bank, accountNumber: testPayoutAccountNumbers.enabled })).rejects.toThrow(/No such account/);
  });

  it('refuses an idempotency key reused with other parameters, and makes one transfer from simultaneous retries', async () => {
    const key = `account-${randomUUID()}`;
    const { id } = await newAccount(key);
    await expect(processor.createPayoutAccount({ ...seller, sellerId: 'seller-2', idempotencyKey: key })).rejects.toThrow(/other parameters/);
    await processor.onboard(id, { ...bank, accountNumber: testPayoutAccountNumbers.enabled });
    const transferKey = `transfer-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => processor.transfer(transferInput(id, transferKey))));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers[0]!.id).toMatch(/^tr_[A-Za-z0-9]{24}$/);
    expect(await processor.transfersTo(id)).toEqual([{ id: answers[0]!.id, amount: 95_000, transferGroup: 'order-1', idempotencyKey: transferKey }]);
    await expect(processor.transfer({ ...transferInput(id, transferKey), amount: 1 })).rejects.toThrow(/other parameters/);
  });
});

describe('Stripe’s payout accounts (the SDK against a local Stripe API)', () => {
  let fake: FakeStripeApi;
  let stripe: StripeProvider;
  beforeAll(async () => {
    fake = await new FakeStripeApi().start();
    stripe = new StripeProvider(fake.settings);
  });
  afterAll(() => fake?.close());
  const postsTo = (path: string) => fake.calls.filter((c) => c.method === 'POST' && c.path === path);

  it('creates an Express account that asks for the transfers capability, with the seller in its metadata and the idempotency key', async () => {
    const key = `account-${randomUUID()}`;
    const { id } = await stripe.createPayoutAccount({ ...seller, idempotencyKey: key });
    expect(fake.accounts.get(id)).toMatchObject({
      type: 'express',
      controller: { stripe_dashboard: { type: 'express' }, fees: { payer: 'application' }, losses: { payments: 'application' }, requirement_collection: 'stripe' },
      email: seller.email,
      metadata: { sellerId: seller.sellerId },
      capabilities: { transfers: 'inactive' },
    });
    expect(postsTo('/v1/accounts').map((c) => c.idempotencyKey)).toContain(key);
  });

  it('sends the seller to Stripe’s hosted onboarding', async () => {
    const { id } = await stripe.createPayoutAccount({ ...seller, idempotencyKey: `account-${randomUUID()}` });
    expect(await stripe.onboardingLink(id, urls)).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${id}/`));
    await expect(stripe.onboardingLink('acct_unknown', urls)).rejects.toThrow(/No such account/);
  });

  it('transfers with the idempotency key, the transfer group and the metadata', async () => {
    const { id } = await stripe.createPayoutAccount({ ...seller, idempotencyKey: `account-${randomUUID()}` });
    fake.completeOnboarding(id, { enabled: true });
    const input = transferInput(id);
    const { id: transferId } = await stripe.transfer(input);
    expect(fake.transfers.find((tr) => tr.id === transferId)).toMatchObject({ amount: 95_000, currency: 'usd', destination: id, transfer_group: 'order-1', metadata: { saleId: 'sale-1' } });
    expect(postsTo('/v1/transfers').at(-1)?.idempotencyKey).toBe(input.idempotencyKey);
  });

  it('signs an account.updated event the webhook accepts, carrying the account as it is', async () => {
    const { id } = await stripe.createPayoutAccount({ ...seller, idempotencyKey: `account-${randomUUID()}` });
    fake.completeOnboarding(id, { enabled: false });
    const { payload, signature } = fake.accountUpdatedEvent(id);
    const event = stripe.verifyWebhook(Buffer.from(payload), signature);
    expect(event.type).toBe('account.updated');
    expect(event.data.object).toMatchObject({ id, details_submitted: true, capabilities: { transfers: 'pending' } });
  });
});
