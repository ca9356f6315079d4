import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationSummary,
  flaggedMessage,
  idParam,
  message,
  messagesQuery,
  newConversationBody,
  openedConversation,
  sendMessageBody,
  unreadCount,
} from '@second-gear/contract';
import { refusal } from '../../http/openapi.ts';
import { actorOf, requireRole, requireUser } from '../../auth/guards.ts';
import { RateLimits } from '../../auth/rate-limits.ts';
import { listConversations, listFlaggedMessages, listMessages, markRead, openConversation, sendMessage, unreadCount as countUnread } from './service.ts';

const tooFast = refusal('Over the sender’s limit (20 messages a minute, 5 new conversations an hour); `Retry-After` says when to try again.');

const UNCONFIRMED = 'Refused (403) until the caller has confirmed their email address.';

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = new RateLimits(app.pg);

  app.post(
    '/conversations',
    {
      onRequest: requireRole('buyer'),
      schema: {
        tags: ['messages'],
        summary: 'Message the seller of a car: opens the buyer’s conversation about it, or adds to it',
        description: UNCONFIRMED,
        body: newConversationBody,
        response: {
          200: openedConversation,
          400: refusal('The request is not valid, or the car is the caller’s own.'),
          404: refusal('The car is no longer listed.'),
          409: refusal('The car is reserved for another buyer or already sold, or its seller deleted their account.'),
          429: tooFast,
        },
      },
    },
    async (req) => openConversation(app.pg, limits, actorOf(req), req.body.productId, req.body.text),
  );

  app.get(
    '/conversations',
    {
      onRequest: requireUser,
      schema: { tags: ['messages'], summary: 'The caller’s conversations, as buyer and as seller, latest activity first', response: { 200: z.array(conversationSummary) } },
    },
    async (req) => listConversations(app.pg, actorOf(req)),
  );

  app.get(
    '/conversations/unread',
    {
      onRequest: requireUser,
      schema: { tags: ['messages'], summary: 'How many messages to the caller are unread', response: { 200: unreadCount } },
    },
    async (req) => ({ count: await countUnread(app.pg, actorOf(req)) }),
  );

  app.get(
    '/conversations/:id/messages',
    {
      onRequest: requireUser,
      schema: {
        tags: ['messages'],
        summary: 'A conversation’s messages, oldest first: its latest page, or those after `after`',
        params: idParam,
        querystring: messagesQuery,
        response: { 200: z.array(message) },
      },
    },
    async (req) => listMessages(app.pg, actorOf(req), req.params.id, req.query.after),
  );

  app.post(
    '/conversations/:id/messages',
    {
      onRequest: requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Send a message in a conversation (either party)',
        description: UNCONFIRMED,
        params: idParam,
        body: sendMessageBody,
        response: { 200: message, 409: refusal('The other party deleted their account.'), 429: tooFast },
      },
    },
    async (req) => sendMessage(app.pg, limits, actorOf(req), req.params.id, req.body.text),
  );

  app.post(
    '/conversations/:id/read',
    {
      onRequest: requireUser,
      schema: { tags: ['messages'], summary: 'Mark the conversation read so far; answers the caller’s unread count left', params: idParam, response: { 200: unreadCount } },
    },
    async (req) => ({ count: await markRead(app.pg, actorOf(req), req.params.id) }),
  );

  app.get(
    '/admin/flagged-messages',
    {
      onRequest: requireRole('admin'),
      schema: { tags: ['admin'], summary: 'Messages carrying scam signals, newest first (the Reported Items queue)', response: { 200: z.array(flaggedMessage) } },
    },
    async () => listFlaggedMessages(app.pg),
  );
};
