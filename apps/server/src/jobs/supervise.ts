import type { Pool, QueryResult } from 'pg';
import { run, type Runner, type RunnerOptions } from 'graphile-worker';
import { quietJobLogger } from '../db/job-logger.ts';
import { isDatabaseUnavailable } from '../db/pool.ts';

export interface SupervisedRunner {
  /** Stops the runner of the moment, and any replacement under way. */
  stop(): Promise<void>;
}

/** The pauses between attempts to replace a runner while the database does not answer: doubling from the first to the longest. */
export interface ReplacementPauses {
  firstMs: number;
  maxMs: number;
}

/**
 * graphile-worker's runner (`run(options)`), replaced whenever it loses a worker. A worker that
 * cannot record a job's end (the database went away in the middle of the job) exits, graphile-worker
 * 0.16 starts no other in its place, and the job stays locked for 4 hours: with every worker lost,
 * the process would run no job until restarted. So the runner is stopped, and, once the database
 * answers again (tried after growing pauses), the lost workers' jobs are unlocked to be run again
 * and a new runner with the same options is started.
 */
export async function superviseRunner(options: RunnerOptions & { pgPool: Pool }, pauses: ReplacementPauses = { firstMs: 500, maxMs: 10_000 }): Promise<SupervisedRunner> {
  const logger = options.logger ?? quietJobLogger;
  /** Workers lost whose jobs are still locked. */
  const lost = new Set<string>();
  let current: Runner | undefined;
  /** The current runner lost a worker: it is to be stopped and another started. */
  let replace = false;
  let replacing = false;
  let replacement: Promise<void> = Promise.resolve();
  let stopped = false;
  /** The pauses under way (the replacement's, the schedule's), which stop() cuts short. */
  const pausing = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        pausing.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      pausing.add(wake);
    });

  const cronPool = waitingThroughOutages(options.pgPool, { pause, pauses, stopped: () => stopped, logger });

  const start = async () => {
    // A copy: graphile-worker keeps one set of compiled options, with one event emitter, per options
    // object, and a lost worker must be told apart from the runner it belonged to.
    const runner = await run({ ...options, pgPool: cronPool });
    runner.events.on('worker:fatalError', ({ worker }) => {
      lost.add(worker.workerId);
      // A runner stopped already (one being replaced) can still lose a worker on a job it had let go on.
      if (runner === current) replace = true;
      if (!replacing) {
        replacing = true;
        replacement = recover();
      }
    });
    return runner;
  };

  const recover = async () => {
    let pauseMs = pauses.firstMs;
    while (!stopped && (replace || lost.size > 0)) {
      if (replace && current) {
        const old = current;
        current = undefined;
        logger.warn(`A job worker was lost (a job's end could not be recorded); replacing the job runner`);
        // The database may be down: the runner stops all the same, and an error only says so.
        await old.stop().catch((err: Error) => logger.warn(`Stopping the job runner that lost a worker: ${err.message}`));
        if (stopped) break;
      }
      try {
        const workerIds = [...lost];
        if (workerIds.length > 0) {
          await options.pgPool.query('select graphile_worker.force_unlock_workers($1::text[])', [workerIds]);
          workerIds.forEach((id) => lost.delete(id));
          logger.info(`Unlocked the jobs of the lost job workers ${workerIds.join(', ')}`);
        }
        if (replace) {
          current = await start();
          replace = false;
          logger.info('Started a new job runner');
        }
        pauseMs = pauses.firstMs;
      } catch (err) {
        if (stopped) break;
        logger.warn(`Replacing the job runner failed (trying again in ${pauseMs} ms): ${(err as Error).message}`);
        await pause(pauseMs);
        pauseMs = Math.min(pauseMs * 2, pauses.maxMs);
      }
    }
    // In the same step as the last look for more to do: a worker lost from now on starts another replacement.
    replacing = false;
  };

  current = await start();
  return {
    async stop() {
      stopped = true;
      pausing.forEach((wake) => wake());
      await replacement;
      await current?.stop();
      current = undefined;
    },
  };
}

/**
 * The database could not be reached, rather than refused the statement: what the app answers 503 to
 * (isDatabaseUnavailable), and a login refused (class 28) or out of connections (class 53), which
 * a role's or a server's state decides and a moment may change.
 */
export function isConnectionLoss(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return isDatabaseUnavailable(err) || (typeof code === 'string' && /^(28|53)/.test(code));
}

/**
 * The pool as graphile-worker's cron sees it: its `query` (which only the cron calls; the workers
 * take clients with `connect`) waits through an outage, trying again after growing pauses, instead
 * of failing. graphile-worker 0.16 ends its cron on a failed query and leaves that failure
 * unhandled (`cron.promise.finally(...)` in its runner), which ends the whole process: a database
 * restart at a minute's turn took the app down. A due minute is thus scheduled late, once the
 * database answers. Once the runner is stopping, a waiting query is given up with an empty answer,
 * for the same reason not a failure: the cron only waits to end, and the minutes it did not
 * schedule are caught up by the next runner's backfill (graphile-worker's known crontabs).
 */
export function waitingThroughOutages(
  pool: Pool,
  { pause, pauses, stopped, logger }: { pause: (ms: number) => Promise<void>; pauses: ReplacementPauses; stopped: () => boolean; logger: NonNullable<RunnerOptions['logger']> },
): Pool {
  const query = async (...args: Parameters<Pool['query']>): Promise<QueryResult> => {
    for (let pauseMs = pauses.firstMs; ; pauseMs = Math.min(pauseMs * 2, pauses.maxMs)) {
      try {
        return await (pool.query as (...a: unknown[]) => Promise<QueryResult>)(...args);
      } catch (err) {
        if (!isConnectionLoss(err)) throw err;
        if (stopped()) return { rows: [], rowCount: 0, command: '', oid: 0, fields: [] };
        logger.warn(`The job schedule could not reach the database (trying again in ${pauseMs} ms): ${(err as Error).message}`);
        await pause(pauseMs);
      }
    }
  };
  // Every other property is the pool's own, bound to it: its methods keep their state on the pool itself.
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
