import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nearestQuery, placeAnswer, zipParams } from '@second-gear/contract';
import { addressKey } from '../../auth/client-address.ts';
import { RateLimits, type Limit } from '../../auth/rate-limits.ts';
import { AppError, waitWords } from '../../errors.ts';
import { refusal } from '../../http/openapi.ts';
import { nearestZip, placeOfZip } from './gazetteer.ts';
import { unknownZipWords } from './known-zip.ts';

/**
 * ZIP lookups from one client address: a search page asks once per Near typed or located, and a
 * listing form once per ZIP code, so a person never comes near this; a script walking the
 * gazetteer through us does, and is better served by the package itself.
 */
export const PLACE_LOOKUPS_PER_ADDRESS: Limit = { max: 300, minutes: 15 };

const tooMany = refusal(`Over the limit of ZIP lookups from one network (${PLACE_LOOKUPS_PER_ADDRESS.max} in ${PLACE_LOOKUPS_PER_ADDRESS.minutes} minutes); \`Retry-After\` says when to try again.`);

/**
 * `/api/places/*`: the offline ZIP gazetteer (gazetteer.ts) for the web app's `ZIP code` and
 * `Near` fields and `Use my location`. Public, as a visitor's search uses them; nothing is kept
 * of what was asked, and nothing leaves the server.
 */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = new RateLimits(app.pg);
  app.addHook('onRequest', async (req) => {
    const minutes = await limits.take([{ key: `place-lookups:${addressKey(req.ip)}`, limit: PLACE_LOOKUPS_PER_ADDRESS }]);
    if (minutes > 0) throw new AppError('TOO_MANY_REQUESTS', `Too many ZIP code lookups from your network. Try again in ${waitWords(minutes)}.`, minutes * 60);
  });

  app.get(
    '/places/zip/:zip',
    {
      schema: {
        tags: ['places'],
        summary: 'A US ZIP code’s city, state and centre',
        params: zipParams,
        response: { 200: placeAnswer, 404: refusal('No US ZIP code of these five digits: `No US ZIP code 12345.`'), 429: tooMany },
      },
    },
    async (req) => {
      const place = placeOfZip(req.params.zip);
      if (!place) throw new AppError('NOT_FOUND', unknownZipWords(req.params.zip));
      return place;
    },
  );

  app.get(
    '/places/nearest',
    {
      schema: {
        tags: ['places'],
        summary: 'The US ZIP code nearest a point, for `Use my location`',
        description: 'The browser rounds the point before sending it; nothing is kept. A point more than 50 miles from every US ZIP code’s centre (abroad, at sea) has none.',
        querystring: nearestQuery,
        response: { 200: placeAnswer, 404: refusal('No US ZIP code within 50 miles: `No US ZIP code near there.`'), 429: tooMany },
      },
    },
    async (req) => {
      const place = nearestZip(req.query.lat, req.query.lon);
      if (!place) throw new AppError('NOT_FOUND', 'No US ZIP code near there.');
      return place;
    },
  );
};
