import type { Transporter } from 'nodemailer';
import type { Pool, PoolClient } from 'pg';
import type { Task } from 'graphile-worker';
import { afterCommitOf, inTransaction, type AfterCommit } from '../../db/pool.ts';
import { emailOf, type MessageSettings, type OutboxEmail } from '../../mail/message.ts';

export const DELIVER_EMAIL = 'deliver_email';
/**
 * graphile-worker retries a failed delivery with exponential backoff (e^attempt s, never more than
 * e^10 s, about 6 h, apart): about three days in all. The last attempt's failure gives the row up.
 */
const MAX_ATTEMPTS = 25;

/** The deliveries each open transaction enqueues once it commits: outbox row ids and due times. */
const deliveriesOf = new WeakMap<AfterCommit, { ids: string[]; runAts: (Date | null)[] }>();

/**
 * Enqueues the delivery of an outbox row written in the caller's transaction (notify()'s). In an
 * inTransaction transaction the job is added once it commits (decision 027): graphile-worker's
 * add_job NOTIFYs its runners, and a NOTIFY in the transaction would make its commit wait for
 * every other notifying one. So a rolled-back email gets no job, and a committed one gets its job
 * before inTransaction returns, or, if the process died in between, from the sweep a minute later
 * (requeueEmailDeliveries). Elsewhere (a transaction begun by hand) the job is added in the
 * transaction, as it always was. The job key makes a second enqueue of the same row the same job.
 * `runAt`: the row's due time (a coalesced email waits for the events that fold into it); now if unset.
 */
export async function enqueueEmailDelivery(client: PoolClient, outboxId: string, runAt?: Date): Promise<void> {
  const after = afterCommitOf(client);
  if (!after) return void (await addDeliveryJobs(client, [outboxId], [runAt ?? null]));
  let queued = deliveriesOf.get(after);
  if (!queued) {
    const deliveries = (queued = { ids: [], runAts: [] });
    deliveriesOf.set(after, deliveries);
    // Not waited for on disk: a job lost with an unflushed commit is the sweep's, like one never added.
    after.add((c) => addDeliveryJobs(c, deliveries.ids, deliveries.runAts, 'off'));
  }
  queued.ids.push(outboxId);
  queued.runAts.push(runAt ?? null);
}

async function addDeliveryJobs(client: PoolClient, ids: string[], runAts: (Date | null)[], synchronousCommit?: 'off') {
  await client.query(
    `select ${synchronousCommit ? `set_config('synchronous_commit', 'off', true), ` : ''}
            graphile_worker.add_job($1, json_build_object('id', d.id), job_key := 'email:' || d.id, max_attempts := $2, run_at := d.run_at)
       from unnest($3::text[], $4::timestamptz[]) as d(id, run_at)`,
    [DELIVER_EMAIL, MAX_ATTEMPTS, ids, runAts],
  );
}

export const REQUEUE_EMAIL_DELIVERIES = 'requeue_email_deliveries';
/** Every minute (graphile-worker's crontab runs it once across processes). */
export const REQUEUE_EMAIL_DELIVERIES_CRONTAB = `* * * * * ${REQUEUE_EMAIL_DELIVERIES}`;
/** An email older than this with no job lost it (its job is added within milliseconds of its commit). */
const LOST_AFTER = '1 minute';
/** How far back the sweep looks: a day of unsent rows, read by their index, not every row ever given up. */
const LOOK_BACK = '1 day';

/**
 * Adds the delivery job of every email committed without one: its process died, or lost the
 * database, between the commit and the enqueue (enqueueEmailDelivery). A row with a job (waiting,
 * running, or failed for good), sent or given up is left alone, so a row is never given a second
 * job while it has one; and were it given one, delivery's row lock and `sent_at` still send it
 * once. Returns how many it enqueued.
 */
export async function requeueEmailDeliveries(pool: Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `select graphile_worker.add_job($1, json_build_object('id', o.id::text), job_key := 'email:' || o.id, max_attempts := $2, run_at := o.due_at)
       from email_outbox o
      where o.sent_at is null and o.given_up_at is null
        and o.created_at > now() - interval '${LOOK_BACK}' and o.created_at < now() - interval '${LOST_AFTER}'
        and not exists (select 1 from graphile_worker.jobs j where j.key = 'email:' || o.id)`,
    [DELIVER_EMAIL, MAX_ATTEMPTS],
  );
  return rowCount ?? 0;
}

