import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Pool } from 'pg';
import { z } from 'zod';
import type { Auth } from './auth/auth.ts';
import { type AuthChangesListener, listenForAuthChanges } from './auth/auth-changes.ts';
import { authRoutes } from './auth/routes.ts';
import { twoFactorRoutes } from './auth/two-factor-routes.ts';
import { cookieValue, SessionCache } from './auth/session-cache.ts';
import { testIdentityProvider } from './auth/test-identity-provider.ts';
import type { Config } from './config.ts';
import { createPaymentProvider } from './payments/create-provider.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { errorBody, refuseUnstorableText, registerErrorHandler } from './errors.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { tileImageSource } from './map-tiles.ts';
import { refuseCrossSiteWrites } from './http/same-origin.ts';
import { HTTP_TIMEOUTS, type HttpTimeouts, timeoutOptions } from './http/timeouts.ts';
import { logEachRequest, logSerializers, newRequestId } from './http/request-log.ts';
import { METRICS_PATH, registerMetrics } from './http/metrics.ts';
import { apiDocumentOptions } from './http/openapi.ts';
import { trackAllowedMethods } from './http/allowed-methods.ts';
import { loadFirstScreens } from './modules/site/first-screen.ts';
import { encodedPage } from './modules/site/page-encoding.ts';
import { pageHints } from './modules/site/page-hints.ts';
import { servedImages } from './images/serve.ts';
import type { ImageStorage } from './images/storage.ts';
import { UPLOADS_PREFIX } from './images/store.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { bookingRoutes } from './modules/bookings/routes.ts';
import { ReadCache } from './modules/catalog/read-cache.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { moneyRoutes } from './modules/money/routes.ts';
import { siteFileRoutes, siteRoutes } from './modules/site/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { heartbeatWithin, liveRoutes } from './modules/live/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { pricingRoutes } from './modules/pricing/routes.ts';
import { valuationRoutes } from './modules/valuation/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { placesRoutes } from './modules/places/routes.ts';
import { LiveCarIndex } from './modules/search/live-index.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { performanceRoutes } from './modules/performance/routes.ts';
import { CarViews, countedViews } from './modules/performance/car-views.ts';
import type { ViewCounterOptions } from './modules/performance/view-counter.ts';
import { mailboxRoutes } from './mail/mailbox-routes.ts';
import { reachableByOthers } from './loopback.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pg: Pool;
    auth: Auth;
    config: Config;
    images: ImageStorage;
    /** The advertised grid's and category pages' JSON for a moment (read-cache.ts). */
    catalogReads: ReadCache<Buffer>;
    sessions: SessionCache;
    /** better-auth's session cookie (`__Secure-` prefixed on https). */
    sessionCookieName: string;
    /** Null while SESSION_CACHE_SECONDS=0. */
    authChanges: AuthChangesListener | null;
    /** This process's copy of the cars on the market: the search's, and the saved searches' job's (main.ts). */
    liveCars: LiveCarIndex;
    /** Card payments, refunds and payouts (the provider `PAYMENTS` names, or the one a test passes); the job runner carries out money moves with it too (main.ts). */
    payments: PaymentProvider;
    /** Car pages' views, counted in memory and written in batches (modules/performance); null while VIEW_COUNTING=off. */
    carViews: CarViews | null;
  }
}

export interface AppDeps {
  config: Config;
  pool: Pool;
  auth: Auth;
  /** Where uploaded pictures live (see createImageStorage). */
  images: ImageStorage;
  /** The built web app; absent in API tests. */
  webDist?: string;
  /** Card payments; default: the provider `PAYMENTS` names (tests pass their own). */
  payments?: PaymentProvider;
  /** Default HTTP_TIMEOUTS; tests shorten them. */
  httpTimeouts?: HttpTimeouts;
  /** Where log lines go; default standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** The clock of the reviews' rules (their 14 days, their blindness) and of the views' days; default the wall clock (tests pass a fixed one). */
  clock?: () => Date;
  /** When the counted views are written besides a full batch; default every few seconds (tests pass a trigger of their own). */
  viewFlushes?: ViewCounterOptions['every'];
}

export const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

