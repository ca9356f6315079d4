import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A path segment holding an e-mail address, plain or %-encoded (`/api/users/admin/<email>`). */
const emailSegment = /[^/]*(?:@|%40)[^/]*/gi;

/** A request's path as logs show it: no query string (e-mails, OAuth codes and states), e-mails in the path masked. */
export function loggedPath(url: string): string {
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  // Most paths hold no e-mail: they skip the pattern's backtracking over every segment.
  return path.includes('@') || path.includes('%') ? path.replace(emailSegment, '<email>') : path;
}

/** Every request's id: a line of the log and an answer (its `x-request-id` header) find each other by it. */
export const newRequestId = () => randomUUID();

/**
 * One line per request, written when its answer has gone: the method, the route and path, the
 * status and the time, under the request's `reqId` like every other line the request writes.
 * Fastify's own pair of lines ("incoming request", "request completed") is turned off: two lines a
 * request, with the whole request serialized, cost more than answering a cached page. The path is
 * loggedPath's (no query string, no e-mail); the route is the pattern it matched.
 */
export function logEachRequest(app: FastifyInstance): void {
  // Callback hooks: they run on every request, and a promise per request shows in the bench.
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header('x-request-id', req.id);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      { method: req.method, route: req.routeOptions.url, path: loggedPath(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
}

/** The error log's request, if a line is given one: the same fields as the request's line. */
export const logSerializers = {
  req: (req: FastifyRequest) => ({ method: req.method, path: loggedPath(req.url) }),
};
