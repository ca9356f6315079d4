import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { priceGuide, priceGuideQuery } from '@second-gear/contract';
import { requireRole } from '../../auth/guards.ts';
import { priceGuideFor } from './guide.ts';

/** The sellers' price guide, asked by the add and edit forms while a price is typed. */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pricing/guide',
    {
      onRequest: requireRole('seller'),
      schema: {
        tags: ['catalog'],
        summary: 'The fair price of a car as described (make, model, year, mileage, condition): its estimate and range from similar cars on the market',
        description: 'Comparables are the same make and model within two model years and the mileage band; below the minimum the answer is `not enough data`. `car` leaves the car being edited out of its own comparables.',
        querystring: priceGuideQuery,
        response: { 200: priceGuide },
      },
    },
    async (req) => priceGuideFor(app.pg, req.query),
  );
};
