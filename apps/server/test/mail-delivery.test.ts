import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres.ts';
import { createPool, inTransaction } from '../src/db/pool.ts';
import { freePort } from '../src/free-port.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import { SmtpSink } from './smtp-sink.ts';
import { until } from './until.ts';
import { ready, signUp, startApp, stopAllApps, tempDir } from './processes.ts';

/**
 * An email committed while its mail server is down survives a SIGKILL of the app: the real app
 * (main.ts) with SMTP_URL pointing at a port where nothing listens yet tries and fails; it is
 * killed; the mail server starts; two app processes start again on the same database, and the
 * email arrives exactly once.
 */
const pgDir = tempDir('sg-mail-pg-');
const dataDir = tempDir('sg-mail-data-');
let server: EmbeddedDatabase | undefined;
let pool: ReturnType<typeof createPool>;
let env: Record<string, string>;
const sink = new SmtpSink();
let smtpPort: number;

beforeAll(async () => {
  server = await startEmbeddedPostgres(pgDir, () => {});
  pool = createPool(server.url, 2);
  await pool.query('create database second_gear_mail');
  await pool.end();
  const url = new URL(server.url);
  url.pathname = '/second_gear_mail';
  pool = createPool(url.toString(), 4);
  smtpPort = await freePort();
  env = { DATABASE_URL: url.toString(), AUTH_SECRET: randomBytes(32).toString('hex'), DATA_DIR: dataDir, DEMO_DATA: 'off', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
}, 180_000);

afterAll(async () => {
  await stopAllApps();
  await sink.close().catch(() => {});
  await pool?.end().catch(() => {});
  await server?.stop();
  fs.rmSync(pgDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The notification's email (the sign-up's confirmation email is another row, checked at the end). */
const outbox = async () => (await pool.query('select id, sent_at, attempts, last_error from email_outbox where notification_id is not null')).rows;

describe('an email through a crash', () => {
  it('is delivered exactly once after a SIGKILL while the mail server was down', async () => {
    const first = startApp(await freePort(), env);
    await ready(first);
    const email = `mail-${randomBytes(3).toString('hex')}@test.example`;
    await signUp(first.url, email, 'Seller');
    // A person who confirmed their email: notifications are emailed to confirmed addresses only.
    const { rows } = await pool.query<{ id: string }>('update users set email_verified = true where email = $1 returning id', [email]);
    await inTransaction(pool, (client) =>
      notify(client, { userId: rows[0]!.id, eventKey: 'crash:1', kind: 'booking_requested', title: 'New booking request', body: 'Someone asked to see your car.', link: '/dashboard' }),
    );

    // The first attempt fails (nothing listens), and the job waits for its retry, not in a delivery.
    await until(async () => (await outbox())[0]?.attempts >= 1, 'a delivery was tried', 30_000);
    // Two jobs wait for their retry: the notification's email and the sign-up's confirmation email.
    await until(async () => (await pool.query('select count(*)::int as n from graphile_worker.jobs where locked_at is null')).rows[0].n === 2, 'the jobs wait for their retry', 30_000);
    expect((await outbox())[0]).toMatchObject({ sent_at: null, last_error: expect.stringMatching(/ECONNREFUSED/) });
    first.child.kill('SIGKILL');
    await first.exited;

    await sink.listen(smtpPort);
    const [a, b] = [startApp(await freePort(), env), startApp(await freePort(), env)];
    await Promise.all([ready(a), ready(b)]);
    await until(async () => (await outbox())[0]?.sent_at !== null, 'the email was sent after the restart', 60_000);
    // Once no job is left (a job is deleted only after its send), neither process can send a second copy.
    const jobsLeft = async () => (await pool.query('select count(*)::int as n from graphile_worker.jobs')).rows[0].n as number;
    await until(async () => sink.received.length >= 2 && (await jobsLeft()) === 0, 'the confirmation email was sent too, and no job is left', 30_000);
    expect(sink.received.map((m) => m.subject).sort()).toEqual(['Confirm your email address', 'New booking request']);
    for (const received of sink.received) expect(received.to && !Array.isArray(received.to) && received.to.text).toBe(email);
  }, 180_000);
});
