import type { Pool } from 'pg';
import type { MarkReadBody, NotificationList } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';

/** How many of the latest notifications the bell shows. */
const BELL_SIZE = 30;

export async function listNotifications(pool: Pool, actor: Actor): Promise<NotificationList> {
  const [latest, unread] = await Promise.all([
    pool.query<NotificationList['notifications'][number]>(
      `select id, kind, title, body, link, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt", read_at is not null as read
         from notifications where user_id = $1 order by created_at desc, id desc limit $2`,
      [actor.id, BELL_SIZE],
    ),
    unreadCount(pool, actor.id),
  ]);
  return { notifications: latest.rows, unread };
}

/** Marks the caller's own notifications read (another person's ids change nothing); answers the unread count left. */
export async function markRead(pool: Pool, actor: Actor, body: MarkReadBody): Promise<{ unread: number }> {
  if ('all' in body) await pool.query('update notifications set read_at = now() where user_id = $1 and read_at is null', [actor.id]);
  else await pool.query('update notifications set read_at = now() where user_id = $1 and id = any($2::uuid[]) and read_at is null', [actor.id, body.ids]);
  return { unread: await unreadCount(pool, actor.id) };
}

async function unreadCount(pool: Pool, userId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from notifications where user_id = $1 and read_at is null', [userId]);
  return rows[0]!.n;
}

/** Stops notification emails to this person (the bell goes on); saying it twice is fine. */
export async function unsubscribe(pool: Pool, userId: string): Promise<void> {
  // Through `users`: the token of a since deleted account unsubscribes nobody, and says so no differently.
  await pool.query('insert into email_unsubscribes (user_id) select id from users where id = $1 on conflict do nothing', [userId]);
}
