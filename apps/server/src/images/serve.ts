import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../errors.ts';
import type { ImageStorage } from './storage.ts';
import { UPLOADS_PREFIX } from './store.ts';

/** Only names the server makes (`<key>-<width>.webp`) are looked up in storage. */
const fileName = /^[A-Za-z0-9_-]{16,64}-\d+\.webp$/;

/**
 * Serves stored pictures at `/uploads/<name>` from whichever storage holds them, so their URLs stay
 * same-origin (the Content-Security-Policy allows them) whether they live on disk or in a bucket.
 */
export const servedImages =
  (storage: ImageStorage): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${UPLOADS_PREFIX}:name`,
      { schema: { hide: true, params: z.object({ name: z.string() }) } },
      async (req, reply) => {
        const { name } = req.params;
        const object = fileName.test(name) ? await storage.get(name) : undefined;
        if (!object) return reply.status(404).send(errorBody(404, `No such picture: ${UPLOADS_PREFIX}${name}`));
        if (object.size !== undefined) reply.header('content-length', object.size);
        return reply
          .type('image/webp')
          // A stored picture never changes under its name.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(object.body);
      },
    );
  };
