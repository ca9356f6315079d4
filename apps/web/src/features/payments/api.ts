import type {
  CreatePaymentIntentBody,
  InsertResult,
  PaymentBody,
  PaymentIntentResult,
  TestCardConfirmBody,
  WishlistCreatePaymentIntentBody,
  WishlistPaymentBody,
} from '@second-gear/contract';
import { api } from '../../lib/api.ts';

// The payment calls (only the payment pages, lazy chunks, import this module).

/** `POST /create-payment-intent` for one of the buyer's orders (409 once paid or sold). */
export function createOrderPaymentIntent(body: CreatePaymentIntentBody): Promise<PaymentIntentResult> {
  return api<PaymentIntentResult>('/create-payment-intent', { method: 'POST', json: body });
}

/** `POST /wishlist-create-payment-intent` for a car on the buyer's wishlist. */
export function createWishlistPaymentIntent(body: WishlistCreatePaymentIntentBody): Promise<PaymentIntentResult> {
  return api<PaymentIntentResult>('/wishlist-create-payment-intent', { method: 'POST', json: body });
}

/** `POST /payments`: records a succeeded order payment (409: e.g. sold meanwhile, and refunded). */
export function recordOrderPayment(body: PaymentBody): Promise<InsertResult> {
  return api<InsertResult>('/payments', { method: 'POST', json: body });
}

/** `POST /wishlist-payments`: records a succeeded wishlist payment. */
export function recordWishlistPayment(body: WishlistPaymentBody): Promise<InsertResult> {
  return api<InsertResult>('/wishlist-payments', { method: 'POST', json: body });
}

/** What a card form's confirmation came to: the payment's id, or the provider's message. */
export type ConfirmOutcome = { ok: true; paymentIntentId: string } | { ok: false; message: string };

function field(value: unknown, key: string): unknown {
  return value && typeof value === 'object' && key in value ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * `POST /test-processor/confirm` (test mode, no Stripe.js): 200 `{ paymentIntent }` or, in Stripe's
 * shape, 402 `{ error: { message } }`; that message is what the buyer sees under the form.
 */
export async function confirmTestCard(body: TestCardConfirmBody): Promise<ConfirmOutcome> {
  const response = await fetch('/api/test-processor/confirm', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // Not JSON: the status decides below.
  }
  const intent = field(data, 'paymentIntent');
  const id = field(intent, 'id');
  const status = field(intent, 'status');
  if (response.ok && typeof id === 'string') {
    if (status === 'succeeded') return { ok: true, paymentIntentId: id };
    return { ok: false, message: `The payment did not go through (status: ${String(status)}).` };
  }
  const message = field(field(data, 'error'), 'message') ?? field(data, 'message');
  if (typeof message === 'string' && message) return { ok: false, message };
  return { ok: false, message: `The payment could not be confirmed (${response.status} ${response.statusText}).`.replace(' )', ')') };
}
