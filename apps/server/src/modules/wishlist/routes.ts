import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteResult, idParam, ownEmailQuery, updateResult, wishlistItem, wishlistQuery } from '@second-gear/contract';
import { refusal } from '../../http/openapi.ts';
import { actorOf, requireRole } from '../../auth/guards.ts';
import { addToWishlist, getWishlistItem, listWishlist, removeFromWishlist } from './service.ts';

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/wishlists',
    {
      onRequest: requireRole('buyer'),
      schema: {
        tags: ['wishlist'],
        summary: 'Add a car to the buyer’s wishlist',
        querystring: wishlistQuery,
        response: { 200: updateResult, 404: refusal('The car is no longer listed.'), 409: refusal('The car is sold.') },
      },
    },
    async (req) => addToWishlist(app.pg, actorOf(req), req.query.id, req.query.email),
  );

  app.get(
    '/wishlist-products',
    {
      onRequest: requireRole('buyer'),
      schema: { tags: ['wishlist'], summary: 'The buyer’s wishlist, newest first', querystring: ownEmailQuery, response: { 200: z.array(wishlistItem) } },
    },
    async (req) => listWishlist(app.pg, actorOf(req), req.query.email),
  );

  app.get(
    '/wishlist/:id',
    {
      onRequest: requireRole('buyer'),
      schema: { tags: ['wishlist'], summary: 'One car of the buyer’s wishlist, by the car’s id', params: idParam, response: { 200: wishlistItem } },
    },
    async (req) => getWishlistItem(app.pg, actorOf(req), req.params.id),
  );

  app.delete(
    '/wishlists/:id',
    {
      onRequest: requireRole('buyer'),
      schema: {
        tags: ['wishlist'],
        summary: 'Take a car off the buyer’s wishlist',
        params: idParam,
        response: { 200: deleteResult, 409: refusal('The caller paid for this car; it stays on the wishlist as the record.') },
      },
    },
    async (req) => removeFromWishlist(app.pg, actorOf(req), req.params.id),
  );
};
