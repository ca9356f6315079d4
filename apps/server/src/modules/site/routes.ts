import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteInfo } from '@second-gear/contract';

/** `GET /api/site`: public facts about this server that the web app shows on every page. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const info = { testPaymentsBanner: app.config.testPaymentsBanner };
  app.get(
    '/site',
    { schema: { tags: ['site'], summary: 'What every page shows about this server (the test-payments banner)', response: { 200: siteInfo } } },
    async () => info,
  );
};
