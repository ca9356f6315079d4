import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { carPerformance, idParam, performanceQuery, productViews, productViewsQuery } from '@second-gear/contract';
import { actorOf, requireRole } from '../../auth/guards.ts';
import { performanceOf, weekViewsOf } from './service.ts';

/** How a seller's listings perform (issue 49): a car's Performance, and My Products' Views (7 days). */
export function performanceRoutes(now: () => Date = () => new Date()): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/products/:id/performance',
      {
        onRequest: requireRole('seller'),
        schema: {
          tags: ['catalog'],
          summary: 'A car’s Performance for its seller: the last 30 days, beside similar cars',
          description: 'Views (distinct visitors a UTC day, crawlers and the seller left out), saves, buyers’ messages and booking requests, day by day; the medians of similar cars on the market. Another seller’s car is a 404.',
          params: idParam,
          querystring: performanceQuery,
          response: { 200: carPerformance },
        },
      },
      async (req) => {
        // The views counted in memory first, so the seller sees the visits just made.
        await app.carViews?.flush();
        return performanceOf(app.pg, actorOf(req), req.params.id, now());
      },
    );

    app.get(
      '/products/views',
      {
        onRequest: requireRole('seller'),
        schema: {
          tags: ['catalog'],
          summary: 'My Products’ Views (7 days): each of the seller’s cars with any',
          querystring: productViewsQuery,
          response: { 200: productViews },
        },
      },
      async (req) => {
        await app.carViews?.flush();
        return weekViewsOf(app.pg, actorOf(req), now());
      },
    );
  };
}
