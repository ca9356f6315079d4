import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addProductBody,
  addProductCategory,
  carPage as carPageAnswer,
  category,
  categoryPage as categoryPageAnswer,
  categoryPageQuery,
  deleteResult,
  editProductBody,
  emailParam,
  idParam,
  insertResult,
  product,
  serverSetProductFields,
  similarCars as similarCarsAnswer,
  updateResult,
} from '@second-gear/contract';
import { advertisedKey, cachedCategoryPage, catalogPlaceOf, forgetCatalogReads } from './cached-reads.ts';
import { carPage } from './car-page.ts';
import { similarCars } from './similar-cars.ts';
import { PRICE_CHANGES_PER_DAY, addProduct, deleteProduct, editProduct, withdrawProduct } from './listings.ts';
import { actorOf, loadActor, requireRole, requireUser } from '../../auth/guards.ts';
import { RateLimits } from '../../auth/rate-limits.ts';
import { AppError } from '../../errors.ts';
import { jsonArray, jsonBytes, jsonText, sendJson } from '../../http/json-bytes.ts';
import { refusal } from '../../http/openapi.ts';
import { registerPictureUpload } from './picture-upload.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import {
  addProductCategories,
  advertise,
  listAdvertised,
  listCategories,
  sellerProducts,
} from './service.ts';
import { parseProduct, withoutSellerContact } from '../cars/product.ts';

/** Name the forged field plainly instead of the generic "unrecognized key". */
async function refuseServerSetFields(req: FastifyRequest) {
  const body = req.body as Record<string, unknown> | null;
  const forged = serverSetProductFields.find((f) => body && typeof body === 'object' && f in body);
  if (forged) throw new AppError('BAD_REQUEST', `${forged} is set by the server and cannot be sent.`);
}

