import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/pool.ts';
import { notify, type Notice } from './notify.ts';
import { requeueEmailDeliveries } from './deliver-email.ts';
import { createTestApp, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { SmtpSink } from '../../../test/smtp-sink.ts';
import { until } from '../../../test/until.ts';
import { freePort } from '../../free-port.ts';
import { startJobRunner, type JobRunner } from '../../jobs/runner.ts';

const CALENDAR = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Second Gear//EN', 'METHOD:REQUEST', 'BEGIN:VEVENT', 'UID:booking-1@second-gear', 'DTSTART:20270101T100000Z', 'SUMMARY:Viewing', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');

let t: TestApp;
let sink: SmtpSink;
let smtpUrl: string;
let runners: JobRunner[] = [];
let counter = 0;
const METRICS_TOKEN = 'deliver-email-metrics-token-of-32-chars';

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  sink = new SmtpSink();
  smtpUrl = await sink.listen();
});

afterEach(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  runners = [];
  sink.failing = false;
  sink.unknown.clear();
});

afterAll(async () => {
  await sink?.close();
  await t?.close();
});

/** A runner on the test database, sending to the sink, to another mail server, or to the development mailbox. */
async function runner(transport: 'sink' | 'dev-mailbox' | 'off' | { smtpUrl: string } = 'sink') {
  const config = { publicUrl: t.origin, mail: { transport: transport === 'sink' ? { smtpUrl } : transport, from: 'Second Gear <no-reply@localhost>' } };
  const started = await startJobRunner({ pool: t.pool, config, secret: t.secret, pollIntervalMs: 100 });
  runners.push(started);
  return started;
}

async function tell(person: Person, extra: Partial<Notice> = {}): Promise<string> {
  const n = ++counter;
  const title = `Notice ${n} for ${person.name}`;
  await inTransaction(t.pool, (client) => notify(client, { userId: person.id, eventKey: `test:${n}`, kind: 'booking_requested', title, body: 'A buyer asked to see your car.', link: '/dashboard/bookings', ...extra }));
  return title;
}

const outboxOf = async (subject: string) => (await t.pool.query('select * from email_outbox where subject = $1', [subject])).rows[0];
const received = (subject: string) => sink.received.filter((m) => m.subject === subject);
/** The jobs of these outbox rows that wait (not being run), with the attempts made. */
const jobsOf = async (ids: string[]) =>
  (await t.pool.query<{ attempts: number }>('select attempts from graphile_worker.jobs where key = any($1) and locked_at is null', [ids.map((id) => `email:${id}`)])).rows;
/** The jobs of these outbox rows left in the queue, waiting or being run. */
const jobsLeft = async (ids: string[]) => (await t.pool.query('select 1 from graphile_worker.jobs where key = any($1)', [ids.map((id) => `email:${id}`)])).rowCount;
/** graphile-worker's backoff would wait seconds, then minutes: the waiting retries are made due now. */
const retryNow = (ids: string[]) => t.pool.query('update graphile_worker._private_jobs set run_at = now() where key = any($1)', [ids.map((id) => `email:${id}`)]);
async function outboxMetrics() {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
  const figure = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  return { unsent: figure('email_outbox_unsent'), oldestAge: figure('email_outbox_oldest_unsent_age_seconds'), failed: figure('email_outbox_failed') };
}

