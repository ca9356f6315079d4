import type { FastifyRequest } from 'fastify';

/** A path segment holding an e-mail address, plain or %-encoded (`/api/users/admin/<email>`). */
const emailSegment = /[^/]*(?:@|%40)[^/]*/gi;

/** A request's path as logs show it: no query string (e-mails, OAuth codes and states), e-mails in the path masked. */
export function loggedPath(url: string): string {
  const end = url.indexOf('?');
  return (end === -1 ? url : url.slice(0, end)).replace(emailSegment, '<email>');
}

/**
 * Fastify's request serializer (its "incoming request" lines) with loggedPath for the address. The
 * other lines of a request (completion, errors) name it by its `reqId` only.
 */
export const logSerializers = {
  req: (req: FastifyRequest) => ({ method: req.method, url: loggedPath(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }),
};
