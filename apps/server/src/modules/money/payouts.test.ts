import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { FakeStripeApi } from '../../../test/payments/fake-stripe-api.ts';
import { buildApp } from '../../app.ts';
import { StripeProvider } from '../../payments/stripe.ts';
import { ONBOARDING_LINKS_PER_HOUR } from './payouts.ts';

// Each press of Add payout account (or Finish setting up) asks the provider for a fresh onboarding
// link: Stripe through the real SDK, pointed at a local server that answers as Stripe's API does and
// keeps every call it received, so the test sees what reached the provider.

let t: TestApp;
let fake: FakeStripeApi;
let app: FastifyInstance;
let seller: Person;
let otherSeller: Person;

beforeAll(async () => {
  t = await createTestApp();
  fake = await new FakeStripeApi().start();
  app = await buildApp({ config: t.app.config, pool: t.pool, auth: t.app.auth, images: t.app.images, payments: new StripeProvider(fake.settings) });
  await app.ready();
  [seller, otherSeller] = await Promise.all([signUp(t.app, 'Seller'), signUp(t.app, 'Seller')]);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
  await t?.close();
});

const startOnboarding = (who: Person) => as(app, who, { method: 'POST', url: '/api/payouts/account', payload: {} });
/** The onboarding links Stripe was asked for, by every seller. */
const linksAskedFor = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/account_links').length;
const accountOf = async (who: Person) => (await t.pool.query<{ account_id: string }>('select account_id from payout_accounts where seller_id = $1', [who.id])).rows[0]?.account_id;

describe('POST /payouts/account, within a seller’s hourly number of onboarding links', () => {
  it('makes ten links an hour for a seller, then answers 429 with Retry-After without calling the provider', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await startOnboarding(seller);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_/);
    }
    const account = await accountOf(seller);
    expect(linksAskedFor()).toBe(10);

    const over = await startOnboarding(seller);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(
      /^You have asked to set up your payout account 10 times in the last hour, the most we take\. You can carry on in \d+ minutes?\.$/,
    );
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Nothing reached Stripe for the refused request, and the seller's account is as it was.
    expect(linksAskedFor()).toBe(10);
    expect(await accountOf(seller)).toBe(account);
    // The number the route's document states.
    expect(ONBOARDING_LINKS_PER_HOUR).toEqual({ max: 10, minutes: 60 });
  });

  it('holds another seller to their own number only: their link is to their own account', async () => {
    const res = await startOnboarding(otherSeller);
    expect(res.statusCode, res.body).toBe(200);
    const theirs = (await accountOf(otherSeller))!;
    expect(theirs).not.toBe(await accountOf(seller));
    expect(res.json().url).toContain(theirs);
    expect(linksAskedFor()).toBe(11);
  });
});
