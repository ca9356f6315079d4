import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookResult } from '@second-gear/contract';
import { AppError } from '../../errors.ts';
import type { StripeProvider } from '../../payments/stripe.ts';
import { refreshAccount } from '../money/payouts.ts';
import type { MoneyDeps } from '../money/service.ts';
import { purchaseOfMetadata } from './purchases.ts';
import { settlePayment, type PaymentDeps } from './settle.ts';

/**
 * `POST /stripe/webhook` (`PAYMENTS=stripe` only). Stripe delivers events at least once and in
 * any order; a `payment_intent.succeeded` records the payment through the same function as the
 * browser's `POST /payments`, so whichever comes first records it and the other changes nothing;
 * an `account.updated` (Connect) tells what a seller's payout account can do now.
 */
export function stripeWebhookRoutes(stripe: StripeProvider, deps: PaymentDeps, money: MoneyDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The signature covers the exact bytes Stripe sent, so this route (and only this plugin) keeps the raw body.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    app.post(
      '/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook (Stripe mode only)',
          headers: z.object({ 'stripe-signature': z.string().min(1).max(2048) }),
          response: { 200: webhookResult },
        },
      },
      async (req) => {
        const raw = req.body;
        if (!Buffer.isBuffer(raw)) throw new AppError('BAD_REQUEST', 'Expected the JSON event Stripe sends.');
        let event;
        try {
          event = stripe.verifyWebhook(raw, req.headers['stripe-signature']);
        } catch {
          throw new AppError('BAD_REQUEST', 'The webhook signature is not valid.');
        }

        // Claim the event; a second delivery finds it claimed and changes nothing.
        const { rowCount } = await deps.pool.query('insert into stripe_events (id, type) values ($1, $2) on conflict (id) do nothing', [event.id, event.type]);
        if (!rowCount) return { received: true as const };
        try {
          if (event.type === 'payment_intent.succeeded') await recordSucceeded(deps, event.data.object.id, event.data.object.metadata);
          // What a seller's payout account can do now, read back from Stripe (payouts.ts), not taken from the event.
          if (event.type === 'account.updated') await refreshAccount(money, event.data.object.id);
        } catch (err) {
          // Release the claim so that Stripe's retry of this event is processed.
          await deps.pool.query('delete from stripe_events where id = $1', [event.id]).catch(() => {});
          throw err;
        }
        // Every other event type, and events about intents that are not ours, need nothing from us.
        return { received: true as const };
      },
    );
  };
}

async function recordSucceeded(deps: PaymentDeps, intentId: string, metadata: Record<string, string>) {
  const named = purchaseOfMetadata(metadata);
  if (!named) return;
  try {
    // settlePayment reads the intent back from Stripe, so an old or reordered event cannot record a stale state.
    await settlePayment(deps, named.buyerId, named.ref, intentId);
  } catch (err) {
    // A refusal (sold to someone else and refunded, not succeeded after all, no such order) is an
    // answer for the buyer, not a failed delivery: retrying would change nothing.
    if (err instanceof AppError) {
      deps.log.info({ intentId, reason: err.message }, 'webhook payment not recorded');
      return;
    }
    throw err;
  }
}