/** The catalog: brands, cars, a seller's listings. Editing asks `payments` whether a buyer is paying right now. */
export const catalogRoutes = (payments: PaymentProvider): FastifyPluginAsyncZod => async (app) => {
  const limits = new RateLimits(app.pg);

  app.get(
    '/categories',
    { schema: { tags: ['catalog'], summary: 'Brand categories for the home page', response: { 200: z.array(category) } } },
    async () => listCategories(app.pg),
  );

  app.get(
    '/addProductCategories',
    { schema: { tags: ['catalog'], summary: 'Category names for the Add A Product form', response: { 200: z.array(addProductCategory) } } },
    async () => addProductCategories(app.pg),
  );

  app.get(
    '/advertisement/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Advertised cars that are not sold, newest first',
        description: 'The seller’s `email` and `mobile` are sent to signed-in callers only; anonymous callers get them empty.',
        response: { 200: z.array(product) },
      },
    },
    async (req, reply) => {
      const signedIn = (await loadActor(req)) !== null;
      // Two answers, cached apart; the answer depends on the cookie, so no shared cache may mix them.
      const json = await app.catalogReads.get(advertisedKey(signedIn), async () => {
        const cars = await listAdvertised(app.pg);
        if (signedIn) return jsonText(app, z.array(product), jsonArray(cars));
        return jsonBytes(app, z.array(product), cars.map((car) => withoutSellerContact(parseProduct(car))));
      });
      return sendJson(reply.header('vary', 'cookie'), json);
    },
  );

  app.get(
    '/category/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['catalog'],
        summary: 'One page of a category’s unsold cars, newest first',
        params: idParam,
        querystring: categoryPageQuery,
        response: { 200: categoryPageAnswer },
      },
    },
    async (req, reply) => {
      return sendJson(reply, await cachedCategoryPage(app, req.params.id, req.query));
    },
  );

  // Sellers upload car pictures; admins upload the pictures of brand categories.
  await registerPictureUpload(app, '/images', {
    onRequest: requireRole('seller', 'admin'),
    tags: ['catalog'],
    summary: 'Upload a car or category picture (multipart field "image")',
  });

  app.post(
    '/addProducts',
    {
      onRequest: requireRole('seller'),
      preValidation: refuseServerSetFields,
      schema: {
        tags: ['catalog'],
        summary: 'List a car for sale',
        description: 'The specification’s fields, and optionally the car’s details and up to 19 more photos after the cover.',
        body: addProductBody,
        response: { 200: insertResult, 409: refusal('The VIN is already on another car for sale.') },
      },
    },
    async (req) => {
      const result = await addProduct(app.pg, actorOf(req), req.body);
      forgetCatalogReads(app, { categoryId: req.body.categoryId, advertised: false });
      return result;
    },
  );

  app.get(
    '/products',
    {
      onRequest: requireRole('seller'),
      schema: { tags: ['catalog'], summary: 'The seller’s own cars', querystring: emailParam, response: { 200: z.array(product) } },
    },
    async (req) => sellerProducts(app.pg, actorOf(req), req.query.email),
  );

  app.put(
    '/product/:id',
    {
      onRequest: requireRole('seller'),
      schema: {
        tags: ['catalog'],
        summary: 'Make Advertise: show the car on the home page',
        params: idParam,
        response: { 200: updateResult, 409: refusal('The car is sold.') },
      },
    },
    async (req) => {
      const result = await advertise(app.pg, actorOf(req), req.params.id);
      if (result.modifiedCount) forgetCatalogReads(app, await catalogPlaceOf(app.pg, req.params.id));
      return result;
    },
  );

  app.delete(
    '/products/:id',
    {
      onRequest: requireRole('seller'),
      schema: {
        tags: ['catalog'],
        summary: 'Delete an unsold car of the seller',
        params: idParam,
        response: { 200: deleteResult, 409: refusal('The car is sold; sold cars stay on record.') },
      },
    },
    async (req) => {
      const place = await catalogPlaceOf(app.pg, req.params.id);
      const result = await deleteProduct(app.pg, actorOf(req), req.params.id);
      if (result.deletedCount) forgetCatalogReads(app, place);
      return result;
    },
  );

  app.get(
    '/cars/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A car’s page: the car, its photos, its seller, its price history',
        description:
          'Every car on the market is public: anonymous callers get it without the seller’s `email` and `mobile` and with the VIN’s serial hidden. A sold car stays on record for signed-in callers. A withdrawn car is its seller’s only.',
        params: idParam,
        response: {
          200: carPageAnswer,
          404: refusal('Not one this caller may see, in words a page can show: `This car was sold.`, `This car is no longer listed.` or `There is no such car.`'),
        },
      },
    },
    async (req, reply) => {
      const viewer = await loadActor(req);
      // The answer depends on the cookie, so no shared cache may hand one person's answer to another.
      reply.header('vary', 'cookie');
      const page = await carPage(app.pg, viewer, req.params.id);
      // In memory only: the views are written in batches (modules/performance, decision 045).
      app.carViews?.count(req, viewer, { productId: req.params.id, sellerId: page.product.sellerId });
      return page;
    },
  );

  app.get(
    '/cars/:id/similar',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Up to six cars on the market like this one, and whether this one has left the market',
        description:
          'The same make and model first, then the same make, nearest in price. `left` says how the car left the market (`sold`, `withdrawn`, `deleted`), or is null while it is on it; a deleted car is remembered two years. Public: anonymous callers get the cars without the sellers’ `email` and `mobile` and with the VINs’ serials hidden.',
        params: idParam,
        response: { 200: similarCarsAnswer, 404: refusal('No car was ever listed with this id.') },
      },
    },
    async (req, reply) => {
      const viewer = await loadActor(req);
      reply.header('vary', 'cookie');
      return similarCars(app.pg, viewer, req.params.id);
    },
  );

  app.put(
    '/products/:id',
    {
      onRequest: requireRole('seller'),
      preValidation: refuseServerSetFields,
      schema: {
        tags: ['catalog'],
        summary: 'Edit one of the seller’s cars (every field, as Add A Product sends it)',
        description: 'A change of the resale price is recorded in the car’s price history.',
        params: idParam,
        body: editProductBody,
        response: {
          200: updateResult,
          409: refusal('The car is sold, a buyer is paying for it right now, or the VIN is on another car for sale.'),
          429: refusal(`Over the seller’s limit of price changes (${PRICE_CHANGES_PER_DAY.max} a day for one car); \`Retry-After\` says when to try again.`),
        },
      },
    },
    async (req) => {
      const before = await catalogPlaceOf(app.pg, req.params.id);
      const result = await editProduct(app.pg, payments, limits, actorOf(req), req.params.id, req.body);
      // Its old category's pages and its new one's (a car may move to another make).
      forgetCatalogReads(app, before, before && { ...before, categoryId: req.body.categoryId });
      return result;
    },
  );

  app.post(
    '/products/:id/withdraw',
    {
      onRequest: requireRole('seller'),
      schema: {
        tags: ['catalog'],
        summary: 'Take one of the seller’s unsold cars off the market (sold elsewhere, or no longer for sale)',
        params: idParam,
        response: { 200: updateResult, 409: refusal('The car is sold, or a buyer is paying for it right now.') },
      },
    },
    async (req) => {
      const place = await catalogPlaceOf(app.pg, req.params.id);
      const result = await withdrawProduct(app.pg, payments, actorOf(req), req.params.id);
      if (result.modifiedCount) forgetCatalogReads(app, place);
      return result;
    },
  );
};
