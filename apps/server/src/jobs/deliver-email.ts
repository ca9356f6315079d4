import type { Transporter } from 'nodemailer';
import type { Pool, PoolClient } from 'pg';
import type { Task } from 'graphile-worker';
import { inTransaction } from '../db/pool.ts';
import { emailOf, type MessageSettings, type OutboxEmail } from '../mail/message.ts';

export const DELIVER_EMAIL = 'deliver_email';
/** graphile-worker retries a failed delivery with exponential backoff (e^attempt s, at most ~6 h apart): about three days in all. */
const MAX_ATTEMPTS = 25;

/**
 * Enqueues the delivery of an outbox row in the caller's transaction (notify()'s): the job exists
 * exactly when the email does. The job key makes a second enqueue of the same row the same job.
 * `runAt`: the row's due time (a coalesced email waits for the events that fold into it); now if unset.
 */
export async function enqueueEmailDelivery(client: PoolClient, outboxId: string, runAt?: Date): Promise<void> {
  await client.query(
    `select graphile_worker.add_job($1, json_build_object('id', $2::text), job_key := 'email:' || $2, max_attempts := $3, run_at := $4::timestamptz)`,
    [DELIVER_EMAIL, outboxId, MAX_ATTEMPTS, runAt ?? null],
  );
}

/**
 * Sends one outbox row, at most once however many times its job runs, on however many runners: the
 * row is locked (`for update`) for the whole delivery and `sent_at` is committed with it, so a
 * second run waits for the first and then finds it sent. A failure is written on the row (attempts,
 * last_error) and thrown, for graphile-worker to retry later. The one window left: the SMTP server
 * accepted the message and the process died before the commit; the next run sends it again, with
 * the same Message-ID (decision 017). With no transport (production without SMTP_URL) the row is
 * marked not sent and the job ends: setting SMTP_URL later does not send old news.
 */
export function deliverEmail(pool: Pool, transport: Transporter | null, settings: MessageSettings): Task {
  return async (payload) => {
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') throw new Error(`${DELIVER_EMAIL}: the job names no outbox row`);
    const failure = await inTransaction(pool, async (client) => {
      const { rows } = await client.query<OutboxEmail & { sent: boolean; unsubscribed: boolean }>(
        `select o.id, n.user_id as "userId", o.to_address as "toAddress", o.subject, o.text_body as "textBody", n.link, o.calendar,
                o.sent_at is not null as sent,
                exists (select 1 from email_unsubscribes x where x.user_id = n.user_id) as unsubscribed
           from email_outbox o join notifications n on n.id = o.notification_id
          where o.id = $1
            for update of o`,
        [id],
      );
      const row = rows[0];
      // Gone (the account or notification was deleted) or already sent: nothing to do.
      if (!row || row.sent) return null;
      if (row.unsubscribed) {
        // They asked for no more emails after the event: the bell keeps it, no email goes.
        await client.query(`update email_outbox set last_error = 'not sent: the person unsubscribed' where id = $1`, [id]);
        return null;
      }
      if (!transport) {
        await client.query(`update email_outbox set last_error = 'not sent: no mail server (SMTP_URL is unset)' where id = $1`, [id]);
        return null;
      }
      try {
        await transport.sendMail(emailOf(row, settings));
      } catch (err) {
        const message = (err as Error).message.slice(0, 1000);
        await client.query('update email_outbox set attempts = attempts + 1, last_error = $2 where id = $1', [id, message]);
        return err as Error;
      }
      await client.query('update email_outbox set attempts = attempts + 1, sent_at = now(), last_error = null where id = $1', [id]);
      return null;
    });
    if (failure) throw failure;
  };
}
