import type { Pool, PoolClient } from 'pg';
import { plainText } from '@second-gear/contract/constants';
import { inTransaction } from '../../db/pool.ts';
import { enqueueEmailDelivery } from './deliver-email.ts';

/** An email about the account itself (a reset link, a changed password): no bell entry, no unsubscribe. */
export interface AccountEmail {
  userId: string;
  subject: string;
  /** Plain text; a web address in it becomes a link in the HTML part. */
  body: string;
  /** Another address than the account's (the new one of an email change, to confirm it). */
  to?: string;
}

/**
 * Writes an account email in one transaction, its delivery job just after it commits (enqueueEmailDelivery), to the account's address as it
 * is now (migration 0025) unless it names another. It is sent whether or not the person unsubscribed from notification
 * emails and whether or not anyone confirmed the address: the person asked for it, or must know.
 */
export function accountEmailOutbox(pool: Pool) {
  return (email: AccountEmail) => inTransaction(pool, (client) => writeAccountEmail(client, email));
}

/** The same, in the caller's transaction: the email goes exactly when what it tells of is committed. */
export async function writeAccountEmail(client: PoolClient, email: AccountEmail): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `insert into email_outbox (user_id, to_address, subject, text_body)
     select u.id, coalesce($4, u.email), $2, $3 from users u where u.id = $1
     returning id`,
    [email.userId, plainText(email.subject), plainText(email.body, 'lines'), email.to ?? null],
  );
  if (rows[0]) await enqueueEmailDelivery(client, rows[0].id);
}
