import { z } from 'zod';

/**
 * Card payments (docs/product.md, "Payment"). The server takes every
 * amount from the database; the prices the first client posts are accepted for
 * compatibility and ignored. A transaction id is the payment provider's intent id (`pi_…`).
 */

/** Prices the original client sends beside the ids; never used. */
const ignoredPrice = z.union([z.number(), z.string().max(40)]).optional();

export const transactionId = z
  .string()
  .max(255)
  .regex(/^pi_[A-Za-z0-9]+$/, 'transactionId must be a payment id (pi_…)');

/** `POST /create-payment-intent`: the order to pay (the added field) beside the first client's price. */
export const createPaymentIntentBody = z
  .object({
    bookingId: z.uuid('bookingId must be the id of an order'),
    price: ignoredPrice,
  })
  .strict();
export type CreatePaymentIntentBody = z.input<typeof createPaymentIntentBody>;

/** `POST /wishlist-create-payment-intent`: the wishlisted car to pay for. */
export const wishlistCreatePaymentIntentBody = z
  .object({
    productId: z.uuid('productId must be the id of a car'),
    resalePrice: ignoredPrice,
  })
  .strict();
export type WishlistCreatePaymentIntentBody = z.input<typeof wishlistCreatePaymentIntentBody>;

/**
 * The first client reads `clientSecret`. `publishableKey` is Stripe's key for Stripe.js,
 * or null in test mode (then the card form confirms through `POST /test-processor/confirm`).
 */
export const paymentIntentResult = z.object({
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
  /** Integer cents, from the database. */
  amount: z.number().int(),
  currency: z.literal('usd'),
});
export type PaymentIntentResult = z.infer<typeof paymentIntentResult>;

/** `POST /payments`: records a succeeded payment for one of the caller's orders. */
export const paymentBody = z
  .object({
    transactionId,
    bookingId: z.uuid('bookingId must be the id of an order'),
    email: z.string().trim().toLowerCase().pipe(z.email()),
    price: ignoredPrice,
    productId: z.string().max(64).optional(),
  })
  .strict();
export type PaymentBody = z.input<typeof paymentBody>;

/** `POST /wishlist-payments`: `bookingId` is the wishlisted car's id, as the first client sends it. */
export const wishlistPaymentBody = z
  .object({
    transactionId,
    bookingId: z.uuid('bookingId must be the id of a car'),
    wishlistEmail: z.string().trim().toLowerCase().pipe(z.email()),
    resalePrice: ignoredPrice,
  })
  .strict();
export type WishlistPaymentBody = z.input<typeof wishlistPaymentBody>;

/** The same payment recorded again answers the same `insertedId`. */
export const paymentResult = z.object({
  acknowledged: z.literal(true),
  insertedId: z.uuid(),
});
export type PaymentResult = z.infer<typeof paymentResult>;

/**
 * `POST /test-processor/confirm` (only with `PAYMENTS=test`): what the test-mode card form sends
 * instead of Stripe.js. The client secret is the capability, as with Stripe; no session is needed.
 */
export const testCardConfirmBody = z
  .object({
    clientSecret: z.string().max(255),
    card: z
      .object({
        /** Digits, spaces allowed (`4242 4242 4242 4242`). */
        number: z.string().max(30),
        expMonth: z.number().int().min(0).max(99),
        /** Four digits, or two (`YY` as typed). */
        expYear: z.number().int().min(0).max(9999),
        cvc: z.string().max(10),
      })
      .strict(),
    billingDetails: z
      .object({
        name: z.string().trim().max(200),
        email: z.string().trim().toLowerCase().pipe(z.email()),
      })
      .strict(),
  })
  .strict();
export type TestCardConfirmBody = z.input<typeof testCardConfirmBody>;

export const testCardConfirmResult = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.literal('succeeded') }),
});
export type TestCardConfirmResult = z.infer<typeof testCardConfirmResult>;

/**
 * A refused confirmation, in Stripe's shape: 402 `card_error` (the message is shown under the form
 * as written), 400/404/429 `invalid_request_error`.
 */
export const cardErrorBody = z.object({
  error: z.object({
    type: z.enum(['card_error', 'invalid_request_error']),
    code: z.string(),
    decline_code: z.string().optional(),
    message: z.string(),
  }),
});
export type CardErrorBody = z.infer<typeof cardErrorBody>;

/** `POST /stripe/webhook` (only with `PAYMENTS=stripe`). */
export const webhookResult = z.object({ received: z.literal(true) });
