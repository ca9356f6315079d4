// `npm run db:schema`: writes apps/server/src/db/schema.sql, the schema the migrations build, from a
// throwaway embedded PostgreSQL migrated from scratch. db/schema.test.ts fails while the file
// differs from what the migrations build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPool } from '../src/db/pool.ts';
import { dumpSchema, SCHEMA_FILE } from '../src/db/schema-dump.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-schema-'));
// Running as root, PostgreSQL runs as the postgres user, which must reach its data directory.
fs.chmodSync(dir, 0o755);
try {
  const database = await startEmbeddedPostgres(dir, () => {});
  try {
    const pool = createPool(database.url, 2);
    try {
      await migrate(pool);
      fs.writeFileSync(SCHEMA_FILE, await dumpSchema(pool));
    } finally {
      await pool.end();
    }
  } finally {
    await database.stop();
  }
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
