import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, errorBody } from '../errors.ts';
import { GOOGLE_PROVIDER_ID } from './google.ts';
import { googleDonePage, googleDoneScript } from './google-done.ts';
import { SignInLimiter } from './sign-in-limiter.ts';

const signInBody = z.object({ email: z.string() }).loose();
const socialBody = z.object({ provider: z.string() }).loose();

/**
 * Mounts better-auth's handler under /api/auth. Requests are handed over as web Requests; its
 * answers come back with every Set-Cookie header intact. Failed e-mail sign-ins are counted and
 * refused with a 429 once there are too many.
 */
export async function authRoutes(app: FastifyInstance) {
  const limiter = new SignInLimiter(app.pg);
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
      const path = req.url.split('?')[0];
      if (req.method === 'POST' && path === '/api/auth/sign-in/social') {
        const provider = socialBody.safeParse(req.body).data?.provider;
        if (provider !== GOOGLE_PROVIDER_ID) return reply.status(400).send(errorBody(400, 'Only Google sign-in is offered'));
        if (!googleReady) return reply.status(503).send(errorBody(503, 'Google sign-in is not available on this server'));
      }
      const signIn = req.method === 'POST' && path === '/api/auth/sign-in/email';
      const email = signIn ? signInBody.safeParse(req.body).data?.email : undefined;
      if (email !== undefined) {
        const minutes = await limiter.minutesBlocked(email, req.ip);
        if (minutes > 0) {
          return reply
            .status(429)
            .header('retry-after', String(minutes * 60))
            .send(errorBody(429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`));
        }
      }

      const res = await app.auth.handler(toWebRequest(req, app.config.publicUrl));

      if (email !== undefined) {
        if (res.status === 401) await limiter.recordFailure(email, req.ip);
        else if (res.ok) await limiter.clear(email, req.ip);
      }
      reply.status(res.status);
      // better-auth refuses with `{ code, message }`: answered in the contract's shape (its code kept).
      const refusal = res.status >= 400 && /^application\/json/.test(res.headers.get('content-type') ?? '');
      res.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && !(refusal && name === 'content-length')) reply.header(name, value);
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      if (refusal) return reply.send(contractError(res.status, await res.text()));
      return reply.send(res.body ? Buffer.from(await res.arrayBuffer()) : null);
    },
  });
}

function contractError(status: number, text: string) {
  let found: { code?: unknown; message?: unknown } = {};
  try {
    found = (JSON.parse(text) as typeof found | null) ?? {};
  } catch {
    // not JSON after all: the generic message below
  }
  const message = typeof found.message === 'string' && found.message ? found.message : 'The request could not be completed.';
  return { ...errorBody(status, message), ...(typeof found.code === 'string' ? { code: found.code } : {}) };
}

function toWebRequest(req: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
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
  return new Request(new URL(req.url, publicUrl), { method: req.method, headers, body });
}
