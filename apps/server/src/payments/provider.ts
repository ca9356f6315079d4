/**
 * One interface for taking card payments, with two implementations: the built-in test-mode
 * processor (`PAYMENTS=test`, test-processor.ts) and Stripe (`PAYMENTS=stripe`, stripe.ts).
 * The server never trusts the browser about a payment: it asks the provider for the intent and
 * checks its status, amount, currency and metadata before recording anything.
 */
export type IntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface PaymentIntentView {
  /** `pi_…` */
  id: string;
  clientSecret: string;
  /** Integer cents. */
  amount: number;
  /** Lower-case ISO code; always 'usd' here. */
  currency: string;
  status: IntentStatus;
  /** What we put in at creation: `kind`, `bookingId` or `productId`, `buyerId`. */
  metadata: Record<string, string>;
}

export interface CreateIntentInput {
  amount: number;
  currency: 'usd';
  metadata: Record<string, string>;
  /** Stripe's separate charges and transfers: the payment and its later transfer to the seller share this group (one per purchase). */
  transferGroup: string;
  /** Same key, same intent: a retried request never makes a second one. */
  idempotencyKey: string;
  description: string;
  receiptEmail: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** What the browser needs to load the card form: Stripe's publishable key, or nothing in test mode. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<PaymentIntentView>;
  /** null when the provider does not know this id. */
  retrieveIntent(id: string): Promise<PaymentIntentView | null>;
  /** Gives the whole amount back, once; refunding twice is harmless. */
  refund(intentId: string, reason: string): Promise<void>;

  /**
   * A connected account that receives a seller's payouts (Stripe Connect Express, or the test
   * processor's own). The key makes a retried request answer the same account.
   */
  createPayoutAccount(input: { email: string; sellerId: string; idempotencyKey: string }): Promise<PayoutAccountView>;
  /** null when the provider does not know this id. */
  retrievePayoutAccount(id: string): Promise<PayoutAccountView | null>;
  /** Where the seller goes to give their details (Stripe's hosted onboarding, or the test processor's page), and comes back to. */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /**
   * Moves released money from the platform's balance to a seller's account. The same idempotency
   * key answers the same transfer, so a retry after a crash never pays twice.
   */
  transfer(input: TransferInput): Promise<{ id: string }>;
}

export interface PayoutAccountView {
  /** `acct_…` */
  id: string;
  /** The seller has given every detail asked for. */
  detailsSubmitted: boolean;
  /** Transfers can reach it (Stripe: the `transfers` capability active). */
  payoutsEnabled: boolean;
}

export interface TransferInput {
  /** Integer cents. */
  amount: number;
  currency: 'usd';
  destination: string;
  transferGroup: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}
