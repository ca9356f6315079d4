import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuery, searchResult } from '@second-gear/contract';
import { actorOf, requireUser } from '../../auth/guards.ts';
import { search } from './service.ts';

/** Search over every car on the market, for signed-in people (like the category pages). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      onRequest: requireUser,
      schema: {
        tags: ['search'],
        summary: 'Search the cars on the market: keyword, filters, sort, keyset pages, and counts beside each option',
        description:
          'Every filter is optional. `counts` gives, for each filter with options, how many cars each option would find under the other filters. Pass `nextCursor` as `after`, with the same filters and sort, for the next page.',
        querystring: searchQuery,
        response: { 200: searchResult },
      },
    },
    async (req) => search(app.pg, actorOf(req), req.query),
  );
};
