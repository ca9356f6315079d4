import type { PoolClient } from 'pg';
import { afterCommitOf, type AfterCommit } from '../../db/pool.ts';
import { plainText } from '@second-gear/contract/constants';
import { enqueueEmailDelivery } from './deliver-email.ts';

/** The clock a person is told in (issue 47): the features that tell people import it from here. */
export { clockOf, readerClock } from './reader-clock.ts';

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
  | 'saved_search_digest'
  | 'seller_verified'
  | 'seller_unverified'
  | 'car_deleted_by_admin'
  | 'review_reminder'
  | 'review_hidden';

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
  /**
   * What the event concerns (`car:{id}`), when its email may fold with others about the same thing
   * to the same person (EMAIL_FOLD_MINUTES); unset, the email is always one of its own.
   */
  about?: string;
  /** `false`: the bell only, no email (a price drop that is not news by email: wishlist/alerts.ts). */
  email?: false;
}

/**
 * The coalescing window: the events about one subject told to one person within it go in one
 * email, and emails about one subject to one person leave at least this far apart. Someone booking
 * and cancelling in a loop, or proposing time after time, makes the other person's inbox receive
 * one email per window, while the bell shows every event. The first email of a quiet subject
 * leaves at once.
 */
export const EMAIL_FOLD_MINUTES = 5;

/** The channel of live updates (pg_notify): a small JSON payload naming the person it is for. */
export const LIVE_CHANNEL = 'live_events';

export interface LiveEvent {
  user: string;
  type: 'notification' | 'message' | 'booking';
  /** The conversation, booking or notification concerned. */
  id?: string;
}

/** The live events of each open transaction, sent together once it commits. */
const liveEventsOf = new WeakMap<AfterCommit, string[]>();

/**
 * Tells the open pages of `event.user`, once the caller's transaction commits, and never if it
 * rolls back. In an inTransaction transaction the events are sent after its commit (decision 027):
 * a NOTIFY in the transaction would have its commit take PostgreSQL's one lock on the notification
 * queue and hold it through the commit's flush to disk, so that every notifying commit, every
 * booking's, waited for the one before. Elsewhere (a transaction begun by hand) pg_notify's own
 * rule applies: sent at commit.
 */
export async function publishLive(client: PoolClient, event: LiveEvent): Promise<void> {
  const payload = JSON.stringify(event);
  const after = afterCommitOf(client);
  if (!after) return void (await client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]));
  let events = liveEventsOf.get(after);
  if (!events) {
    const queued: string[] = (events = []);
    liveEventsOf.set(after, queued);
    after.add((c) => sendLive(c, queued));
  }
  events.push(payload);
}

/**
 * Sends a committed transaction's live events, in order, in one statement: a transaction of its
 * own, whose commit is not waited for on disk (`synchronous_commit` off for it alone), so it holds
 * the notification queue's lock only for an instant. Nothing is lost that a flush would keep: a
 * NOTIFY is never kept across a restart of PostgreSQL, which ends every listening connection, and
 * the live hub then has every page reconnect and catch up (decision 016). What is lost is what a
 * process dying between the commit and this statement would have sent: the notification or
 * booking is committed and the page shows it at its next fetch.
 */
async function sendLive(client: PoolClient, payloads: string[]) {
  await client.query(`select set_config('synchronous_commit', 'off', true), pg_notify($1, e) from unnest($2::text[]) as e`, [LIVE_CHANNEL, payloads]);
}

/**
 * Records a notification and its email in the caller's transaction, so that both exist exactly
 * when the event does: a rollback takes them away, a commit keeps them for the bell and for the
 * outbox's delivery however the process ends afterwards. An email `about` a subject folds into one
 * not yet sent or waits for the window (TELL, below). Returns whether this was news (false: the
 * same event was told before, and nothing was added).
 */
