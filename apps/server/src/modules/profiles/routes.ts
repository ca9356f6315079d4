import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sellerCars as sellerCarsAnswer, sellerCarsQuery, sellerProfile as sellerProfileAnswer, sellerProfileQuery, userIdParam } from '@second-gear/contract';
import { loadActor } from '../../auth/guards.ts';
import { refusal } from '../../http/openapi.ts';
import { sellerCars, sellerProfile } from './service.ts';

const noSeller = refusal('No seller with this id: no such account, not a seller, or an account that is gone (`No seller here.`).');

/**
 * Sellers' public profiles, for everyone, like a car's page: no per-address limit, as the other
 * public reads (the car page, the search) have none; each answer is a handful of indexed reads.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sellers/:id',
    {
      schema: {
        tags: ['profiles'],
        summary: 'A seller’s public profile: name, photo, member since, verification, city, how they answer, cars on the market and sold',
        description:
          'Public. Never the seller’s email or phone. `responds` covers the 90 days before the request: buyers’ conversations (answered by the seller’s first message after the buyer’s first) and booking requests (answered by Accept or Decline), each with the median time to the answer in minutes.',
        params: userIdParam,
        querystring: sellerProfileQuery,
        response: { 200: sellerProfileAnswer, 404: noSeller },
      },
    },
    async (req) => sellerProfile(app.pg, req.params.id, new Date(), app.config.payments.provider),
  );

  app.get(
    '/sellers/:id/cars',
    {
      schema: {
        tags: ['profiles'],
        summary: 'A page of a seller’s cars on the market, newest first',
        description:
          'Public: a visitor (no session) gets the cars without the seller’s `email` and `mobile` and with each VIN’s serial hidden. Pass `nextCursor` as `after` for the next page.',
        params: userIdParam,
        querystring: sellerCarsQuery,
        response: { 200: sellerCarsAnswer, 404: noSeller },
      },
    },
    async (req, reply) => {
      const viewer = await loadActor(req);
      // The answer depends on the cookie (the seller's contact), so no shared cache may hand it on.
      reply.header('vary', 'cookie');
      return sellerCars(app.pg, viewer, req.params.id, req.query.after);
    },
  );
};
