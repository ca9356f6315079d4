import fs from 'node:fs';
import path from 'node:path';
import pg, { type Pool } from 'pg';
import { runMigrations } from 'graphile-worker';
import { quietJobLogger } from './job-logger.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
// Any fixed number: every app process on one database takes the same advisory lock.
const MIGRATION_LOCK = 7_450_113;

/**
 * Applies the versioned SQL files in `migrations/` that the database has not seen, each in its own
 * transaction. Several processes starting together on one database wait on an advisory lock, so
 * exactly one of them migrates and the others find nothing left to do.
 *
 * Then, under the same lock, the job runner's own schema (graphile-worker's migrations, schema
 * `graphile_worker`): notify() enqueues an email's delivery with the event's transaction, so the
 * schema must exist in every database before any event, whether or not this process runs jobs.
 */
export async function migrate(pool: Pool): Promise<string[]> {
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const { rows } = await client.query<{ version: string }>('select version from schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    const applied: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      await client.query('begin');
      try {
        await client.query(fs.readFileSync(path.join(migrationsDir, file), 'utf8'));
        await client.query('insert into schema_migrations (version) values ($1)', [version]);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
      }
      applied.push(version);
    }
    // On a connection of its own: the caller's pool may be a single connection (the admin command's),
    // held here by the lock.
    const jobsPool = new pg.Pool({ ...pool.options, max: 1 });
    try {
      await runMigrations({ pgPool: jobsPool, logger: quietJobLogger });
    } finally {
      await jobsPool.end();
    }
    return applied;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
