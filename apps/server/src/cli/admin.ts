import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
import { runningUrlFile, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres.ts';
import { migrate } from '../db/migrate.ts';
import { createPool } from '../db/pool.ts';
import { DataDirInUseError, lockDataDir } from '../db/process-lock.ts';

const usage = 'Usage: npm run admin -- promote <email>';

/**
 * `npm run admin -- promote <email>`: the only way to make an admin. Works on DATABASE_URL, on the
 * embedded database of a running app (through the URL file it keeps in DATA_DIR), or on a stopped
 * one (started just for this).
 */
async function main(args: string[]) {
  const [command, email] = args;
  if (command !== 'promote' || !email) throw new UsageError(usage);
  const config = loadConfig();

  let embedded: EmbeddedDatabase | undefined;
  let unlock = () => {};
  let url = config.databaseUrl;
  if (!url) {
    try {
      unlock = lockDataDir(config.dataDir);
      embedded = await startEmbeddedPostgres(config.dataDir, () => {});
      url = embedded.url;
    } catch (err) {
      if (!(err instanceof DataDirInUseError)) throw err;
      url = fs.readFileSync(runningUrlFile(config.dataDir), 'utf8');
    }
  }
  const pool = createPool(url, 1);
  try {
    await migrate(pool);
    const { rows } = await pool.query<{ name: string }>(
      `update users set role = 'admin', verified = false, updated_at = now() where email = lower($1) returning name`,
      [email.trim()],
    );
    if (!rows[0]) throw new UsageError(`No account with the email ${email}. Sign up first, then promote.`);
    console.log(`${rows[0].name} <${email.trim().toLowerCase()}> is now an admin.`);
  } finally {
    await pool.end();
    await embedded?.stop();
    unlock();
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).catch((err: unknown) => {
  const known = err instanceof UsageError || err instanceof ConfigError || err instanceof DataDirInUseError;
  console.error(known ? (err as Error).message : `admin command failed: ${(err as Error).message}`);
  process.exit(1);
});
