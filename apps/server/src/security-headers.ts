import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Sets helmet's security headers on every answer, API, pages, pictures and the test identity
 * provider's raw responses alike. Our options are the same for every request (no nonces, nothing
 * per route), so helmet runs once here and its headers are replayed; @fastify/helmet built a new
 * helmet middleware and re-serialised the Content-Security-Policy for every request, which was a
 * tenth of the server's CPU under `npm run bench` (decision 008).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    // On the raw response, as helmet itself does, so answers written without reply.send get them too.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers helmet sets for these options, in its order. */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.push([name, String(value)]),
    // Helmet removes X-Powered-By, which nothing here sets.
    removeHeader: () => {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}
