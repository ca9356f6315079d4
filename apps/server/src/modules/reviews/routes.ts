import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hideReviewBody,
  paymentIdParams,
  personReviews as personReviewsAnswer,
  publicReview,
  replyReviewBody,
  reportedReview,
  reportReviewBody,
  reviewableSale,
  reviewedUserParams,
  reviewHidden,
  reviewIdParams,
  reviewReported,
  writeReviewBody,
} from '@second-gear/contract';
import { actorOf, loadActor, requireRole, requireUser } from '../../auth/guards.ts';
import { RateLimits } from '../../auth/rate-limits.ts';
import { refusal } from '../../http/openapi.ts';
import { hideReview, personReviews, replyToReview, reportedReviews, reportReview, REVIEW_REPORTS_PER_HOUR, reviewableSales, writeReview } from './service.ts';

/** The reviews' routes (issue 48): written after a released payment, read by anyone once shown, replied to, reported and hidden. `now`: the rules' clock. */
export function reviewRoutes(now: () => Date = () => new Date()): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = { pool: app.pg, now };
    const party = requireRole('buyer', 'seller');
    const noReview = refusal('No such review shown to the caller: unknown, still blind, hidden, or (to reply) not about the caller.');

    app.get(
      '/reviews/mine',
      {
        onRequest: party,
        schema: { tags: ['reviews'], summary: 'The caller’s released sales, as buyer or seller, with their review of each', response: { 200: z.array(reviewableSale) } },
      },
      async (req) => reviewableSales(deps, actorOf(req)),
    );

    app.post(
      '/payments/:paymentId/review',
      {
        onRequest: party,
        schema: {
          tags: ['reviews'],
          summary: 'Write a review: the buyer’s of the seller, or the seller’s of the buyer, once, within 14 days of the release',
          params: paymentIdParams,
          body: writeReviewBody,
          response: {
            200: reviewableSale,
            400: refusal('Bad rating or text, or text carrying contact details or payment arrangements.'),
            404: refusal('No such sale of the caller’s (as buyer, or as the car’s seller).'),
            409: refusal('Not released yet, refunded, gone to an admin as a problem, past the 14 days, the other person gone, or already reviewed.'),
          },
        },
      },
      async (req) => writeReview(deps, actorOf(req), req.params.paymentId, req.body),
    );

    app.get(
      '/users/:id/reviews',
      {
        schema: {
          tags: ['reviews'],
          summary: 'The shown reviews about a person, newest first, with their rating',
          params: reviewedUserParams,
          response: { 200: personReviewsAnswer, 404: refusal('No such person.') },
        },
      },
      async (req, reply) => {
        const viewer = await loadActor(req);
        // `mayReply` is the caller's: no shared cache may hand one person's answer to another.
        reply.header('vary', 'cookie');
        return personReviews(deps, viewer, req.params.id);
      },
    );

    app.post(
      '/reviews/:id/reply',
      {
        onRequest: party,
        schema: {
          tags: ['reviews'],
          summary: 'Reply: the reviewed person’s one public answer',
          params: reviewIdParams,
          body: replyReviewBody,
          response: { 200: publicReview, 400: refusal('Bad text, or text carrying contact details or payment arrangements.'), 404: noReview, 409: refusal('Replied already.') },
        },
      },
      async (req) => replyToReview(deps, actorOf(req), req.params.id, req.body.text),
    );

    const limits = new RateLimits(app.pg);
    app.post(
      '/reviews/:id/report',
      {
        onRequest: requireUser,
        schema: {
          tags: ['reviews'],
          summary: 'Report a shown review to the admins (once per person and review)',
          params: reviewIdParams,
          body: reportReviewBody,
          response: {
            200: reviewReported,
            404: noReview,
            409: refusal('Reported by the caller already.'),
            429: refusal(`Over the limit of reports (${REVIEW_REPORTS_PER_HOUR.max} an hour); \`Retry-After\` says when to try again.`),
          },
        },
      },
      async (req) => reportReview(deps, limits, actorOf(req), req.params.id, req.body.reason),
    );

    const admin = requireRole('admin');
    app.get(
      '/admin/reviews',
      { onRequest: admin, schema: { tags: ['reviews'], summary: 'Reported reviews not hidden, most reported first', response: { 200: z.array(reportedReview) } } },
      async () => reportedReviews(deps),
    );

    app.post(
      '/admin/reviews/:id/hide',
      {
        onRequest: admin,
        schema: {
          tags: ['reviews'],
          summary: 'Hide a review, with a note its author and its subject receive',
          params: reviewIdParams,
          body: hideReviewBody,
          response: { 200: reviewHidden, 404: refusal('No such review.'), 409: refusal('Hidden already.') },
        },
      },
      async (req) => hideReview(deps, actorOf(req), req.params.id, req.body.note),
    );
  };
}
