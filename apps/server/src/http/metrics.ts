import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../errors.ts';

export const METRICS_PATH = '/metrics';

/** The route label of a request no route matched (a 404, the web app's own pages): made-up paths add no series. */
export const UNMATCHED = 'unmatched';

/**
 * `GET /metrics` in the Prometheus text format, to the bearer token METRICS_TOKEN names
 * (docs/operations.md): request durations by route and status, the database pool, the caches' hits
 * and misses, the job queue, and the process's own figures. Everything but the request durations is
 * read when scraped, so nothing runs between scrapes but one histogram observation per request.
 *
 * One registry per app, never prom-client's global one: tests build many apps in one process.
 */
export function registerMetrics(app: FastifyInstance, token: string): void {
  const registry = new Registry();
  const registers = [registry];

  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer having been sent, by method, matched route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    // The API answers in 1–50 ms; the upper buckets catch what goes wrong.
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  // A callback hook, as logEachRequest's: it runs on every request, and a promise per request shows in the bench.
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? UNMATCHED;
    if (route !== METRICS_PATH) durations.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  // Registered before the job queue's gauge: a scrape collects in this order, so the pool is read
  // before the scrape's own query takes a connection from it.
  const pool = app.pg;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the PostgreSQL pool: all open ones, the idle among them, and queries waiting for one.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'db_pool_max',
    help: 'The most connections the PostgreSQL pool opens.',
    registers,
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });

  const caches = { catalog: app.catalogReads, session: app.sessions };
  new Counter({
    name: 'cache_requests_total',
    help: 'Lookups of the catalog’s read cache and of the session cache: answered from memory (hit) or loaded (miss).',
    labelNames: ['cache', 'result'] as const,
    registers,
    // The caches count in plain integer fields (no metric call on their hot path); a counter cannot be
    // set, so each scrape resets it and adds the totals, which only ever grow, as counters do.
    collect() {
      this.reset();
      for (const [cache, counts] of Object.entries(caches)) {
        this.inc({ cache, result: 'hit' }, counts.hits);
        this.inc({ cache, result: 'miss' }, counts.misses);
      }
    },
  });

  new Gauge({
    name: 'jobs_queue_depth',
    help: 'Background jobs (graphile-worker) by state: ready to run, scheduled for later, being worked, failed for good.',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        const { rows } = await pool.query<Record<'ready' | 'scheduled' | 'locked' | 'failed', number>>(QUEUE_DEPTH);
        for (const [state, count] of Object.entries(rows[0]!)) this.set({ state }, count);
      } catch (err) {
        // Without graphile-worker's schema (a database never migrated) there is no job: 0. Any other
        // failure (the database away) leaves the gauge empty rather than failing the whole scrape.
        if (!isMissingSchema(err)) return void app.log.warn({ err }, 'metrics: the job queue could not be read');
        for (const state of ['ready', 'scheduled', 'locked', 'failed']) this.set({ state }, 0);
      }
    },
  });

  // One query per scrape fills the three outbox gauges. A scrape starts every gauge's collect() in
  // the order registered, before awaiting any: the first starts the query, the other two await it.
  let outbox: Promise<OutboxFigures | null> = Promise.resolve(null);
  const outboxGauge = (name: string, help: string, figure: keyof OutboxFigures, first = false) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        if (first) outbox = readOutbox();
        const figures = await outbox;
        // The database away: the gauge stays empty rather than failing the whole scrape.
        if (figures) this.set(figures[figure]);
        else this.reset();
      },
    });
  const readOutbox = () =>
    pool.query<OutboxFigures>(OUTBOX_BACKLOG).then(
      ({ rows }) => rows[0]!,
      (err: unknown) => {
        app.log.warn({ err }, 'metrics: the email outbox could not be read');
        return null;
      },
    );
  outboxGauge('email_outbox_unsent', 'Emails waiting to be sent: neither sent nor given up (a mail server down or refusing makes it grow).', 'waiting', true);
  outboxGauge('email_outbox_oldest_unsent_age_seconds', 'How long the oldest email waiting to be sent has waited (0 when none waits).', 'oldestSeconds');
  outboxGauge('email_outbox_failed', 'Emails given up after the mail server refused them for good (a 5xx) or their last attempt failed.', 'failed');

  // This app's figures first (in the order above), then the process's.
  const scraped = Registry.merge([registry, processMetrics()]);

  const expected = digest(token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
    if (!timingSafeEqual(digest(bearerToken(req.headers.authorization)), expected)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHORIZED', 'The metrics need Authorization: Bearer followed by the METRICS_TOKEN the server was started with.');
    }
    return reply.type(scraped.contentType).send(await scraped.metrics());
  });
}

/** Equal lengths whatever was sent, so the comparison takes the same time for every guess. */
const digest = (value: string) => createHash('sha256').update(value).digest();

function bearerToken(header: string | undefined): string {
  const match = /^Bearer +(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : '';
}

/**
 * One query per scrape. A job's attempts reach its max_attempts only when its last attempt failed
 * (or while that last attempt runs: then it counts as locked).
 */
const QUEUE_DEPTH = `
  select
    count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now())::int as ready,
    count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now())::int as scheduled,
    count(*) filter (where locked_at is not null)::int as locked,
    count(*) filter (where locked_at is null and attempts >= max_attempts)::int as failed
  from graphile_worker._private_jobs`;

/**
 * The outbox's backlog, by its partial index of unsent rows. A given-up row with attempts made failed
 * at the mail server; one with none was never tried (the person unsubscribed, no mail server).
 */
type OutboxFigures = Record<'waiting' | 'oldestSeconds' | 'failed', number>;
const OUTBOX_BACKLOG = `
  select
    count(*) filter (where given_up_at is null)::int as waiting,
    coalesce(extract(epoch from now() - min(created_at) filter (where given_up_at is null)), 0)::float8 as "oldestSeconds",
    count(*) filter (where given_up_at is not null and attempts > 0)::int as failed
  from email_outbox where sent_at is null`;

/** PostgreSQL's undefined_table and invalid_schema_name. */
const isMissingSchema = (err: unknown) => ['42P01', '3F000'].includes((err as { code?: string }).code ?? '');

let processRegistry: Registry | undefined;

/**
 * The process's own figures (memory, CPU, event loop delay, garbage collection, handles), made once
 * per process and scraped with every app's: they describe the process, not an app, and prom-client
 * never stops the event-loop monitor and the garbage-collection observer it starts for them
 * (clearing a registry does not), so one set per app would leave one of each behind per test app.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
