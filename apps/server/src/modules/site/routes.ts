import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteInfo } from '@second-gear/contract';
import { AppError } from '../../errors.ts';
import { robotsTxt, sitemaps } from './sitemap.ts';

/** `GET /api/site`: public facts about this server that the web app shows on every page. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const info = { testPaymentsBanner: app.config.testPaymentsBanner, distanceUnit: app.config.distanceUnit, mapTiles: app.config.mapTiles };
  app.get(
    '/site',
    { schema: { tags: ['site'], summary: 'What every page shows about this server (the test-payments banner, the unit of distance, the map tiles)', response: { 200: siteInfo } } },
    async () => info,
  );
};

/**
 * `GET /sitemap.xml` (an index of `/sitemaps/{n}.xml` past 50,000 URLs) and `GET /robots.txt`, at the
 * site's root where crawlers look for them, outside /api. Their addresses are absolute, from PUBLIC_URL.
 */
export const siteFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const maps = sitemaps(app.pg, app.config.publicUrl);
  const robots = robotsTxt(app.config.publicUrl);
  // Crawlers come back often; an hour old is recent enough, and saves reading every car each time.
  const xml = (reply: FastifyReply, body: string) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => xml(reply, await maps.root()));
  app.get('/sitemaps/:file', { schema: { hide: true } }, async (req, reply) => {
    const number = /^([1-9][0-9]{0,5})\.xml$/.exec((req.params as { file: string }).file)?.[1];
    const body = number === undefined ? null : await maps.numbered(Number(number));
    if (body === null) throw new AppError('NOT_FOUND', 'There is no such sitemap file.');
    return xml(reply, body);
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
};
