import path from 'node:path';
import { buildApp, defaultWebDist } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { googleOAuth } from './auth/google.ts';
import { ConfigError, loadConfig, testIdentityProviderRefusal, type Config } from './config.ts';
import { reachableByOthers } from './loopback.ts';
import { DatabaseStartError, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.ts';
import { migrate } from './db/migrate.ts';
import { checkServerVersion, createPool } from './db/pool.ts';
import { DataDirInUseError, lockDataDir } from './db/process-lock.ts';
import type { SeededAccount } from './demo-data/seed.ts';
import { createImageStorage } from './images/create-storage.ts';
import { startJobRunner, type JobRunner } from './jobs/runner.ts';
import { accountEmailOutbox } from './modules/notifications/account-email.ts';
import { readOrCreateSecret } from './secret-file.ts';

const say = (msg: string) => console.log(`[second-gear] ${msg}`);

async function main() {
  const config = loadConfig();
  const refusal = testIdentityProviderRefusal(config);
  if (refusal) say(`the built-in Google test identity provider is off: ${refusal}; CONTINUE WITH GOOGLE answers "not available" until GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set`);
  const mailboxOff = config.env === 'production' ? undefined : reachableByOthers(config);
  if (mailboxOff) say(`the development mailbox is off (anyone reaching it would read every email): ${mailboxOff}; /api/dev/mailbox is not served`);
  let unlock = () => {};
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    unlock = lockDataDir(config.dataDir);
    embedded = await startEmbeddedPostgres(config.dataDir, say);
    databaseUrl = embedded.url;
  }

  const pool = createPool(databaseUrl);
  let jobs: JobRunner | undefined;
  const stopDatabase = async () => {
    // The runner first: a delivery in progress finishes (or is given back) while the pool still works.
    await jobs?.stop().catch(() => {});
    await pool.end().catch(() => {});
    await embedded?.stop();
    unlock();
  };
  try {
    await checkServerVersion(pool);
    const applied = await migrate(pool);
    if (applied.length) say(`applied migrations: ${applied.join(', ')}`);
    const secret = config.authSecret ?? readOrCreateSecret(path.join(config.dataDir, 'auth-secret'));
    const auth = createAuth({ pool, secret, publicUrl: config.publicUrl, trustedOrigins: config.trustedOrigins, google: googleOAuth(config), sendAccountEmail: accountEmailOutbox(pool) });
    const images = await createImageStorage(config);
    if (config.demoData !== 'off') {
      // Loaded here and only here: the seeder and the demo content it draws (apps/server/demo, a
      // third of the server's code) stay out of a start without demo data, production's usual one.
      const { DEMO_PASSWORD, seedDemoData } = await import('./demo-data/seed.ts');
      const created = await seedDemoData({ pool, auth, images, passwords: config.demoData, money: { provider: config.payments.provider, feePercent: config.platformFeePercent } });
      if (created) say(demoDataAdded(created, config.demoData, DEMO_PASSWORD));
    }
    const app = await buildApp({ config, pool, auth, images, webDist: defaultWebDist });
    jobs = await startJobRunner({ pool, config, secret, liveCars: app.liveCars, images, money: { provider: app.payments, feePercent: config.platformFeePercent }, log: (level, message) => (level === 'error' || level === 'warning' ? app.log.warn({ jobs: level }, message) : app.log.debug(message)) });
    if (config.mail.transport === 'off') say('emails are off: SMTP_URL is unset, so notifications appear in the bell only');
    if (config.mail.transport === 'dev-mailbox') say(`emails go to the development mailbox: ${config.publicUrl}/dev/mailbox (set SMTP_URL to send them)`);
    await app.listen({ port: config.port, host: config.host });
    say(`Second Gear is ready at ${config.publicUrl}`);

    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      say(`${signal}: finishing open requests and stopping`);
      await app.close();
      await stopDatabase();
      process.exit(0);
    };
    // `on`, not `once`: tsx exits at once when a signal finds no listener left.
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
  } catch (err) {
    await stopDatabase();
    throw err;
  }
}

/** The console line of a seeding; random passwords are shown here once and kept nowhere else. */
function demoDataAdded(accounts: SeededAccount[], passwords: Exclude<Config['demoData'], 'off'>, demoPassword: string): string {
  if (!accounts.length) return 'demo data added, without demo accounts (each demo email had an account already)';
  if (passwords === 'contract-passwords') return `demo data added (accounts: ${accounts.map((a) => a.email).join(', ')}; password ${demoPassword})`;
  return `demo data added; demo accounts with their passwords, shown this once: ${accounts.map((a) => `${a.email} (${a.role}) ${a.password}`).join(', ')}`;
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof DatabaseStartError;
  const code = (err as NodeJS.ErrnoException).code;
  if (known) console.error(`[second-gear] ${err.message}`);
  else if (code === 'EADDRINUSE') console.error(`[second-gear] Port ${process.env.PORT ?? 3000} is already in use; set PORT to another port`);
  else if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000') {
    console.error(`[second-gear] Cannot use the database at DATABASE_URL: ${(err as Error).message}`);
  } else console.error('[second-gear] start failed:', err);
  process.exit(1);
});
