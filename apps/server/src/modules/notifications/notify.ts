import type { PoolClient } from 'pg';
import { plainText } from '@second-gear/contract/constants';
import { enqueueEmailDelivery } from '../../jobs/deliver-email.ts';

export type NotificationKind =
  | 'booking_requested'
  | 'booking_accepted'
  | 'booking_declined'
  | 'booking_proposed'
  | 'booking_cancelled'
  | 'message'
  | 'payment'
  | 'wishlist_price_drop'
  | 'wishlist_sold'
  | 'saved_search_match'
  | 'saved_search_digest';

export interface Notice {
  /** Who is told. */
  userId: string;
  /**
   * What happened, the same every time the same event is told again (`booking:{id}:accepted:{n}`):
   * a person gets one notification and one email per key however often the event's code runs.
   */
  eventKey: string;
  kind: NotificationKind;
  /** One line: the bell's entry and the email's subject. */
  title: string;
  /** Plain text: the bell's second line and the email's body. */
  body: string;
  /** Where the notification leads in the web app (`/dashboard/bookings`). */
  link: string;
  /** An iCalendar file to send with the email. */
  calendar?: string;
}

/** The channel of live updates (pg_notify): a small JSON payload naming the person it is for. */
export const LIVE_CHANNEL = 'live_events';

export interface LiveEvent {
  user: string;
  type: 'notification' | 'message' | 'booking';
  /** The conversation, booking or notification concerned. */
  id?: string;
}

/** Tells the open pages of `event.user`, when the caller's transaction commits (pg_notify's rule). */
export async function publishLive(client: PoolClient, event: LiveEvent): Promise<void> {
  await client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(event)]);
}

/**
 * Records a notification and its email in the caller's transaction, so that both exist exactly
 * when the event does: a rollback takes them away, a commit keeps them for the bell and for the
 * outbox's delivery however the process ends afterwards. Returns whether this was news (false:
 * the same event was told before, and nothing was added).
 */
export async function notify(client: PoolClient, notice: Notice): Promise<boolean> {
  // Names and cars are people's text: the bell shows it, and the title becomes an email's subject.
  const title = plainText(notice.title);
  const body = plainText(notice.body, 'lines');
  const { rows } = await client.query<{ id: string }>(
    `insert into notifications (user_id, event_key, kind, title, body, link)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id, event_key) do nothing
     returning id`,
    [notice.userId, notice.eventKey, notice.kind, title, body, notice.link],
  );
  const id = rows[0]?.id;
  if (!id) return false;
  const email = await client.query<{ id: string }>(
    `insert into email_outbox (notification_id, to_address, subject, text_body, calendar)
     select $1, u.email, $3, $4, $5 from users u
      where u.id = $2 and not exists (select 1 from email_unsubscribes x where x.user_id = u.id)
     returning id`,
    [id, notice.userId, title, body, notice.calendar ?? null],
  );
  // Its delivery, a job in this same transaction: no committed email without one, nor the reverse.
  if (email.rows[0]) await enqueueEmailDelivery(client, email.rows[0].id);
  await publishLive(client, { user: notice.userId, type: 'notification', id });
  return true;
}
