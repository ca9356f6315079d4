import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
import { runningUrlFile, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres.ts';
import { migrate } from '../db/migrate.ts';
import { createPool } from '../db/pool.ts';
import { DataDirInUseError, lockDataDir } from '../db/process-lock.ts';
import { accountEmailOutbox } from '../modules/notifications/account-email.ts';
import { twoFactorResetEmail } from '../auth/two-factor-reset.ts';

const usage = 'Usage: npm run admin -- promote <email> | demote <email> | reset-2fa <email>';

/**
 * What each command does to the account, as one statement that names the account's new state. A
 * demoted admin becomes a buyer, the role every account without a choice gets (Google sign-ups);
 * only an admin can be demoted, so a typo cannot turn a seller into a buyer. `reset-2fa` is for an
 * owner who lost their authenticator app and their backup codes: it turns two-factor sign-in off,
 * ends every session, pending sign-in and remembered device of the account (whoever asked may not
 * be its owner), and only for an account that has it on; the owner is then told by email.
 */
const commands = {
  promote: {
    sql: `update users set role = 'admin', verified = false, updated_at = now() where email = lower($1) returning id, name`,
    done: 'is now an admin.',
    missing: (email: string) => `No account with the email ${email}. Sign up first, then promote.`,
  },
  demote: {
    sql: `update users set role = 'buyer', verified = false, updated_at = now() where email = lower($1) and role = 'admin' returning id, name`,
    done: 'is no longer an admin (now a buyer).',
    missing: (email: string) => `No admin with the email ${email}.`,
  },
  'reset-2fa': {
    sql: `with target as (
            update users set two_factor_enabled = false, updated_at = now() where email = lower($1) and two_factor_enabled returning id, name),
          secrets as (delete from two_factors where user_id in (select id from target)),
          sessions as (delete from sessions where user_id in (select id from target)),
          pending as (delete from verifications where value in (select id from target) and (identifier like '2fa-%' or identifier like 'trust-device-%'))
          select id, name from target`,
    done: 'has two-factor sign-in off and is signed out everywhere; they were emailed about it.',
    missing: (email: string) => `No account with two-factor sign-in on has the email ${email}.`,
  },
} as const;

type Command = keyof typeof commands;
const isCommand = (word: string | undefined): word is Command => word !== undefined && Object.hasOwn(commands, word);

/**
 * `npm run admin -- promote <email>` (the only way to make an admin), `demote <email>` (the way
 * to end one) and `reset-2fa <email>` (two-factor sign-in off for an owner locked out of it). Works on DATABASE_URL, on the embedded database of a running app (through the URL
 * file it keeps in DATA_DIR), or on a stopped one (started just for this). Running apps hear of
 * the change at once (the users table announces it), so the new role applies to the next request.
 */
async function main(args: string[]) {
  const [command, email] = args;
  if (!isCommand(command) || !email || args.length > 2) throw new UsageError(usage);
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
    const { rows } = await pool.query<{ id: string; name: string }>(sql, [email.trim()]);
    if (!rows[0]) throw new UsageError(missing(email));
    if (command === 'reset-2fa') await accountEmailOutbox(pool)(twoFactorResetEmail(rows[0], config.publicUrl));
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
