import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptBookingBody,
  acceptProposalBody,
  bookingBody,
  bookingChange,
  bookingRequest,
  cancelBookingBody,
  declineBookingBody,
  idParam,
  insertResult,
  order,
  ownEmailQuery,
  proposeBookingBody,
} from '@second-gear/contract';
import { refusal } from '../../http/openapi.ts';
import { actorOf, requireRole } from '../../auth/guards.ts';
import { RateLimits } from '../../auth/rate-limits.ts';
import { BOOKINGS_OF_ONE_CAR_PER_HOUR, BOOKINGS_PER_HOUR, createBooking, getOrder, listOrders } from './service.ts';
import { afterDecision, moneyDeps } from '../money/service.ts';
import { PROPOSALS_PER_HOUR, acceptBooking, acceptProposal, bookingCalendar, cancelBooking, declineBooking, listBookingRequests, proposeTime } from './requests.ts';

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  // A paid booking's end refunds its held payment: carried out at the provider once committed.
  const money = moneyDeps(app, app.payments);
  const refunded = (paymentId: string) => afterDecision(money, paymentId);
  const limits = new RateLimits(app.pg);

  app.post(
    '/bookings',
    {
      onRequest: requireRole('buyer'),
      schema: {
        tags: ['bookings'],
        summary: 'Book a meeting to buy a car',
        body: bookingBody,
        response: {
          200: insertResult,
          404: refusal('The car is no longer listed.'),
          429: refusal(
            `Over the buyer’s limit of bookings (${BOOKINGS_OF_ONE_CAR_PER_HOUR.max} of one car and ${BOOKINGS_PER_HOUR.max} in all an hour); \`Retry-After\` says when to try again.`,
          ),
        },
      },
    },
    async (req) => createBooking(app.pg, limits, actorOf(req), req.body),
  );

  app.get(
    '/orders',
    {
      onRequest: requireRole('buyer'),
      schema: { tags: ['bookings'], summary: 'The buyer’s own orders, newest first', querystring: ownEmailQuery, response: { 200: z.array(order) } },
    },
    async (req) => listOrders(app.pg, actorOf(req), req.query.email),
  );

  app.get(
    '/orders/:id',
    {
      onRequest: requireRole('buyer'),
      schema: { tags: ['bookings'], summary: 'One of the buyer’s own orders', params: idParam, response: { 200: order } },
    },
    async (req) => getOrder(app.pg, actorOf(req), req.params.id),
  );

  // Booking requests: the seller answers, the buyer follows (requests.ts). A booking on someone
  // else's car, or someone else's booking, is a 404 like a missing one.
  const changed = (why: string) => ({ 200: bookingChange, 404: refusal('No such booking of the caller’s.'), 409: refusal(why) });

  app.get(
    '/bookings/requests',
    {
      onRequest: requireRole('seller'),
      schema: { tags: ['bookings'], summary: 'The bookings on the seller’s own cars, newest first', response: { 200: z.array(bookingRequest) } },
    },
    async (req) => listBookingRequests(app.pg, actorOf(req)),
  );

  app.post(
    '/bookings/:id/accept',
    {
      onRequest: requireRole('seller'),
      schema: {
        tags: ['bookings'],
        summary: 'Confirm a booking on one of the seller’s cars at a meeting time, or move a confirmed meeting',
        params: idParam,
        body: acceptBookingBody,
        response: changed('The booking was cancelled, declined, or is already confirmed for that time, or its money was released to the seller.'),
      },
    },
    async (req) => acceptBooking(app.pg, actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/bookings/:id/decline',
    {
      onRequest: requireRole('seller'),
      schema: {
        tags: ['bookings'],
        summary: 'Decline a pending or confirmed booking on one of the seller’s cars',
        params: idParam,
        body: declineBookingBody,
        response: changed('The booking was cancelled or declined already, or its money was released to the seller.'),
      },
    },
    async (req) => declineBooking(app.pg, actorOf(req), req.params.id, req.body, refunded),
  );

  app.post(
    '/bookings/:id/propose',
    {
      onRequest: requireRole('seller'),
      schema: {
        tags: ['bookings'],
        summary: 'Propose another meeting time for a pending booking',
        params: idParam,
        body: proposeBookingBody,
        response: {
          ...changed('The booking is no longer pending, or its money was released to the seller.'),
          429: refusal(`Over the seller’s limit of proposals (${PROPOSALS_PER_HOUR.max} an hour); \`Retry-After\` says when to try again.`),
        },
      },
    },
    async (req) => proposeTime(app.pg, limits, actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/bookings/:id/accept-proposal',
    {
      onRequest: requireRole('buyer'),
      schema: {
        tags: ['bookings'],
        summary: 'Accept the time the seller proposed, which confirms the meeting',
        params: idParam,
        body: acceptProposalBody,
        response: changed('There is no proposed time to accept, it has passed, or the booking is no longer pending or its money was released.'),
      },
    },
    async (req) => acceptProposal(app.pg, actorOf(req), req.params.id),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      onRequest: requireRole('buyer'),
      schema: {
        tags: ['bookings'],
        summary: 'Cancel one of the buyer’s own pending or confirmed bookings; a paid one is refunded, before its confirmed meeting starts and while no problem is open',
        params: idParam,
        body: cancelBookingBody,
        response: changed(
          'The booking was declined, cancelled already, or changed since the buyer saw it; or it is paid and its confirmed meeting has started (Report a problem instead), a problem is open on it, or its money was released.',
        ),
      },
    },
    async (req) => cancelBooking(app.pg, actorOf(req), req.params.id, req.body, refunded),
  );

  app.get(
    '/bookings/:id/calendar.ics',
    {
      onRequest: requireRole('buyer', 'seller'),
      schema: {
        tags: ['bookings'],
        summary: 'The meeting’s calendar file (iCalendar) for its buyer or its car’s seller: an invitation, or its cancellation',
        params: idParam,
        response: { 200: z.string().describe('text/calendar'), 404: refusal('No meeting of the caller’s with that id.') },
      },
    },
    async (req, reply) => {
      const text = await bookingCalendar(app.pg, actorOf(req), req.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="viewing-${req.params.id}.ics"`)
        .send(text);
    },
  );
};
