import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, errorBody } from '../errors.ts';
import { GOOGLE_PROVIDER_ID } from './google.ts';
import { googleDonePage, googleDoneScript } from './google-done.ts';
import { refuseNonCanonicalTarget } from './canonical-target.ts';
import { CLIENT_ADDRESS_HEADER, withClientAddress } from './client-address.ts';

const socialBody = z.object({ provider: z.string() }).loose();

/**
 * Mounts better-auth's handler under /api/auth. Requests are handed over as web Requests, with
 * their client address for the limits better-auth's hooks apply (auth-limits.ts); its answers come
 * back with every Set-Cookie header intact. A target not in canonical form is refused first.
 */
export async function authRoutes(app: FastifyInstance) {
  app.addHook('onRequest', refuseNonCanonicalTarget);
  const googleReady = (app.auth.options.plugins ?? []).some((plugin) => plugin.id === 'generic-oauth');

  // Where the Google sign-in ends, in the popup or in the page itself (see google-done.ts).
  app.get('/api/auth/google/done', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(googleDonePage),
  );
  app.get('/api/auth/google/done.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(googleDoneScript),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(req, reply) {
      // One URL, decided on and handed over: what is checked here is what better-auth routes.
      const url = new URL(req.url, app.config.publicUrl);
      if (req.method === 'POST' && url.pathname === '/api/auth/sign-in/social') {
        const provider = socialBody.safeParse(req.body).data?.provider;
        if (provider !== GOOGLE_PROVIDER_ID) return reply.status(400).send(errorBody(400, 'Only Google sign-in is offered'));
        if (!googleReady) return reply.status(503).send(errorBody(503, 'Google sign-in is not available on this server'));
      }
      const res = await withClientAddress(req.ip, () => app.auth.handler(toWebRequest(req, url)));
      reply.status(res.status);
      // better-auth refuses with `{ code, message }`, or with no body at all (an unknown path's 404):
      // both answered in the contract's shape (its code kept).
      const refusal = res.status >= 400;
      res.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && !(refusal && (name === 'content-length' || name === 'content-type'))) reply.header(name, value);
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      if (refusal) {
        const otherwise = res.status === 404 ? `No such route: ${req.method} ${url.pathname}` : 'The request could not be completed.';
        return reply.send(contractError(res.status, await res.text(), otherwise));
      }
      return reply.send(res.body ? Buffer.from(await res.arrayBuffer()) : null);
    },
  });
}

function contractError(status: number, text: string, otherwise: string) {
  let found: { code?: unknown; message?: unknown } = {};
  try {
    found = (JSON.parse(text) as typeof found | null) ?? {};
  } catch {
    // not JSON after all: the generic message below
  }
  const message = typeof found.message === 'string' && found.message ? found.message : otherwise;
  return { ...errorBody(status, message), ...(typeof found.code === 'string' ? { code: found.code } : {}) };
}

function toWebRequest(req: FastifyRequest, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  headers.set(CLIENT_ADDRESS_HEADER, req.ip);
  let body: BodyInit | undefined;
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined) {
    if (typeof req.body === 'string' || Buffer.isBuffer(req.body)) body = req.body as string;
    else {
      try {
        body = JSON.stringify(req.body);
      } catch {
        // A body nested thousands deep parses, but overflows the stack when written out again.
        throw new AppError('BAD_REQUEST', 'The request body is nested too deeply.');
      }
      headers.set('content-type', 'application/json');
    }
    headers.delete('content-length');
  }
  return new Request(url, { method: req.method, headers, body });
}
