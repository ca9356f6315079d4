import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { category, product } from '@second-gear/contract';
import { listAdvertised, listCategories } from './service.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    { schema: { tags: ['catalog'], summary: 'Brand categories for the home page', response: { 200: z.array(category) } } },
    async () => listCategories(app.pg),
  );

  app.get(
    '/advertisement/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Advertised cars that are not sold, newest first',
        response: { 200: z.array(product) },
      },
    },
    async () => listAdvertised(app.pg),
  );
};
