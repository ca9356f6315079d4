import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { liveHeaders } from '@second-gear/contract';
import { refusal } from '../../http/openapi.ts';
import { actorOf, requireUser } from '../../auth/guards.ts';
import { cookieValue } from '../../auth/session-cache.ts';
import { AppError } from '../../errors.ts';
import type { HttpTimeouts } from '../../http/timeouts.ts';
import { LiveHub, type LiveHubOptions } from './hub.ts';

/** Under the common proxies' idle limits (60 s and more). */
export const HEARTBEAT_MS = 25_000;

/** The heartbeat's interval: at most half the server's idle timeout, so a quiet stream is never taken for an idle socket. */
export function heartbeatWithin(timeouts: HttpTimeouts): number {
  return Math.min(HEARTBEAT_MS, Math.floor(timeouts.idleMs / 2));
}

/**
 * `GET /api/live`: the signed-in person's server-sent events (hub.ts says what is sent). The answer is
 * written straight to the socket (`reply.hijack()`), as text/event-stream: no compression (this
 * server compresses nothing it answers; only the web build's files are stored compressed) and no
 * proxy buffering (`x-accel-buffering: no`). The 120 s request timeout does not cut it: Node applies
 * it to receiving the request, which a GET finishes at once; the heartbeat keeps the 60 s idle
 * timeout from closing a quiet stream. Every stream is ended when the app closes, before the
 * server waits for its connections, so that `app.close()` does not wait on browsers.
 */
export function liveRoutes(options: LiveHubOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const hub = new LiveHub(app.pg, app.log, options);
    // A signed-out or deleted person's streams end at once (the browser's reconnection is then refused).
    app.authChanges?.onChange((userId) => hub.endUser(userId));
    app.addHook('preClose', async () => hub.stop());
    await hub.ready;

    app.get(
      '/live',
      {
        onRequest: requireUser,
        schema: {
          tags: ['messages'],
          summary: 'Live updates for the signed-in person: server-sent events `message`, `notification` and `booking`',
          description:
            'A `text/event-stream` (EventSource). `message` events carry the message, with its id as the event id; on reconnection the browser sends `Last-Event-ID` and first receives every message it missed. `notification` and `booking` say that something changed.',
          headers: liveHeaders,
          response: {
            200: z.string().describe('text/event-stream'),
            406: refusal('The request does not accept `text/event-stream` (it is not an EventSource).'),
            503: refusal('This server holds as many live streams as it may (`LIVE_STREAMS_PER_PROCESS`); `Retry-After` says when to try again.'),
          },
        },
      },
      async (req, reply) => {
        if (!req.headers.accept?.includes('text/event-stream')) {
          throw new AppError('NOT_ACCEPTABLE', 'This address answers a stream of server-sent events; open it with EventSource (Accept: text/event-stream).');
        }
        const user = actorOf(req);
        const lastId = req.headers['last-event-id'];
        const res = reply.raw;
        // requireUser let the request in, so it carries the session cookie.
        const session = cookieValue(req.headers.cookie, app.sessionCookieName)!;
        const close = hub.open(user.id, session, typeof lastId === 'string' && lastId !== '' ? Number(lastId) : null, () => {
          reply.hijack();
          res.writeHead(200, {
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-cache',
            'x-accel-buffering': 'no',
            'x-content-type-options': 'nosniff',
            connection: 'keep-alive',
          });
          res.flushHeaders();
          return {
            write: (chunk) => void res.write(chunk),
            get buffered() {
              return res.writableLength;
            },
            end: () => res.end(),
          };
        });
        // Before anything is read for the stream: a catch-up stops once its client is gone.
        res.on('close', close);
        if (res.destroyed) close();
      },
    );
  };
}

