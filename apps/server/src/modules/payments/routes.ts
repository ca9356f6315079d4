import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPaymentIntentBody,
  paymentBody,
  paymentIntentResult,
  paymentResult,
  wishlistCreatePaymentIntentBody,
  wishlistPaymentBody,
} from '@second-gear/contract';
import { refusal } from '../../http/openapi.ts';
import { actorOf, assertOwnEmail, requireRole } from '../../auth/guards.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { StripeProvider } from '../../payments/stripe.ts';
import { TestProcessor } from '../../payments/test-processor.ts';
import { moneyDeps } from '../money/service.ts';
import { createOrderIntent, createWishlistIntent } from './intents.ts';
import { settlePayment, type PaymentDeps } from './settle.ts';
import { stripeWebhookRoutes } from './stripe-webhook-routes.ts';
import { testProcessorRoutes } from './test-processor-routes.ts';

/** The four payment calls of the first client (two intents, two records), plus the provider's own route (test card form or Stripe's webhook). */
export function paymentRoutes(provider: PaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    const noOrder = refusal('No such order of the caller’s.');
    const notWished = refusal('The car is not on the caller’s wishlist.');
    const cannotPay = refusal('Paid already, no longer for sale, or above what one card payment can take.');
    const notRecorded = refusal('The payment has not gone through, or is recorded for another purchase already.');
    const deps: PaymentDeps = { pool: app.pg, provider, log: app.log, onSale: () => app.catalogReads.clear() };

    app.post(
      '/create-payment-intent',
      {
        onRequest: requireRole('buyer'),
        schema: {
          tags: ['payments'],
          summary: 'Start paying for one of the buyer’s orders',
          body: createPaymentIntentBody,
          response: { 200: paymentIntentResult, 404: noOrder, 409: cannotPay },
        },
      },
      async (req) => createOrderIntent(deps, actorOf(req), req.body.bookingId),
    );

    app.post(
      '/wishlist-create-payment-intent',
      {
        onRequest: requireRole('buyer'),
        schema: {
          tags: ['payments'],
          summary: 'Start paying for a car on the buyer’s wishlist',
          body: wishlistCreatePaymentIntentBody,
          response: { 200: paymentIntentResult, 404: notWished, 409: cannotPay },
        },
      },
      async (req) => createWishlistIntent(deps, actorOf(req), req.body.productId),
    );

    app.post(
      '/payments',
      {
        onRequest: requireRole('buyer'),
        schema: {
          tags: ['payments'],
          summary: 'Record a succeeded card payment for an order',
          body: paymentBody,
          response: { 200: paymentResult, 404: noOrder, 409: notRecorded },
        },
      },
      async (req) => {
        const buyer = actorOf(req);
        assertOwnEmail(buyer, req.body.email);
        return settlePayment(deps, buyer.id, { kind: 'order', bookingId: req.body.bookingId }, req.body.transactionId);
      },
    );

    app.post(
      '/wishlist-payments',
      {
        onRequest: requireRole('buyer'),
        schema: {
          tags: ['payments'],
          summary: 'Record a succeeded card payment for a wishlisted car',
          body: wishlistPaymentBody,
          response: { 200: paymentResult, 404: notWished, 409: notRecorded },
        },
      },
      async (req) => {
        const buyer = actorOf(req);
        assertOwnEmail(buyer, req.body.wishlistEmail);
        return settlePayment(deps, buyer.id, { kind: 'wishlist', productId: req.body.bookingId }, req.body.transactionId);
      },
    );

    // Each provider's own route exists only with that provider.
    if (provider instanceof TestProcessor) await app.register(testProcessorRoutes(provider));
    if (provider instanceof StripeProvider) await app.register(stripeWebhookRoutes(provider, deps, moneyDeps(app, provider)));
  };
}