export async function buildApp({ config, pool, auth, images, webDist, payments, httpTimeouts = HTTP_TIMEOUTS, logStream, clock, viewFlushes }: AppDeps): Promise<FastifyInstance> {
  // Standard output written asynchronously: a request does not wait for its log line to be
  // written. What is still buffered is written out when the app closes.
  const stdout = logStream ? undefined : pino.destination({ dest: 1, sync: false });
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: logSerializers,
      stream: logStream ?? stdout,
    },
    // One line per request is written by logEachRequest.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: newRequestId,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...timeoutOptions(httpTimeouts),
    // Requests still open when shutdown begins get this long to finish.
    forceCloseConnections: 'idle',
    // The router's own refusals (a malformed %-escape, a path segment over 100 characters) in the
    // contract's shape, without echoing the address back (it may be 100 KB long).
    frameworkErrors: (err, _req, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = tooLong ? 414 : 400;
      void (reply as FastifyReply).status(status).send(errorBody(status, tooLong ? 'A part of the address is too long.' : 'The address is not valid (a malformed %-escape?).'));
    },
  }).withTypeProvider<ZodTypeProvider>();

  const allowedMethods = trackAllowedMethods(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('pg', pool);
  app.decorate('auth', auth);
  app.decorate('config', config);
  app.decorate('images', images);
  app.decorate('liveCars', new LiveCarIndex(pool));
  // Cleared by the writes that change what the catalog shows (a new, advertised or deleted car, a
  // sale, a seller verified or deleted), before their answer leaves, so the writer's next read is fresh.
  app.decorate('catalogReads', new ReadCache<Buffer>(config.catalogCacheMs));
  // Written out by the close hook, before main.ts ends the pool.
  app.decorate('carViews', config.viewCounting ? countedViews(pool, app.log, clock, viewFlushes) : null);
  app.addHook('onClose', async () => app.carViews?.close());
  const paymentProvider = payments ?? createPaymentProvider(config, pool);
  app.decorate('payments', paymentProvider);
  await cacheSessions(app, config, pool, auth);
  app.decorateRequest('actor', null);
  logEachRequest(app);
  // Off unless configured: no route, and nothing measured.
  if (config.metricsToken) registerMetrics(app, config.metricsToken);
  if (stdout) app.addHook('onClose', (_app, done) => stdout.flush(done));
  registerErrorHandler(app);
  refuseCrossSiteWrites(app, config.trustedOrigins, config.publicUrl);
  refuseUnstorableText(app);

  const http = config.publicUrl.startsWith('http://');
  const stripe = config.payments.provider === 'stripe';
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The maps' tiles are named even when `https:` covers them, so a tile server on localhost (tests) works too.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', tileImageSource(config.mapTiles.url)],
        // react-hot-toast styles its toasts inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stripe Elements loads its script and card frames from Stripe; the test-mode form needs none of it.
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: http ? null : [],
      },
    },
    strictTransportSecurity: !http,
    crossOriginEmbedderPolicy: false,
    // The Google sign-in popup reports back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  await app.register(swagger, apiDocumentOptions({ publicUrl: config.publicUrl, sessionCookieName: app.sessionCookieName }));
  // Swagger UI's page loads only scripts of its own, served from here, so the product's CSP holds
  // unchanged; no validator badge, which would send the document's address to swagger.io.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: true, validatorUrl: null } });

  // Only better-auth's answers change a session: every other answer skips the hook that says so.
  await app.register(async (authScope) => {
    if (app.authChanges) dropSessionsChangedBy(authScope, app.sessions);
    await authScope.register(authRoutes);
  });
  // The stand-in for Google in development and test only (never with NODE_ENV=production).
  await app.register(testIdentityProvider);
  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      api.get(
        '/health',
        { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) } } },
        async (_req, reply) => {
          try {
            await pool.query('select 1');
            return { status: 'ok' as const };
          } catch {
            return reply.status(503).send({ status: 'unavailable' as const });
          }
        },
      );
      await api.register(siteRoutes);
      await api.register(userRoutes);
      await api.register(twoFactorRoutes);
      await api.register(settingsRoutes);
      await api.register(catalogRoutes(paymentProvider));
      await api.register(bookingRoutes);
      await api.register(wishlistRoutes);
      await api.register(adminRoutes);
      await api.register(dashboardRoutes);
      await api.register(paymentRoutes(paymentProvider));
      await api.register(moneyRoutes(paymentProvider));
      await api.register(messageRoutes);
      await api.register(liveRoutes({ heartbeatMs: heartbeatWithin(httpTimeouts), caps: config.liveStreams }));
      await api.register(notificationRoutes);
      await api.register(searchRoutes);
      await api.register(placesRoutes);
      await api.register(pricingRoutes);
      await api.register(valuationRoutes);
      await api.register(alertRoutes);
      await api.register(reviewRoutes(clock));
      await api.register(performanceRoutes(clock));
      await api.register(accountRoutes);
      await api.register(profileRoutes);
      // Anyone who reaches the development mailbox reads every email sent: only while that is this machine alone.
      if (!reachableByOthers(config)) await api.register(mailboxRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(servedImages(images));
  await app.register(siteFileRoutes);

  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // `/` is the home page, answered below like every page of the app (with its canonical address), not the bare file.
      index: false,
      // Brotli/gzip copies written by the web build (apps/web/precompress.mjs).
      preCompressed: true,
      // Our own cache headers below, not the plugin's `max-age=0`.
      cacheControl: false,
      setHeaders(res, file) {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const hints = hasWeb ? pageHints(webDist!, await loadFirstScreens(webDist!)) : null;
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0]!;
    // /metrics while METRICS_TOKEN is unset: a scraper gets a 404, not the web app's page.
    const apiLike = url.startsWith('/api/') || url === '/api' || url.startsWith(UPLOADS_PREFIX) || url === METRICS_PATH;
    // Every other GET is a route of the single-page app, which shows its own error screen.
    if (hints && req.method === 'GET' && !apiLike) {
      const page = await hints.pageFor(url, req);
      // A page asked for with a cookie may be drawn for its person (their session, their hints): no shared cache keeps it.
      reply.header('cache-control', req.headers.cookie ? 'private, no-cache' : 'no-cache');
      if (page === null) return reply.sendFile('index.html', webDist!);
      const { body, encoding } = await encodedPage(page.html, req.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.status(page.status).header('vary', 'accept-encoding').type('text/html; charset=utf-8').send(body);
    }
    const allowed = allowedMethods(url);
    if (allowed.length) {
      return reply.status(405).header('allow', allowed.join(', ')).send(errorBody(405, `${url} does not answer ${req.method}; it answers ${allowed.join(', ')}.`));
    }
    return reply.status(404).send(errorBody(404, `No such route: ${req.method} ${url}`));
  });

  return app;
}

