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
}
