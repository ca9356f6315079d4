import type { Pool, PoolClient } from 'pg';
import type { Clock } from '@second-gear/contract/constants';

/**
 * SQL for the clock a person reads dates in (users.time_zone and users.locale, issue 47) as one JSON
 * value, null for no such person: `${clockOf('b.buyer_id')} as buyer_clock`. `userId` is SQL (a
 * column or a parameter), never a value from a request.
 */
export const clockOf = (userId: string) => `(select json_build_object('timeZone', u.time_zone, 'locale', u.locale) from users u where u.id = ${userId})`;

/** The clock of one person, for words about them written outside a query of theirs; null when they are gone. */
export async function readerClock(db: Pick<Pool | PoolClient, 'query'>, userId: string): Promise<Clock | null> {
  const { rows } = await db.query<{ clock: Clock | null }>(`select ${clockOf('$1')} as clock`, [userId]);
  return rows[0]?.clock ?? null;
}
