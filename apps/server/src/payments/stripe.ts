import Stripe from 'stripe';
import type { CreateIntentInput, IntentStatus, PaymentIntentView, PaymentProvider, PayoutAccountView, TransferInput } from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API server than api.stripe.com (stripe-mock, or the fake Stripe API in tests). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const KNOWN_STATUSES: readonly string[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled'];

/** Other Stripe statuses (`requires_capture` needs manual capture, which we never ask for) read as "not paid yet". */
function statusOf(status: Stripe.PaymentIntent.Status): IntentStatus {
  return KNOWN_STATUSES.includes(status) ? (status as IntentStatus) : 'processing';
}

function toView(pi: Stripe.PaymentIntent): PaymentIntentView {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    amount: pi.amount,
    currency: pi.currency,
    status: statusOf(pi.status),
    metadata: { ...pi.metadata },
  };
}

/**
 * Transfers can reach the account when its `transfers` capability is active. Not `payouts_enabled`:
 * that is about Stripe paying the account's balance out to its bank, which may be paused while
 * transfers into the balance still land (and the reverse: an account can pay out without receiving).
 */
function toAccountView(account: Stripe.Account): PayoutAccountView {
  return { id: account.id, detailsSubmitted: account.details_submitted, payoutsEnabled: account.capabilities?.transfers === 'active' };
}

/** Stripe answers 404 for an id it does not know; the provider interface answers null. */
async function unlessMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
    throw err;
  }
}

/** Stripe (`PAYMENTS=stripe`) through its server SDK. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.webhookSecret = settings.webhookSecret;
    this.stripe = new Stripe(settings.secretKey, {
      // Retried requests keep their idempotency key, so a retry never charges twice.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(settings.host ? { host: settings.host } : {}),
      ...(settings.port ? { port: settings.port } : {}),
      ...(settings.protocol ? { protocol: settings.protocol } : {}),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntentView> {
    const pi = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        // Card only: the card form is the only way to pay the product offers. Since API version 2026-09-30
        // (this SDK's 2026-10-28.endive), `payment_method_types` is no longer writable and
        // `allowed_payment_method_types` replaces it; it excludes `automatic_payment_methods`.
        allowed_payment_method_types: ['card'],
        metadata: input.metadata,
        description: input.description,
        receipt_email: input.receiptEmail,
        transfer_group: input.transferGroup,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toView(pi);
  }

  async retrieveIntent(id: string): Promise<PaymentIntentView | null> {
    const pi = await unlessMissing(this.stripe.paymentIntents.retrieve(id));
    return pi && toView(pi);
  }

  async refund(intentId: string, reason: string): Promise<void> {
    try {
      await this.stripe.refunds.create({ payment_intent: intentId, metadata: { reason: reason.slice(0, 500) } }, { idempotencyKey: `refund-${intentId}` });
    } catch (err) {
      // Refunding twice is harmless: a payment already given back stays given back.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') return;
      throw err;
    }
  }

  async createPayoutAccount(input: { email: string; sellerId: string; idempotencyKey: string }): Promise<PayoutAccountView> {
    const account = await this.stripe.accounts.create(
      {
        // An Express account. This API version deprecates `type: 'express'` for `controller`; these
        // are the settings Stripe documents as Express's: the Express Dashboard, the platform pays
        // Stripe's fees and is liable for negative balances, Stripe collects the requirements.
        controller: {
          stripe_dashboard: { type: 'express' },
          fees: { payer: 'application' },
          losses: { payments: 'application' },
          requirement_collection: 'stripe',
        },
        email: input.email,
        // Separate charges and transfers: the seller's account only ever receives transfers.
        capabilities: { transfers: { requested: true } },
        metadata: { sellerId: input.sellerId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toAccountView(account);
  }

  async retrievePayoutAccount(id: string): Promise<PayoutAccountView | null> {
    const account = await unlessMissing(this.stripe.accounts.retrieve(id));
    return account && toAccountView(account);
  }

  /** Stripe's hosted onboarding; the link is single-use and expires, so it is made when the seller asks. */
  async onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    const link = await this.stripe.accountLinks.create({ account: accountId, refresh_url: urls.refreshUrl, return_url: urls.returnUrl, type: 'account_onboarding' });
    return link.url;
  }

  async transfer(input: TransferInput): Promise<{ id: string }> {
    const transfer = await this.stripe.transfers.create(
      { amount: input.amount, currency: input.currency, destination: input.destination, transfer_group: input.transferGroup, metadata: input.metadata },
      { idempotencyKey: input.idempotencyKey },
    );
    return { id: transfer.id };
  }

  /** A webhook event, only when its signature over the raw body is Stripe's (throws otherwise). */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }
}
