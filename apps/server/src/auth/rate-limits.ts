import { createHash } from 'node:crypto';
import type { Pool } from 'pg';

export interface Limit {
  /** Attempts allowed in one window. */
  max: number;
  minutes: number;
}

/** Failed e-mail sign-ins for one e-mail from one client address (a success clears them). */
export const SIGN_IN_PER_ACCOUNT: Limit = { max: 5, minutes: 15 };
/** Failed e-mail sign-ins from one client address, whatever the e-mails (password spraying). */
export const SIGN_IN_PER_ADDRESS: Limit = { max: 20, minutes: 15 };
/** Sign-up attempts from one client address (each also tells whether an e-mail has an account). */
export const SIGN_UP_PER_ADDRESS: Limit = { max: 10, minutes: 60 };

/** Expired rows deleted by one count, at most: the purge stays a small part of every count. */
const PURGE_BATCH = 100;

/**
 * Fixed-window counters in PostgreSQL (table auth_rate_limits), so that a limit holds across every
 * app process. An attempt is counted *before* it runs (`take`), so that a burst of simultaneous
 * attempts cannot all pass a check made before any of them was counted; the caller gives back
 * (`giveBack`) what did not turn out to be a counted thing, such as a successful sign-in.
 */
export class RateLimits {
  constructor(private readonly pool: Pool) {}

  /**
   * Counts one attempt under every key. Allowed: 0. Over any key's limit: the minutes until its
   * window ends, and this attempt is not counted.
   */
  async take(counted: { key: string; limit: Limit }[]): Promise<number> {
    const keys = counted.map((c) => storableKey(c.key));
    const { rows } = await this.pool.query<{ key: string; hits: number; left: number }>(
      `with purged as (
         delete from auth_rate_limits where key in (
           select key from auth_rate_limits where window_ends_at <= now() and key <> all($1::text[])
           limit ${PURGE_BATCH} for update skip locked)
       )
       insert into auth_rate_limits as r (key, hits, window_ends_at)
         select k, 1, now() + make_interval(mins => m) from unnest($1::text[], $2::int[]) as t(k, m)
       on conflict (key) do update set
         hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
         window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
       returning key, hits, ceil(extract(epoch from (window_ends_at - now())) / 60)::int as left`,
      [keys, counted.map((c) => c.limit.minutes)],
    );
    const over = rows.filter((row) => row.hits > counted[keys.indexOf(row.key)]!.limit.max);
    if (over.length === 0) return 0;
    await this.giveBack(keys);
    return Math.max(1, ...over.map((row) => row.left));
  }

  /** Takes back one attempt counted under each key. */
  async giveBack(keys: string[]) {
    await this.pool.query('update auth_rate_limits set hits = greatest(hits - 1, 0) where key = any($1::text[])', [keys.map(storableKey)]);
  }

  /** Forgets everything counted under these keys. */
  async forget(keys: string[]) {
    await this.pool.query('delete from auth_rate_limits where key = any($1::text[])', [keys.map(storableKey)]);
  }
}

/** Text PostgreSQL cannot hold (NUL) or index well (kilobytes of it) is counted under its hash instead. */
function storableKey(key: string): string {
  return key.length <= 400 && !key.includes('\u0000') ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}
