import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { carValue, carValueQuery } from '@second-gear/contract';
import { addressKey } from '../../auth/client-address.ts';
import { RateLimits, type Limit } from '../../auth/rate-limits.ts';
import { AppError, waitWords } from '../../errors.ts';
import { refusal } from '../../http/openapi.ts';
import { valueOf } from './service.ts';

/**
 * Valuations from one client address: a person values a car once per press of `Value my car`, a
 * few cars at most; a script walking every make, model and year through us to copy the market's
 * prices runs into this (each answer reads a model's cars).
 */
export const VALUATIONS_PER_ADDRESS: Limit = { max: 60, minutes: 15 };

/** `GET /api/value`: the public `What's my car worth?` page's one call. */
export const valuationRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = new RateLimits(app.pg);
  app.get(
    '/value',
    {
      onRequest: async (req) => {
        const minutes = await limits.take([{ key: `valuations:${addressKey(req.ip)}`, limit: VALUATIONS_PER_ADDRESS }]);
        if (minutes > 0) throw new AppError('TOO_MANY_REQUESTS', `Too many valuations from your network. Try again in ${waitWords(minutes)}.`, minutes * 60);
      },
      schema: {
        tags: ['pricing'],
        summary: 'What a car as described (make, model, model year, mileage, condition) is worth: the fair-price range and the similar cars it rests on',
        description:
          'Public. The same estimator and comparables as the sellers’ price guide: the same make and model within two model years and the mileage band, cars a listing check flagged and outliers left out; below the minimum the answer is `not enough data` (how many there are, how many are needed). ' +
          'A `zip` does not change the estimate: it tells how many of the similar cars are within 50 miles of it (an unknown ZIP code is a 400).',
        querystring: carValueQuery,
        response: {
          200: carValue,
          429: refusal(`Over the limit of valuations from one network (${VALUATIONS_PER_ADDRESS.max} in ${VALUATIONS_PER_ADDRESS.minutes} minutes); \`Retry-After\` says when to try again.`),
        },
      },
    },
    async (req) => valueOf(app.pg, req.query),
  );
};
