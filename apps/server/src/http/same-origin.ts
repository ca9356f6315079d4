import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors.ts';

/** Methods that change nothing (RFC 9110); a CORS preflight (OPTIONS) is answered as before. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes authenticated by a token in the request itself, never by a cookie, so a page of another
 * site gains nothing by sending them: the one-click unsubscribe (RFC 8058), which a mail provider or
 * a webmail page posts on the person's behalf with whatever Origin it has.
 */
const tokenAuthenticatedWrites = new Set(['/api/email/unsubscribe']);

/**
 * Cross-site request forgery: a write the browser sends from another site's page is refused
 * before any route sees it. SameSite=Lax cookies alone leave gaps (a multipart upload or a form
 * post needs no CORS preflight, and a sibling subdomain counts as the same site), and better-auth's
 * own Origin check covers only `/api/auth`.
 *
 * Browsers send `Origin` with every cross-origin write (`null` from sandboxed frames and some
 * redirects), and `Sec-Fetch-Site` with every request. A request with neither did not come from a
 * browser (curl, Stripe's webhook, another server) and carries no one's cookies by accident, so it
 * passes.
 *
 * One `Origin: null` is ours: our `Referrer-Policy: no-referrer` makes Chromium send it with every
 * HTML form post, such as the test identity provider's sign-in form; `Sec-Fetch-Site: same-origin`
 * tells that one apart (a sandboxed frame is `cross-site`).
 */
export function refuseCrossSiteWrites(app: FastifyInstance, trustedOrigins: readonly string[], publicUrl: string) {
  const trusted = new Set(trustedOrigins);
  const refusal = `This request came from a page of another site, so it was refused. Use Second Gear at ${publicUrl} to make changes.`;
  // A callback hook, not an async one: a promise per request shows in the bench.
  const refuseCrossSite: onRequestHookHandler = (req, _reply, done) => {
    if (safeMethods.has(req.method) || tokenAuthenticatedWrites.has(req.url.split('?')[0]!)) return done();
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const ownFormPost = origin === 'null' && site === 'same-origin';
    if ((origin !== undefined && !trusted.has(origin) && !ownFormPost) || site === 'cross-site' || site === 'same-site') {
      return done(new AppError('FORBIDDEN', refusal));
    }
    done();
  };
  // On each route that answers a write, first among its own hooks: a read (the public grid, a page)
  // skips the hook altogether. Every route registered after this call is seen.
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => safeMethods.has(method))) return;
    route.onRequest = [refuseCrossSite, ...[route.onRequest ?? []].flat()];
  });
}
