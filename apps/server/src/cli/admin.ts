import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
import { runningUrlFile, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres.ts';
import { migrate } from '../db/migrate.ts';
import { createPool } from '../db/pool.ts';
import { DataDirInUseError, lockDataDir } from '../db/process-lock.ts';

const usage = 'Usage: npm run admin -- promote <email> | demote <email>';

/**
 * What each command does to the account, as one statement that names the account's new state. A
 * demoted admin becomes a buyer, the role every account without a choice gets (Google sign-ups);
 * only an admin can be demoted, so a typo cannot turn a seller into a buyer.
 */
const commands = {
  promote: {
    sql: `update users set role = 'admin', verified = false, updated_at = now() where email = lower($1) returning name`,
    done: 'is now an admin.',
    missing: (email: string) => `No account with the email ${email}. Sign up first, then promote.`,
  },
  demote: {
    sql: `update users set role = 'buyer', verified = false, updated_at = now() where email = lower($1) and role = 'admin' returning name`,
    done: 'is no longer an admin (now a buyer).',
    missing: (email: string) => `No admin with the email ${email}.`,
  },
} as const;

/**
 * `npm run admin -- promote <email>` (the only way to make an admin) and `demote <email>` (the way
 * to end one). Works on DATABASE_URL, on the embedded database of a running app (through the URL
 * file it keeps in DATA_DIR), or on a stopped one (started just for this). Running apps hear of
 * the change at once (the users table announces it), so the new role applies to the next request.
 */
async function main(args: string[]) {
  const [command, email] = args;
  if ((command !== 'promote' && command !== 'demote') || !email || args.length > 2) throw new UsageError(usage);
  const { sql, done, missing } = commands[command];
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
    const { rows } = await pool.query<{ name: string }>(sql, [email.trim()]);
    if (!rows[0]) throw new UsageError(missing(email));
    console.log(`${rows[0].name} <${email.trim().toLowerCase()}> ${done}`);
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
