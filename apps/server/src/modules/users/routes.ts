import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailParam, insertResult, isAdminAnswer, isBuyerAnswer, isSellerAnswer, userRecordBody } from '@second-gear/contract';
import { refusal } from '../../http/openapi.ts';
import { actorOf, requireUser } from '../../auth/guards.ts';
import { confirmUserRecord, roleOf } from './service.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'Confirm the caller’s user record (kept for compatibility; sign-up creates it)',
        body: userRecordBody,
        response: { 200: insertResult },
      },
    },
    async (req) => confirmUserRecord(actorOf(req), req.body),
  );

  const lookup = {
    onRequest: requireUser,
    schema: { tags: ['users'], params: emailParam, response: { 403: refusal('Another person’s address: only an admin may ask about others.') } },
  } as const;

  app.get('/users/admin/:email', { ...lookup, schema: { ...lookup.schema, response: { ...lookup.schema.response, 200: isAdminAnswer } } }, async (req) => {
    const found = await roleOf(app.pg, actorOf(req), req.params.email);
    return { isAdmin: found?.role === 'admin' };
  });

  app.get('/users/seller/:email', { ...lookup, schema: { ...lookup.schema, response: { ...lookup.schema.response, 200: isSellerAnswer } } }, async (req) => {
    const found = await roleOf(app.pg, actorOf(req), req.params.email);
    return { isSeller: found?.role === 'seller', isVerified: found?.role === 'seller' && found.verified };
  });

  app.get('/users/buyer/:email', { ...lookup, schema: { ...lookup.schema, response: { ...lookup.schema.response, 200: isBuyerAnswer } } }, async (req) => {
    const found = await roleOf(app.pg, actorOf(req), req.params.email);
    return { isBuyer: found?.role === 'buyer' };
  });
};