export async function notify(client: PoolClient, notice: Notice): Promise<boolean> {
  // Names and cars are people's text: the bell shows it, and the title becomes an email's subject.
  const title = plainText(notice.title);
  const body = plainText(notice.body, 'lines');
  const foldKey = notice.about ? `${notice.userId} ${notice.about}` : null;
  const { rows } = await client.query<{ id: string | null; outbox_id: string | null; due_at: Date | null }>({
    name: 'notify',
    text: TELL,
    values: [notice.userId, notice.eventKey, notice.kind, title, body, notice.link, notice.email !== false, foldKey, notice.calendar ?? null, EMAIL_FOLD_MINUTES],
  });
  const { id, outbox_id, due_at } = rows[0]!;
  if (!id) return false;
  // Its delivery job, added once this transaction commits (or swept up a minute on): never one for a rolled-back email.
  if (outbox_id) await enqueueEmailDelivery(client, outbox_id, due_at!);
  await publishLive(client, { user: notice.userId, type: 'notification', id });
  return true;
}

/**
 * A notification ($1 the person, $2 the event's key, $3 its kind, $4 the title, $5 the body, $6 the
 * link) and, when it is news and emails are wanted ($7), its email ($8 the fold key or null, $9 a
 * calendar file or null, $10 the window in minutes), in one statement: a booking's transaction
 * waits for each of its statements in turn, behind whatever else the server is doing, so its three
 * steps are one round trip instead of three. The steps:
 *
 * - **told**: the notification, unless this person was told of this event before (then nothing else).
 * - **folded**: the event added to an email with the same fold key written within the window and
 *   not yet tried: its subject becomes the newest title with a count of the earlier ones, its body
 *   lists every event. Exactly once still holds: the row is changed only while it is locked by this
 *   transaction and unsent, and delivery (deliver-email.ts) locks it too, so it sends either the
 *   email before this event (and this event gets an email of its own) or after it, never half of it.
 *   A row being delivered right now is skipped rather than waited for (an SMTP conversation is not a
 *   lock to hold a booking's transaction on). Two meetings' calendar files cannot share one email,
 *   so a calendar folds only into an email with none or with the same meeting's (UID), which it
 *   replaces: the newer file supersedes the older one.
 * - **queued**: otherwise an email of its own, due the window after the last one with that fold key
 *   (or now, after a quiet spell), so that the events of the next few minutes fold into it instead
 *   of each leaving at once. None is written for a person who unsubscribed, nor for one whose email
 *   is not confirmed: an unconfirmed address may be someone else's, who never asked for our news
 *   (docs/security.md, "Confirmed email"). The bell keeps it.
 *
 * Every step sees the database as the statement began, and the later ones learn what the earlier
 * did only from what they return (told, folded), as PostgreSQL's writing WITH queries do.
 */
const TELL = `
  with told as (
    insert into notifications (user_id, event_key, kind, title, body, link)
    values ($1, $2, $3, $4, $5, $6)
    on conflict (user_id, event_key) do nothing
    returning id
  ), folded as (
    update email_outbox o
       set subject = $4 || ' (and ' || o.events || ' earlier update' || case when o.events = 1 then '' else 's' end || ')',
           text_body = case when o.events = 1 then o.subject || E'\n' || o.text_body else o.text_body end || E'\n\n' || $4 || E'\n' || $5,
           calendar = coalesce($9::text, o.calendar),
           events = o.events + 1
     where $7 and exists (select from told)
       and o.id = (
         select p.id from email_outbox p
          where p.fold_key = $8::text and p.sent_at is null and p.attempts = 0 and p.last_error is null
            and p.created_at > now() - make_interval(mins => $10)
            and ($9::text is null or p.calendar is null or substring(p.calendar from 'UID:[^\r\n]+') = substring($9::text from 'UID:[^\r\n]+'))
          order by p.due_at desc
          limit 1
            for update skip locked
       )
    returning o.id
  ), queued as (
    insert into email_outbox (notification_id, to_address, subject, text_body, calendar, fold_key, due_at)
    select told.id, u.email, $4, $5, $9::text, $8::text,
           greatest(now(), (select max(o.due_at) + make_interval(mins => $10) from email_outbox o where o.fold_key = $8::text))
      from told join users u on u.id = $1
     where $7 and not exists (select from folded)
       and u.email_verified and not exists (select 1 from email_unsubscribes x where x.user_id = u.id)
    returning id, due_at
  )
  select (select id from told) as id, (select id from queued) as outbox_id, (select due_at from queued) as due_at`;
