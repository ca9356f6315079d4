import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { errorBody } from '../errors.ts';

/**
 * Whether a request target is written the one way its path can be read: no dot segments (`/./`,
 * `/../`, a trailing `/.` or `/..`), no percent-encoded dot, slash or backslash, no backslash, no
 * empty segment (`//`) and no fragment. Every other spelling is one that some parser resolves
 * differently from another: the failed-sign-in limit was once bypassed by `/api/auth/x/../sign-in/email`,
 * which Fastify routed as one path and better-auth (through `new URL`) ran as another.
 * Only the path is checked; a query string may carry anything, encoded.
 */
export function isCanonicalTarget(url: string): boolean {
  if (url.includes('#')) return false;
  const path = url.split('?', 1)[0]!;
  if (path.includes('\\') || path.includes('//') || /%(2e|2f|5c)/i.test(path)) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..');
}

/** onRequest hook for routes that hand their requests to another parser (better-auth, oidc-provider). */
export function refuseNonCanonicalTarget(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  if (isCanonicalTarget(req.url)) return done();
  void reply.status(400).send(errorBody(400, 'The address is not in canonical form (dot segments, encoded dots or slashes, backslashes or empty segments).'));
}
