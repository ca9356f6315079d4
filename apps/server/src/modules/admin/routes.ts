import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UpdateResult } from '@second-gear/contract';
import { z } from 'zod';
import {
  categoryBody,
  categoryChanges,
  deleteReportedBody,
  deleteResult,
  idParam,
  insertResult,
  managedCategory,
  reportBody,
  reportedItem,
  sellerEvidence,
  updateResult,
  userIdParam,
  userSummary,
  verificationNoteBody,
  verifySellerQuery,
} from '@second-gear/contract';
import { actorOf, requireRole } from '../../auth/guards.ts';
import { RateLimits } from '../../auth/rate-limits.ts';
import { refusal } from '../../http/openapi.ts';
import { catalogPlaceOf, forgetCatalogReads } from '../catalog/cached-reads.ts';
import { addCategory, deleteCategory, listManagedCategories, updateCategory } from './categories.ts';
import { deleteReportedProduct, deleteUser, dismissReports, listReported, listUsers, REPORTS_PER_HOUR, reportProduct, verifySeller } from './service.ts';
import { sellerEvidence as evidenceOf, setVerification } from './verification.ts';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('admin');
  const limits = new RateLimits(app.pg);

  app.get(
    '/users/allseller',
    { onRequest: admin, schema: { tags: ['admin'], summary: 'All sellers', response: { 200: z.array(userSummary) } } },
    async () => listUsers(app.pg, 'seller'),
  );

  app.get(
    '/users/allbuyer',
    { onRequest: admin, schema: { tags: ['admin'], summary: 'All buyers', response: { 200: z.array(userSummary) } } },
    async () => listUsers(app.pg, 'buyer'),
  );

  app.put(
    '/seller/verify',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Make Verified',
        querystring: verifySellerQuery,
        response: { 200: updateResult, 404: refusal('There is no seller with this id and email.') },
      },
    },
    async (req) => verificationChanged(req.query.id, await verifySeller(app.pg, actorOf(req), req.query.id, req.query.email)),
  );

  /** After a seller's badge came or went: their own next request sees it, and so do their cars. */
  const verificationChanged = (sellerId: string, result: UpdateResult) => {
    // Without waiting for the database's notice.
    app.sessions.dropUser(sellerId);
    if (result.modifiedCount) app.catalogReads.clear();
    return result;
  };
  const noSuchSeller = refusal('There is no seller with this id.');

  app.get(
    '/admin/sellers/:id/evidence',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'What to look at before verifying a seller: account, cars with their listing checks, reports, flagged messages, bookings and past decisions',
        params: userIdParam,
        response: { 200: sellerEvidence, 404: noSuchSeller },
      },
    },
    async (req) => evidenceOf(app.pg, req.params.id),
  );

  // Verifying (PUT) and removing the verification (DELETE): the same note, record and notice.
  for (const [method, verified, summary] of [
    ['PUT', true, 'Verify a seller with a note on the evidence (recorded; the seller is told)'],
    ['DELETE', false, 'Remove a seller’s verification with a note (recorded; the seller is told)'],
  ] as const) {
    app.route({
      method,
      url: '/admin/sellers/:id/verification',
      onRequest: admin,
      schema: { tags: ['admin'], summary, params: userIdParam, body: verificationNoteBody, response: { 200: updateResult, 404: noSuchSeller } },
      handler: async (req) => verificationChanged(req.params.id, await setVerification(app.pg, actorOf(req), req.params.id, verified, req.body.note)),
    });
  }

  app.delete(
    '/users/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a buyer or seller',
        params: userIdParam,
        response: { 200: deleteResult, 409: refusal('Money is held between the person and someone else, or released to them and not yet paid out.') },
      },
    },
    async (req) => {
      const result = await deleteUser(app.pg, actorOf(req), req.params.id);
      // Refused at once in this process; other processes hear it from the database (auth-changes.ts).
      app.sessions.dropUser(req.params.id);
      // A seller's unsold cars went with them.
      if (result.deletedCount) app.catalogReads.clear();
      return result;
    },
  );

  app.post(
    '/reports',
    {
      onRequest: requireRole('buyer'),
      schema: {
        tags: ['reports'],
        summary: 'Report a listing on the market (once per buyer and car)',
        body: reportBody,
        response: {
          200: insertResult,
          404: refusal('The car is no longer listed (withdrawn or deleted), or there is no such car.'),
          409: refusal('The caller has reported this car already, or the car was sold or is reserved for a buyer (who reports a problem on the order).'),
          429: refusal(`Over the buyer’s limit of reports (${REPORTS_PER_HOUR.max} an hour); \`Retry-After\` says when to try again.`),
        },
      },
    },
    async (req) => reportProduct(app.pg, limits, actorOf(req), req.body),
  );

  app.get(
    '/reports',
    { onRequest: admin, schema: { tags: ['reports'], summary: 'Reported Items', response: { 200: z.array(reportedItem) } } },
    async () => listReported(app.pg),
  );

  app.delete(
    '/reports/:id',
    { onRequest: admin, schema: { tags: ['reports'], summary: "Dismiss the reports of a car and the listing checks' flags on it", params: idParam, response: { 200: deleteResult } } },
    async (req) => dismissReports(app.pg, req.params.id),
  );

  app.delete(
    '/reported-products/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['reports'],
        summary: 'Delete a reported car; the seller is told, with the reason when one is given',
        params: idParam,
        body: deleteReportedBody,
        response: { 200: deleteResult, 409: refusal('The car is sold; sold cars stay on record.') },
      },
    },
    async (req) => {
      const place = await catalogPlaceOf(app.pg, req.params.id);
      const result = await deleteReportedProduct(app.pg, req.params.id, req.body?.reason || undefined);
      if (result.deletedCount) forgetCatalogReads(app, place);
      return result;
    },
  );

  // Brand categories. Every write drops the catalog's cached reads (its cars carry the category's name).
  const nameTaken = refusal('A category of that name exists already.');
  const noSuchCategory = refusal('There is no such category.');

  app.get(
    '/admin/categories',
    {
      onRequest: admin,
      schema: { tags: ['categories'], summary: 'Categories with their number of cars', response: { 200: z.array(managedCategory) } },
    },
    async () => listManagedCategories(app.pg),
  );

  app.post(
    '/categories',
    {
      onRequest: admin,
      schema: {
        tags: ['categories'],
        summary: 'Add a brand category (the picture must be one this admin uploaded)',
        body: categoryBody,
        response: { 200: insertResult, 409: nameTaken },
      },
    },
    async (req) => {
      const result = await addCategory(app.pg, actorOf(req), req.body);
      app.catalogReads.clear();
      return result;
    },
  );

  app.put(
    '/categories/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['categories'],
        summary: 'Change a category’s name, details or picture',
        params: idParam,
        body: categoryChanges,
        response: { 200: updateResult, 404: noSuchCategory, 409: nameTaken },
      },
    },
    async (req) => {
      const result = await updateCategory(app.pg, actorOf(req), req.params.id, req.body);
      app.catalogReads.clear();
      return result;
    },
  );

  app.delete(
    '/categories/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['categories'],
        summary: 'Delete a category no car uses (409 while any car, sold ones too, is in it)',
        params: idParam,
        response: { 200: deleteResult, 404: noSuchCategory, 409: refusal('Cars are listed in this category.') },
      },
    },
    async (req) => {
      const result = await deleteCategory(app.pg, req.params.id);
      app.catalogReads.clear();
      return result;
    },
  );
};
