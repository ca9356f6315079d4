import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuery, searchResult } from '@second-gear/contract';
import { loadActor } from '../../auth/guards.ts';
import { jsonBytes, jsonText, sendJson } from '../../http/json-bytes.ts';
import { parseProduct, withoutSellerContact } from '../cars/product.ts';
import { nearOf } from './near.ts';
import { search, searchResultText } from './service.ts';

/** Search over every car on the market, for everyone: a visitor gets the cars without their sellers' contact. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const cars = app.liveCars;
  // A serving process loads its copy of the cars at once (about a second at 100,000 cars) rather
  // than on its first search; a failure here is only logged, as the first search tries again.
  // Searches arriving meanwhile wait for the copy (decision 026); the line below tells an operator
  // how long that was and how many cars the copy holds.
  app.addHook('onListen', () => {
    const startedAt = performance.now();
    cars.current().then(
      ({ cars: copy }) => app.log.info({ cars: copy.size, ms: Math.round(performance.now() - startedAt) }, 'the search loaded its copy of the cars'),
      (err: unknown) => app.log.warn({ err }, 'the search could not load the cars yet'),
    );
  });
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search the cars on the market: keyword, filters, sort, keyset pages, and counts beside each option',
        description:
          'Public: a visitor (no session) gets the same cars without the sellers’ `email` and `mobile` and with each VIN’s serial hidden. Every filter is optional. `counts` gives, for each filter with options, how many cars each option would find under the other filters. Pass `nextCursor` as `after`, with the same filters and sort, for the next page. `distance` (miles, or km with `distanceUnit=km`) and sort `nearest` measure from the centre of the ZIP code `near` (400 for a ZIP code that is none); they, and `bounds`, find only cars with a place.',
        querystring: searchQuery,
        response: { 200: searchResult },
      },
    },
    async (req, reply) => {
      const viewer = await loadActor(req);
      // The answer depends on the cookie (the sellers' contact), so no shared cache may hand it on.
      reply.header('vary', 'cookie');
      const answer = await search(app.pg, cars, req.query, nearOf(req.query));
      if (viewer) return sendJson(reply, jsonText(app, searchResult, searchResultText(answer)));
      return sendJson(reply, jsonBytes(app, searchResult, { ...answer, results: answer.results.map((car) => withoutSellerContact(parseProduct(car))) }));
    },
  );
};