describe('deliver_email', () => {
  it('sends each outbox row exactly once, with two runners and a job run twice', async () => {
    const seller = await signUp(t.app, 'Seller');
    const subjects = await Promise.all([1, 2, 3, 4, 5].map(() => tell(seller)));
    await Promise.all([runner(), runner()]);
    await until(async () => (await t.pool.query('select count(*)::int as n from email_outbox where subject = any($1) and sent_at is not null', [subjects])).rows[0].n === 5, 'every email was sent');
    // The same rows' jobs again (a duplicated or retried job): nothing more is sent.
    await t.pool.query(`select graphile_worker.add_job('deliver_email', json_build_object('id', id), job_key := 'again:' || id) from email_outbox where subject = any($1)`, [subjects]);
    // A job is deleted once its send has been answered, and the sink keeps a message before it answers.
    await until(async () => (await t.pool.query(`select count(*)::int as n from graphile_worker.jobs where key like 'again:%'`)).rows[0].n === 0, 'the repeated jobs ran');
    for (const s of subjects) {
      expect(received(s), s).toHaveLength(1);
      expect(await outboxOf(s)).toMatchObject({ sent_at: expect.any(Date), attempts: 1, last_error: null });
    }
  });

  it('writes the email as the brief says: text and HTML, the link, Message-ID, unsubscribe link and headers, the calendar', async () => {
    const seller = await signUp(t.app, 'Seller');
    const subject = await tell(seller, { calendar: CALENDAR });
    await runner();
    await until(async () => received(subject).length === 1, 'the email arrived');
    const mail = received(subject)[0]!;
    const row = await outboxOf(subject);
    expect(mail.from?.value).toEqual([{ name: 'Second Gear', address: 'no-reply@localhost' }]);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.text).toBe(seller.email);
    expect(mail.messageId).toBe(`<${row.id}@localhost>`);
    expect(mail.text).toContain('A buyer asked to see your car.');
    expect(mail.text).toContain(`${t.origin}/dashboard/bookings`);
    expect(mail.text).toMatch(new RegExp(`${t.origin}/unsubscribe\\?token=[\\w-]+\\.[\\w-]+`));
    expect(mail.html).toContain(`href="${t.origin}/dashboard/bookings"`);
    const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toMatch(new RegExp(`^<${t.origin}/api/email/unsubscribe\\?token=[\\w-]+\\.[\\w-]+>$`));
    // As nodemailer's icalEvent writes it: a text/calendar part (method=REQUEST) and the file invite.ics.
    const calendarPart = mail.attachments.find((a) => a.contentType === 'text/calendar');
    expect(calendarPart?.headers.get('content-type')).toMatchObject({ value: 'text/calendar', params: expect.objectContaining({ method: 'REQUEST' }) });
    const invite = mail.attachments.find((a) => a.filename === 'invite.ics');
    expect(invite?.content.toString()).toContain('UID:booking-1@second-gear');
  });

  it('retries after the mail server refuses, and delivers once it accepts', async () => {
    const seller = await signUp(t.app, 'Seller');
    sink.failing = true;
    const subject = await tell(seller);
    await runner();
    await until(async () => (await outboxOf(subject)).attempts >= 1, 'a first attempt failed');
    expect(await outboxOf(subject)).toMatchObject({ sent_at: null, last_error: expect.stringMatching(/Mailbox busy/) });
    sink.failing = false;
    // graphile-worker's backoff would wait seconds: the retry is made due now.
    await t.pool.query(`update graphile_worker._private_jobs set run_at = now() where key = $1`, [`email:${(await outboxOf(subject)).id}`]);
    await until(async () => (await outboxOf(subject)).sent_at !== null, 'the retried email was sent');
    expect(received(subject)).toHaveLength(1);
    expect(await outboxOf(subject)).toMatchObject({ sent_at: expect.any(Date), attempts: 2, last_error: null });
  });

  it('sends nothing to a person who unsubscribed after the event; the bell keeps it', async () => {
    const seller = await signUp(t.app, 'Seller');
    const subject = await tell(seller);
    await t.pool.query('insert into email_unsubscribes (user_id) values ($1)', [seller.id]);
    await runner();
    await until(async () => (await outboxOf(subject)).last_error !== null, 'the delivery ran');
    expect(await outboxOf(subject)).toMatchObject({ sent_at: null, last_error: 'not sent: the person unsubscribed' });
    expect(received(subject)).toHaveLength(0);
    // And a later event writes no email at all (notify()).
    const later = await tell(seller);
    expect(await outboxOf(later)).toBeUndefined();
  });

  it('sends nothing without a mail server (production without SMTP_URL), and says why on the row', async () => {
    const seller = await signUp(t.app, 'Seller');
    const subject = await tell(seller);
    await runner('off');
    await until(async () => (await outboxOf(subject)).last_error !== null, 'the delivery ran');
    expect(await outboxOf(subject)).toMatchObject({ sent_at: null, attempts: 0, last_error: 'not sent: no mail server (SMTP_URL is unset)' });
    expect(received(subject)).toHaveLength(0);
    const { rows } = await t.pool.query(`select count(*)::int as n from graphile_worker.jobs where key = $1`, [`email:${(await outboxOf(subject)).id}`]);
    expect(rows[0].n, 'the job ended instead of retrying').toBe(0);
  });

  it('keeps what it sent to the development mailbox, shown by its routes', async () => {
    const seller = await signUp(t.app, 'Seller');
    const subject = await tell(seller, { calendar: CALENDAR.replace('METHOD:REQUEST', 'METHOD:CANCEL') });
    await runner('dev-mailbox');
    let list: { id: string; subject: string; to: string; hasCalendar: boolean }[] = [];
    await until(async () => {
      list = (await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json();
      return list.some((m) => m.subject === subject);
    }, 'the email is in the mailbox');
    const entry = list.find((m) => m.subject === subject)!;
    expect(entry).toMatchObject({ to: seller.email, hasCalendar: true });
    const one = (await t.app.inject({ method: 'GET', url: `/api/dev/mailbox/${entry.id}` })).json();
    expect(one.text).toContain(`${t.origin}/dashboard/bookings`);
    expect(one.html).toContain('<a href=');
    expect(one.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(one.headers['list-unsubscribe']).toContain('/api/email/unsubscribe?token=');
    expect(one.headers['content-type']).toMatch(/^multipart\//);
    expect(one.attachments).toEqual([expect.objectContaining({ filename: 'invite.ics', contentType: 'text/calendar' })]);
    const file = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox/${entry.id}/attachments/0` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="invite.ics"');
    expect(file.body).toContain('METHOD:CANCEL');
    expect((await t.app.inject({ method: 'GET', url: `/api/dev/mailbox/${entry.id}/attachments/1` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/dev/mailbox/${crypto.randomUUID()}` })).statusCode).toBe(404);
  });

  it('keeps emails while the mail server is down, one job each however often they fail, and sends each once when it is back; /metrics shows the backlog', async () => {
    const seller = await signUp(t.app, 'Seller');
    const before = await outboxMetrics();
    // A mail server that is not running yet on its port: every attempt fails to connect.
    const down = new SmtpSink();
    const port = await freePort();
    await runner({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const subjects = await Promise.all([1, 2, 3, 4].map(() => tell(seller)));
    const ids: string[] = [];
    for (const s of subjects) ids.push((await outboxOf(s)).id);
    for (const attempts of [1, 2, 3]) {
      await until(async () => (await jobsOf(ids)).filter((j) => j.attempts === attempts).length === 4, `attempt ${attempts} of every email failed`);
      if (attempts < 3) await retryNow(ids);
    }
    // Three failures each, and still one job per email: the queue does not grow with the failures.
    expect(await jobsOf(ids)).toEqual(Array.from({ length: 4 }, () => ({ attempts: 3 })));
    for (const s of subjects) expect(await outboxOf(s)).toMatchObject({ sent_at: null, given_up_at: null, attempts: 3, last_error: expect.stringMatching(/ECONNREFUSED/) });
    const backlog = await outboxMetrics();
    expect(backlog.unsent - before.unsent).toBe(4);
    expect(backlog.oldestAge).toBeGreaterThan(0);
    expect(backlog.failed).toBe(before.failed);

    await down.listen(port);
    try {
      await retryNow(ids);
      await until(async () => (await jobsLeft(ids)) === 0, 'every job ended');
      const byRow = ids.map((id) => down.received.filter((m) => m.messageId === `<${id}@localhost>`).length);
      expect(byRow, 'messages received per outbox row').toEqual([1, 1, 1, 1]);
      for (const s of subjects) expect(await outboxOf(s)).toMatchObject({ sent_at: expect.any(Date), given_up_at: null, attempts: 4, last_error: null });
      expect((await outboxMetrics()).unsent).toBe(before.unsent);
    } finally {
      await down.close();
    }
  });

  it('gives up at once an email whose recipient the mail server refuses for good (550), and ends its job', async () => {
    const seller = await signUp(t.app, 'Seller');
    // The sign-up's confirmation email goes first, while the mailbox still exists.
    await runner();
    await until(() => sink.received.some((m) => m.subject === 'Confirm your email address' && m.to && !Array.isArray(m.to) && m.to.text === seller.email), 'the confirmation email was sent');
    // Emails of earlier tests this runner is still sending would leave the backlog while this one is counted.
    await until(async () => (await t.pool.query(`select 1 from graphile_worker.jobs where key like 'email:%' and run_at <= now()`)).rowCount === 0, 'earlier emails were sent');
    const before = await outboxMetrics();
    sink.unknown.add(seller.email);
    const subject = await tell(seller);
    const id = (await outboxOf(subject)).id;
    await until(async () => (await jobsLeft([id])) === 0, 'the job ended');
    expect(await outboxOf(subject)).toMatchObject({ sent_at: null, given_up_at: expect.any(Date), attempts: 1, last_error: expect.stringMatching(/550 No such mailbox here/) });
    expect(received(subject)).toHaveLength(0);
    expect(await outboxMetrics()).toMatchObject({ unsent: before.unsent, failed: before.failed + 1 });
  });

  it('gives an email up when its last attempt fails, and ends its job rather than keeping it failed in the queue', async () => {
    const seller = await signUp(t.app, 'Seller');
    sink.failing = true;
    const subject = await tell(seller);
    const id = (await outboxOf(subject)).id;
    // Two attempts instead of 25, so that the test reaches the last one.
    await t.pool.query('update graphile_worker._private_jobs set max_attempts = 2 where key = $1', [`email:${id}`]);
    await runner();
    await until(async () => (await outboxOf(subject)).attempts === 1, 'the first attempt failed');
    expect(await outboxOf(subject)).toMatchObject({ given_up_at: null, last_error: expect.stringMatching(/451 Mailbox busy/) });
    await retryNow([id]);
    await until(async () => (await jobsLeft([id])) === 0, 'the job ended after its last attempt');
    expect(await outboxOf(subject)).toMatchObject({ sent_at: null, given_up_at: expect.any(Date), attempts: 2, last_error: expect.stringMatching(/^gave up after 2 attempts: .*451 Mailbox busy/) });
    expect(received(subject)).toHaveLength(0);
  });
});

