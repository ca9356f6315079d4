import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { categoryPage as categoryPageAnswer } from '@second-gear/contract';
import { categoryPage } from './service.ts';

/** A catalog answer checked against its response schema, serialised and encoded once per cache fill (read-cache.ts). */
export function jsonBytes<S extends z.ZodType>(schema: S, value: z.input<S>): Buffer {
  return Buffer.from(JSON.stringify(schema.parse(value)));
}

/**
 * One page of a category's cars as `GET /api/category/{id}` sends it, from the catalog's read cache:
 * the route and the category page's HTML hints (site/page-hints.ts) ask for the same first page, so
 * a page load queries it once and the browser's preloaded request is answered from the cache.
 */
export function cachedCategoryPage(app: FastifyInstance, id: string, { cursor, limit }: { cursor?: string | undefined; limit: number }): Promise<Buffer> {
  return app.catalogReads.get(`category ${id} ${limit} ${cursor ?? ''}`, async () =>
    jsonBytes(categoryPageAnswer, await categoryPage(app.pg, id, { cursor, limit })),
  );
}
