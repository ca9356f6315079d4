import pg from 'pg';

// Dates and numbers come back as JS values; bigint counts are small enough for a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function createPool(url: string, max = 20): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A client losing its connection (the database restarted) must not end the process: an idle one
  // reports it to the pool, which drops it; one in use emits it itself, and its holder's next query
  // fails with it (a 503, errors.ts). Without a listener either 'error' event would be thrown.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Refuses PostgreSQL older than 15, the oldest version the SQL here is written for. */
export async function checkServerVersion(pool: pg.Pool) {
  const { rows } = await pool.query<{ server_version_num: string }>('show server_version_num');
  const version = Number(rows[0]!.server_version_num);
  if (version < 150000) throw new Error(`PostgreSQL 15 or newer is required; DATABASE_URL points at version ${Math.floor(version / 10000)}`);
}

/**
 * What is to happen once a transaction has committed, and only then: work that must follow the
 * commit without being part of it (decision 027: live events, which inside the transaction would
 * make every such commit wait for the others). Each piece runs on the transaction's connection,
 * in the order added, before inTransaction returns; none runs after a rollback. The transaction is
 * committed whatever they do: a failure is theirs to bear, it only ends their connection.
 */
export class AfterCommit {
  readonly #work: ((client: pg.PoolClient) => Promise<void>)[] = [];

  add(work: (client: pg.PoolClient) => Promise<void>) {
    this.#work.push(work);
  }

  /** Runs every piece; the first failure is returned (the connection is then not reused), not thrown. */
  async run(client: pg.PoolClient): Promise<Error | undefined> {
    let failure: Error | undefined;
    for (const work of this.#work) {
      try {
        await work(client);
      } catch (err) {
        failure ??= err as Error;
      }
    }
    return failure;
  }
}

/** The after-commit work of each connection's open transaction of inTransaction's. */
const openTransactions = new WeakMap<pg.PoolClient, AfterCommit>();

/**
 * The after-commit work of the inTransaction transaction open on `client`; undefined for a
 * connection outside one (a transaction begun by hand, or none), whose caller must then do what it
 * wanted in the transaction itself.
 */
export function afterCommitOf(client: pg.PoolClient): AfterCommit | undefined {
  return openTransactions.get(client);
}

/**
 * Runs `work` in one transaction on one connection: committed when it returns, rolled back when it
 * throws. What `work` queued with afterCommitOf(client) runs once committed, before this returns.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const after = new AfterCommit();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    openTransactions.set(client, after);
    const result = await work(client);
    await client.query('commit');
    openTransactions.delete(client);
    broken = await after.run(client);
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    openTransactions.delete(client);
    client.release(broken);
  }
}

/**
 * PostgreSQL ended a statement for colliding with another one (deadlock_detected 40P01,
 * serialization_failure 40001): nothing of it was kept, and the same statement may well succeed
 * when run again.
 */
export function isConcurrencyFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** A connection that could not be made (a unix socket is gone while PostgreSQL is down: ENOENT). */
const notConnected = new Set(['ECONNREFUSED', 'ENOENT', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** A connection that broke. */
const broken = new Set(['ECONNRESET', 'EPIPE']);
/** PostgreSQL shutting down or starting (admin_shutdown, crash_shutdown, cannot_connect_now). */
const shuttingDown = new Set(['57P01', '57P02', '57P03']);
/** pg's own words for a connection that broke or could not be made in time. */
const brokenMessage = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

/**
 * The database is down, restarting or unreachable: the request may succeed in a moment, so it is
 * a 503 with Retry-After, not a 500. Looks through `cause` and an AggregateError's errors, as
 * better-auth and Node's connection attempts to several addresses wrap the error of pg or the socket.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 4 || typeof err !== 'object' || err === null) return false;
  const { code, syscall, message, cause, errors } = err as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (shuttingDown.has(code) || /^08/.test(code)) return true;
    if (broken.has(code) || (notConnected.has(code) && syscall === 'connect')) return true;
  }
  if (typeof message === 'string' && brokenMessage.test(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1) || (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1)));
}
