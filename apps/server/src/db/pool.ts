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
