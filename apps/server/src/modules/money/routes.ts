import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelSaleBody,
  disputeCase,
  disputeDecisionBody,
  disputeIdParams,
  disputeRow,
  heldPayment,
  paymentIdParams,
  payoutOnboardingLink,
  payoutsView,
  platformFee,
  receivedBody,
  reportProblemBody,
  testAccountParams,
  testOnboardingBody,
} from '@second-gear/contract';
import { actorOf, requireRole, requireUser } from '../../auth/guards.ts';
import { RateLimits } from '../../auth/rate-limits.ts';
import { AppError } from '../../errors.ts';
import { refusal } from '../../http/openapi.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { TestProcessor } from '../../payments/test-processor.ts';
import { accountUpdated, ONBOARDING_LINKS_PER_HOUR, onboardingLink, ownsAccount, payoutsOf } from './payouts.ts';
import { cancelSale, confirmReceived, decideDispute, disputeCase as caseOf, listDisputes, moneyDeps, reportProblem, type MoneyDeps } from './service.ts';

/** The money's routes: the buyer's and seller's decisions on a held payment, the admin's Disputes, the seller's Payouts. */
export function moneyRoutes(provider: PaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = moneyDeps(app, provider);
    const notYours = refusal('No such payment of the caller’s (as buyer, or as the car’s seller).');
    const decided = refusal('The payment was released or refunded already, or a problem is open on it.');

    app.post(
      '/payments/:paymentId/received',
      {
        onRequest: requireRole('buyer'),
        schema: {
          tags: ['money'],
          summary: 'The buyer has the car: release the held payment to the seller',
          params: paymentIdParams,
          body: receivedBody,
          response: { 200: heldPayment, 404: notYours, 409: decided },
        },
      },
      async (req) => confirmReceived(deps, actorOf(req), req.params.paymentId),
    );

    app.post(
      '/payments/:paymentId/cancel-sale',
      {
        onRequest: requireRole('seller'),
        schema: {
          tags: ['money'],
          summary: 'The seller cancels the sale: the buyer is refunded in full',
          params: paymentIdParams,
          body: cancelSaleBody,
          response: { 200: heldPayment, 404: notYours, 409: decided },
        },
      },
      async (req) => cancelSale(deps, actorOf(req), req.params.paymentId, req.body),
    );

    app.post(
      '/payments/:paymentId/problem',
      {
        onRequest: requireRole('buyer'),
        schema: {
          tags: ['money'],
          summary: 'The buyer reports a problem: the money stays held until an admin decides',
          params: paymentIdParams,
          body: reportProblemBody,
          response: { 200: heldPayment, 404: notYours, 409: decided },
        },
      },
      async (req) => reportProblem(deps, actorOf(req), req.params.paymentId, req.body),
    );

    app.get(
      '/disputes',
      { onRequest: requireRole('admin'), schema: { tags: ['money'], summary: 'Every case buyers opened, open ones first', response: { 200: z.array(disputeRow) } } },
      async () => listDisputes(app.pg),
    );

    const noCase = refusal('No such dispute.');
    app.get(
      '/disputes/:id',
      {
        onRequest: requireRole('admin'),
        schema: { tags: ['money'], summary: 'A case with its order, booking, conversation and listing checks', params: disputeIdParams, response: { 200: disputeCase, 404: noCase } },
      },
      async (req) => caseOf(app.pg, req.params.id),
    );

    app.post(
      '/disputes/:id/decision',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['money'],
          summary: 'Refund the buyer or release to the seller, with a note both receive',
          params: disputeIdParams,
          body: disputeDecisionBody,
          response: { 200: disputeRow, 404: noCase, 409: refusal('The case was decided already, or the payment is no longer held.') },
        },
      },
      async (req) => decideDispute(deps, actorOf(req), req.params.id, req.body),
    );

    app.get(
      '/payouts/fee',
      { onRequest: requireUser, schema: { tags: ['money'], summary: 'The platform’s fee on each released sale', response: { 200: platformFee } } },
      async () => ({ feePercent: deps.rules.feePercent }),
    );

    app.get(
      '/payouts',
      { onRequest: requireRole('seller'), schema: { tags: ['money'], summary: 'The seller’s payout account and sales', response: { 200: payoutsView } } },
      async (req) => payoutsOf(deps, actorOf(req)),
    );

    const limits = new RateLimits(app.pg);
    app.post(
      '/payouts/account',
      {
        onRequest: requireRole('seller'),
        schema: {
          tags: ['money'],
          summary: 'Add or finish the seller’s payout account: where to go next',
          body: z.object({}).strict().nullish(),
          response: {
            200: payoutOnboardingLink,
            429: refusal(`Over the seller’s limit of onboarding links (${ONBOARDING_LINKS_PER_HOUR.max} an hour); \`Retry-After\` says when to try again.`),
          },
        },
      },
      async (req) => onboardingLink(deps, limits, actorOf(req), app.config.publicUrl),
    );

    if (provider instanceof TestProcessor) await app.register(testOnboardingRoutes(provider, deps));
  };
}

/**
 * The test processor's stand-in for Stripe's hosted onboarding (`PAYMENTS=test` only): the seller's
 * own account only, test bank details only; what it makes of them reaches Payouts as Stripe's
 * `account.updated` does.
 */
function testOnboardingRoutes(processor: TestProcessor, deps: MoneyDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const notYours = refusal('No such payout account of the caller’s.');
    const accountState = z.object({ id: z.string(), detailsSubmitted: z.boolean(), payoutsEnabled: z.boolean() });
    const own = async (seller: Parameters<typeof ownsAccount>[1], accountId: string) => {
      if (!(await ownsAccount(app.pg, seller, accountId))) throw new AppError('NOT_FOUND', 'You have no such payout account.');
    };

    app.get(
      '/test-processor/accounts/:accountId',
      {
        onRequest: requireRole('seller'),
        schema: { tags: ['money'], summary: 'A test-mode payout account (test mode only)', params: testAccountParams, response: { 200: accountState, 404: notYours } },
      },
      async (req) => {
        await own(actorOf(req), req.params.accountId);
        const account = await processor.retrievePayoutAccount(req.params.accountId);
        if (!account) throw new AppError('NOT_FOUND', 'You have no such payout account.');
        return account;
      },
    );

    app.post(
      '/test-processor/accounts/:accountId/onboard',
      {
        onRequest: requireRole('seller'),
        schema: {
          tags: ['money'],
          summary: 'Give a test-mode payout account its bank details (test mode only)',
          params: testAccountParams,
          body: testOnboardingBody,
          response: { 200: accountState, 404: notYours },
        },
      },
      async (req) => {
        await own(actorOf(req), req.params.accountId);
        const account = await processor.onboard(req.params.accountId, req.body);
        await accountUpdated(deps, account);
        return account;
      },
    );
  };
}
