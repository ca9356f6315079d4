import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPool } from '../src/db/pool.ts';
import { withDatabase } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection URL of the test PostgreSQL server (its maintenance database). */
    pgUrl: string;
    /** A migrated database that each test file copies. */
    templateDb: string;
  }
}

/**
 * Starts one real PostgreSQL for the run (embedded, or the server in TEST_DATABASE_URL) and
 * migrates a template database once; each test file then gets its own copy (see harness.ts).
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dir: string | undefined;
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-test-pg-'));
    fs.chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres(dir, () => {});
    url = embedded.url;
  }
  const templateDb = `sg_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDb}`);
  await admin.query(`create database ${templateDb}`);
  const pool = createPool(withDatabase(url, templateDb), 2);
  await migrate(pool);
  await pool.end();
  await admin.end();

  project.provide('pgUrl', url);
  project.provide('templateDb', templateDb);

  return async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${templateDb}`);
    await cleanup.end();
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
