import pg from 'pg';

// Dates and numbers come back as JS values; bigint counts are small enough for a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function createPool(url: string, max = 20): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

/** Refuses PostgreSQL older than 15, the oldest version the SQL here is written for. */
export async function checkServerVersion(pool: pg.Pool) {
  const { rows } = await pool.query<{ server_version_num: string }>('show server_version_num');
  const version = Number(rows[0]!.server_version_num);
  if (version < 150000) throw new Error(`PostgreSQL 15 or newer is required; DATABASE_URL points at version ${Math.floor(version / 10000)}`);
}

/** Runs `work` in one transaction on one connection: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
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
