import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConcurrencyFailure, isDatabaseUnavailable } from './db/pool.ts';
import { validationRefusal } from './validation-refusal.ts';

const statusOf = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NOT_ACCEPTABLE: 406,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type AppErrorCode = keyof typeof statusOf;

/** The one error type services throw; the handler below turns it into the contract's body. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Sent as `Retry-After` (a 429 or 503: when the caller may try again). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.statusCode = statusOf[code];
  }
}

/** A page's cursor that was made up or altered: the catalog's category pages and the search page over cars both refuse it so. */
export const badCursor = () => new AppError('BAD_REQUEST', 'The cursor is not one this server gave out. Start again from the first page.');

/** A 429's wait in words for its message: "1 minute", "25 minutes", "about 3 hours". */
export function waitWords(minutes: number): string {
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `about ${Math.round(minutes / 60)} hours`;
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: reasons[statusCode] ?? 'Error', message };
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The first issue's sentence is the message; each field's sentence goes beside it for forms.
      const { message, fields } = validationRefusal(err.validation, err.validationContext);
      return reply.status(400).send({ ...errorBody(400, message), fields });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) carry safe messages.
      return reply.status(status).send(errorBody(status, err.message));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: err.message }, 'request failed: the database is unavailable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(errorBody(503, DATABASE_UNAVAILABLE));
    }
    if (isConcurrencyFailure(err)) {
      // Another request held what this one needed and PostgreSQL gave up on this one: nothing was
      // kept, and the same request a moment later goes through.
      req.log.warn({ err }, 'request collided with another');
      return reply.status(503).header('retry-after', '1').send(errorBody(503, 'The server is busy with other changes to the same data. Please try again in a moment.'));
    }
    req.log.error({ err }, 'request failed');
    // The id finds this request's lines in the log when a person reports the message.
    return reply.status(500).send(errorBody(500, `Something went wrong on our side. Please try again. (Request ${req.id})`));
  });
}

export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';
/** A restart of PostgreSQL (or a failover) takes seconds; the pool reconnects by itself. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A NUL (which PostgreSQL text cannot hold) or a lone UTF-16 surrogate (stored as U+FFFD, so changed). */
const notStorable = { test: (s: string) => s.includes('\u0000') || loneSurrogate.test(s) };

function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return notStorable.test(value);
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, v]) => notStorable.test(key) || hasUnstorableText(v, depth + 1));
}

/**
 * Text the database cannot store as sent is refused with a 400 before any route sees it; it used
 * to reach PostgreSQL and fail there as a 500 (a NUL) or be changed silently (a lone surrogate).
 *
 * Only on the routes that can be sent text: a GET or HEAD with no parameter in its address and no
 * query in its schema (the public grid, the health check) reads nothing a person sends, and skips
 * the hook. Every route registered after this call is seen.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  // A callback hook, not an async one: a promise per request shows in the bench.
  const refuse = (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    if (hasUnstorableText(req.body) || hasUnstorableText(req.query) || hasUnstorableText(req.params)) {
      return done(new AppError('BAD_REQUEST', 'Text cannot contain NUL characters or broken Unicode (unpaired surrogates).'));
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!takesText(route)) return;
    route.preValidation = [refuse, ...[route.preValidation ?? []].flat()];
  });
}

/** A route a person can send text: a body, a parameter in the address (`:id`, `*`) or a query. */
function takesText(route: RouteOptions): boolean {
  const hasBody = [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');
  return hasBody || /[:*]/.test(route.url) || route.schema?.querystring !== undefined || route.schema?.params !== undefined;
}
