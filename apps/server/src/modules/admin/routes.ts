import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryBody,
  categoryChanges,
  deleteResult,
  idParam,
  insertResult,
  managedCategory,
  reportBody,
  reportedItem,
  updateResult,
  userIdParam,
  userSummary,
  verifySellerQuery,
} from '@second-gear/contract';
import { actorOf, requireRole } from '../../auth/guards.ts';
import { refusal } from '../../http/openapi.ts';
import { catalogPlaceOf, forgetCatalogReads } from '../catalog/cached-reads.ts';
import { addCategory, deleteCategory, listManagedCategories, updateCategory } from './categories.ts';
import { deleteReportedProduct, deleteUser, dismissReports, listReported, listUsers, reportProduct, verifySeller } from './service.ts';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('admin');

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
    async (req) => {
      const result = await verifySeller(app.pg, req.query.id, req.query.email);
      // The seller's own next request sees the badge without waiting for the database's notice.
      app.sessions.dropUser(req.query.id);
      // Their cars carry the badge.
      if (result.modifiedCount) app.catalogReads.clear();
      return result;
    },
  );

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
        summary: 'Report a listing (once per buyer and car)',
        body: reportBody,
        response: { 200: insertResult, 404: refusal('The car is no longer listed.'), 409: refusal('The caller has reported this car already.') },
      },
    },
    async (req) => reportProduct(app.pg, actorOf(req), req.body),
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
        summary: 'Delete a reported car',
        params: idParam,
        response: { 200: deleteResult, 409: refusal('The car is sold; sold cars stay on record.') },
      },
    },
    async (req) => {
      const place = await catalogPlaceOf(app.pg, req.params.id);
      const result = await deleteReportedProduct(app.pg, req.params.id);
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
