import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingBody, idParam, insertResult, order, ownEmailQuery } from '@second-gear/contract';
import { refusal } from '../../http/openapi.ts';
import { actorOf, requireRole } from '../../auth/guards.ts';
import { createBooking, getOrder, listOrders } from './service.ts';

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings',
    {
      onRequest: requireRole('buyer'),
      schema: {
        tags: ['bookings'],
        summary: 'Book a meeting to buy a car',
        body: bookingBody,
        response: { 200: insertResult, 404: refusal('The car is no longer listed.') },
      },
    },
    async (req) => createBooking(app.pg, actorOf(req), req.body),
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
};