export const requeueEmailDeliveriesTask =
  (pool: Pool): Task =>
  async (_payload, helpers) => {
    const requeued = await requeueEmailDeliveries(pool);
    if (requeued > 0) helpers.logger.warn(`${requeued} committed email(s) had no delivery job (a process stopped between commit and enqueue): enqueued now`);
  };

/**
 * Sends one outbox row, at most once however many times its job runs, on however many runners: the
 * row is locked (`for update`) for the whole delivery and `sent_at` is committed with it, so a
 * second run waits for the first and then finds it sent. The one window left: the SMTP server
 * accepted the message and the process died before the commit; the next run sends it again, with
 * the same Message-ID (decision 017).
 *
 * A failure is written on the row (attempts, last_error). A temporary one (the server down or
 * busy, a 4xx) is thrown, for graphile-worker to retry later in the same job: one job per row
 * however often it fails. A refusal for good (a 5xx to the recipient or the message), or the last
 * attempt's failure, gives the row up (`given_up_at`) and ends the job, so no job stays in the queue
 * for ever. With no transport (production without SMTP_URL) the row is given up at once: setting
 * SMTP_URL later does not send old news.
 */
export function deliverEmail(pool: Pool, transport: Transporter | null, settings: MessageSettings): Task {
  return async (payload, helpers) => {
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') throw new Error(`${DELIVER_EMAIL}: the job names no outbox row`);
    const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
    const failure = await inTransaction(pool, async (client) => {
      const { rows } = await client.query<OutboxEmail & { done: boolean; unsubscribed: boolean }>(
        `select o.id, coalesce(n.user_id, o.user_id) as "userId", o.to_address as "toAddress", o.subject, o.text_body as "textBody",
                n.link, o.calendar,
                o.sent_at is not null or o.given_up_at is not null as done,
                n.id is not null and exists (select 1 from email_unsubscribes x where x.user_id = n.user_id) as unsubscribed
           from email_outbox o left join notifications n on n.id = o.notification_id
          where o.id = $1
            for update of o`,
        [id],
      );
      const row = rows[0];
      // Gone (the account or notification was deleted), already sent or given up: nothing to do. An
      // account email (no notification: account-email.ts) is sent whatever the unsubscribe choice.
      if (!row || row.done) return null;
      if (row.unsubscribed || !transport) {
        // Unsubscribed after the event: the bell keeps it, no email goes.
        const reason = row.unsubscribed ? 'not sent: the person unsubscribed' : 'not sent: no mail server (SMTP_URL is unset)';
        await client.query('update email_outbox set given_up_at = now(), last_error = $2 where id = $1', [id, reason]);
        return null;
      }
      try {
        await transport.sendMail(emailOf(row, settings));
      } catch (err) {
        const reason = (err as Error).message.slice(0, 1000);
        const givenUp = refusedForGood(err) ? reason : lastAttempt ? `gave up after ${helpers.job.attempts} attempts: ${reason}` : null;
        await client.query(
          'update email_outbox set attempts = attempts + 1, last_error = $2, given_up_at = case when $3 then now() end where id = $1',
          [id, givenUp ?? reason, givenUp !== null],
        );
        return givenUp === null ? (err as Error) : null;
      }
      await client.query('update email_outbox set attempts = attempts + 1, sent_at = now(), last_error = null where id = $1', [id]);
      return null;
    });
    if (failure) throw failure;
  };
}

/**
 * The mail server refused this message for good: a 5xx reply (RFC 5321's permanent failures) to its
 * recipient or to its content. Anything else is worth another try: a 4xx (busy, greylisting), a
 * connection that failed or broke, and a refused login or sender, which refuse every email alike
 * and are mended by fixing SMTP_URL or MAIL_FROM, not by dropping the emails meanwhile.
 */
function refusedForGood(err: unknown): boolean {
  const { responseCode, command } = err as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && (command === 'RCPT TO' || command === 'DATA');
}