describe('the delivery job of a committed email', () => {
  const emailJobs = async () => (await t.pool.query<{ n: number }>(`select count(*)::int as n from graphile_worker.jobs where key like 'email:%'`)).rows[0]!.n;
  const revisionOf = async (id: string) => (await t.pool.query<{ revision: number }>('select revision from graphile_worker._private_jobs where key = $1', [`email:${id}`])).rows[0]?.revision;

  it('is added once the transaction commits, before inTransaction returns, and never for one that rolls back', async () => {
    const seller = await signUp(t.app, 'Seller');
    const subject = await tell(seller);
    expect(await jobsOf([(await outboxOf(subject)).id])).toEqual([{ attempts: 0 }]);
    const before = await emailJobs();
    await expect(
      inTransaction(t.pool, async (client) => {
        await notify(client, { userId: seller.id, eventKey: `test:${++counter}`, kind: 'booking_requested', title: 'Rolled back', body: 'Never happened.', link: '/dashboard/bookings' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await emailJobs()).toBe(before);
    expect(await outboxOf('Rolled back')).toBeUndefined();
  });

  it('is added by the sweep to an email committed without one (the process stopped in between), a minute on, and the email is sent once', async () => {
    const seller = await signUp(t.app, 'Seller');
    const subject = await tell(seller);
    const { id } = await outboxOf(subject);
    // What a process that died between the commit and the enqueue leaves: the email and no job.
    await t.pool.query('select graphile_worker.remove_job($1)', [`email:${id}`]);
    await requeueEmailDeliveries(t.pool);
    // Within its first minute its job may still be on its way from the committing process.
    expect(await jobsLeft([id])).toBe(0);
    await t.pool.query(`update email_outbox set created_at = created_at - interval '2 minutes' where id = $1`, [id]);
    await requeueEmailDeliveries(t.pool);
    expect(await jobsOf([id])).toEqual([{ attempts: 0 }]);
    // A row with a job is left alone: the job is not replaced (revision 0), nor another added.
    await requeueEmailDeliveries(t.pool);
    expect(await revisionOf(id)).toBe(0);
    await runner();
    await until(async () => (await jobsLeft([id])) === 0, 'the job ran');
    expect(received(subject)).toHaveLength(1);
    expect((await outboxOf(subject)).sent_at).not.toBeNull();
    // Sent: never enqueued again.
    await requeueEmailDeliveries(t.pool);
    expect(await jobsLeft([id])).toBe(0);
  });
});