/**
 * Signed-in requests are answered from the session cache while this process hears every session and
 * user change (auth-changes.ts).
 */
async function cacheSessions(app: FastifyInstance, config: Config, pool: Pool, auth: Auth) {
  const sessions = new SessionCache(config.sessionCacheMs);
  app.decorate('sessions', sessions);
  app.decorate('sessionCookieName', (await auth.$context).authCookies.sessionToken.name);
  if (config.sessionCacheMs === 0) return void app.decorate('authChanges', null);
  const listener = listenForAuthChanges(pool.options, sessions, app.log);
  app.decorate('authChanges', listener);
  app.addHook('onClose', () => listener.stop());
  await listener.ready;
}

/**
 * A better-auth write made with a session cookie (sign-out, a password change, an email confirmed)
 * drops that cookie's user from the session cache before its answer leaves, so the same browser's
 * next request never sees the old state. A write without one (an anonymous sign-out, a sign-up)
 * changes nobody the cache holds, so it drops nothing: it used to empty the whole cache.
 */
function dropSessionsChangedBy(authScope: FastifyInstance, sessions: SessionCache) {
  authScope.addHook('onSend', (req, reply, payload, done) => {
    // The email confirmation link is a GET that writes (users.email_verified).
    const writes = (req.method !== 'GET' && req.method !== 'HEAD') || req.url.startsWith('/api/auth/verify-email?');
    if (writes && reply.statusCode < 400) {
      const key = cookieValue(req.headers.cookie, authScope.sessionCookieName);
      if (key) sessions.dropUserOf(key);
    }
    done(null, payload);
  });
}
