import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardErrorBody, errorBody, testCardConfirmBody, testCardConfirmResult } from '@second-gear/contract';
import type { TestProcessor } from '../../payments/test-processor.ts';

/**
 * `POST /test-processor/confirm`: the test-mode card form's stand-in for Stripe.js (`PAYMENTS=test`
 * only). No session: the client secret is the capability, as with Stripe. The card number and CVC
 * are judged and dropped, never stored or logged; each intent takes a bounded number of refused
 * cards (see MAX_FAILED_ATTEMPTS), so the route cannot be used to try cards without limit.
 */
export function testProcessorRoutes(processor: TestProcessor): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/test-processor/confirm',
      {
        bodyLimit: 4096,
        schema: {
          tags: ['payments'],
          summary: 'Confirm a test-mode payment with a card (test mode only)',
          body: testCardConfirmBody,
          // A 400 is Stripe's shape from the processor, or ours from schema validation.
          response: { 200: testCardConfirmResult, 400: z.union([cardErrorBody, errorBody]), 402: cardErrorBody, 404: cardErrorBody, 429: cardErrorBody },
        },
      },
      async (req, reply) => {
        const { clientSecret, card, billingDetails } = req.body;
        const answer = await processor.confirm(clientSecret, card, billingDetails);
        return reply.status(answer.status).send(answer.body);
      },
    );
  };
}
