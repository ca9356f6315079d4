import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { dataExport, deleteAccountAnswer, deleteAccountBody, idParam } from '@second-gear/contract';
import { actorOf, requireRole, requireUser } from '../../auth/guards.ts';
import { RateLimits } from '../../auth/rate-limits.ts';
import { AppError } from '../../errors.ts';
import { refusal } from '../../http/openapi.ts';
import { dataExportFile, EXPORT_HOURS, EXPORTS_PER_DAY, listDataExports, requestDataExport } from './data-exports.ts';
import { deleteOwnAccount, FRESH_SIGN_IN_MINUTES } from './leaving.ts';

/** Leaving and taking one's data: `DELETE /api/account` and "Download my data" (the caller's own only). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = new RateLimits(app.pg);
  const authContext = await app.auth.$context;

  app.delete(
    '/account',
    {
      // An admin account is ended by the operator (npm run admin -- demote), never from the browser.
      onRequest: requireRole('buyer', 'seller'),
      schema: {
        tags: ['account'],
        summary: 'Delete the caller’s own account',
        description: `Confirmed with the account's password, or, for an account that signs in with Google only, by a Google sign-in within the last ${FRESH_SIGN_IN_MINUTES} minutes. Every session ends; the answer also expires the session cookie.`,
        body: deleteAccountBody.nullish(),
        response: {
          200: deleteAccountAnswer,
          400: refusal('No password, or a wrong one, for an account that has a password.'),
          403: refusal('A Google sign-in too old to confirm with.'),
          409: refusal('Money is held between the caller and someone else, or released to them and not yet paid out.'),
          429: refusal('Five wrong passwords within 15 minutes.'),
        },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const found = await app.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
      if (!found) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
      await deleteOwnAccount(
        { pool: app.pg, limits, checkPassword: (hash, password) => authContext.password.verify({ hash, password }) },
        actor,
        { password: req.body?.password, signedInAt: new Date(found.session.createdAt) },
      );
      // Refused at once in this process; other processes hear it from the database (auth-changes.ts).
      app.sessions.dropUser(actor.id);
      // Their unsold cars went with them.
      app.catalogReads.clear();
      const { name, attributes } = authContext.authCookies.sessionToken;
      reply.header('set-cookie', `${name}=; Max-Age=0; Path=${attributes.path ?? '/'}; HttpOnly; SameSite=Lax${attributes.secure ? '; Secure' : ''}`);
      return { deleted: true as const };
    },
  );

  app.post(
    '/account/exports',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Ask for a file of everything stored about the caller',
        description: `Prepared by a job; listed by GET /api/account/exports and, at a confirmed address, announced by email. Downloadable for ${EXPORT_HOURS} hours. While one is being prepared, asking again answers it.`,
        body: z.object({}).strict().nullish(),
        response: { 202: dataExport, 429: refusal(`More than ${EXPORTS_PER_DAY.max} files asked for within a day.`) },
      },
    },
    async (req, reply) => reply.status(202).send(await requestDataExport(app.pg, limits, actorOf(req))),
  );

  app.get(
    '/account/exports',
    {
      onRequest: requireUser,
      schema: { tags: ['account'], summary: 'The caller’s latest files of their data, newest first', response: { 200: z.array(dataExport) } },
    },
    async (req) => listDataExports(app.pg, actorOf(req)),
  );

  app.get(
    '/account/exports/:id/file',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Download a file of the caller’s data (JSON)',
        params: idParam,
        response: { 200: z.string(), 404: refusal('No such file of the caller’s, or it expired.'), 409: refusal('The file is still being prepared.') },
      },
    },
    async (req, reply) => {
      const file = await dataExportFile(app.pg, actorOf(req), req.params.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="second-gear-data-${file.readyAt.toISOString().slice(0, 10)}.json"`)
        .type('application/json; charset=utf-8')
        .send(file.body);
    },
  );
};
