import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markReadBody, notificationList, unreadNotifications, unsubscribeBody, unsubscribeQuery, unsubscribeResult } from '@second-gear/contract';
import { actorOf, requireUser } from '../../auth/guards.ts';
import { AppError } from '../../errors.ts';
import { refusal } from '../../http/openapi.ts';
import { unsubscribeTokenUser } from '../../mail/unsubscribe-token.ts';
import { listNotifications, markRead, unsubscribe } from './service.ts';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    { onRequest: requireUser, schema: { tags: ['notifications'], summary: 'The bell: the caller’s latest 30 notifications and the unread count', response: { 200: notificationList } } },
    async (req) => listNotifications(app.pg, actorOf(req)),
  );

  app.post(
    '/notifications/read',
    {
      onRequest: requireUser,
      schema: { tags: ['notifications'], summary: 'Mark the caller’s notifications read: these ids, or all', body: markReadBody, response: { 200: unreadNotifications } },
    },
    async (req) => markRead(app.pg, actorOf(req), req.body),
  );

  // Mail providers' one-click unsubscribe (RFC 8058) posts exactly `List-Unsubscribe=One-Click` as a
  // form, the token being in the address; read here only, as no token at all.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
    if (String(body).trim() === 'List-Unsubscribe=One-Click') return done(null, {});
    done(new AppError('BAD_REQUEST', 'A form posted here must be the one-click unsubscribe: List-Unsubscribe=One-Click.'));
  });

  app.post(
    '/email/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Stop notification emails, with the token of an email’s unsubscribe link: in a JSON body, or (one-click) in the address',
        querystring: unsubscribeQuery,
        body: unsubscribeBody.optional(),
        response: { 200: unsubscribeResult, 400: refusal('The unsubscribe link is not valid.') },
      },
    },
    async (req) => {
      const token = req.body?.token ?? req.query.token;
      const userId = token ? unsubscribeTokenUser((await app.auth.$context).secret, token) : null;
      if (!userId) throw new AppError('BAD_REQUEST', 'This unsubscribe link is not valid. Use the link of a Second Gear email as it was sent.');
      await unsubscribe(app.pg, userId);
      return { unsubscribed: true as const };
    },
  );
};
