import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { afterCommitOf, isConcurrencyFailure } from '../db/pool.ts';

export interface Limit {
  /** Attempts allowed in one window. */
  max: number;
  minutes: number;
}

/** Failed e-mail sign-ins for one e-mail from one client address (a success clears them). */
export const SIGN_IN_PER_ACCOUNT: Limit = { max: 5, minutes: 15 };
/** Failed e-mail sign-ins from one client address, whatever the e-mails (password spraying). */
export const SIGN_IN_PER_ADDRESS: Limit = { max: 20, minutes: 15 };
/** Wrong two-factor codes (app or backup) for one account, from anywhere (a right one clears them). */
export const CODES_PER_ACCOUNT: Limit = { max: 5, minutes: 15 };
/** Wrong two-factor codes from one client address, whatever the accounts. */
export const CODES_PER_ADDRESS: Limit = { max: 20, minutes: 15 };
/** Sign-up attempts from one client address (each also tells whether an e-mail has an account). */
export const SIGN_UP_PER_ADDRESS: Limit = { max: 10, minutes: 60 };

/** Password reset requests for one e-mail, from anywhere (each sends that mailbox an email). */
export const RESET_PER_EMAIL: Limit = { max: 5, minutes: 60 };
/** Password reset requests from one client address, whatever the e-mails. */
export const RESET_PER_ADDRESS: Limit = { max: 20, minutes: 60 };

/** Expired rows deleted by one purge, at most: it stays a small part of the count that runs it. */
const PURGE_BATCH = 100;

/**
 * Fixed-window counters in PostgreSQL (table auth_rate_limits), so that a limit holds across every
 * app process. An attempt is counted *before* it runs (`take`), so that a burst of simultaneous
 * attempts cannot all pass a check made before any of them was counted; the caller gives back
 * (`giveBack`) what did not turn out to be a counted thing, such as a successful sign-in.
 *
 * Every statement that locks more than one counter locks them in one order, their keys' byte order
 * (`collate "C"`), whatever order the caller names them in: two statements locking the same rows in
 * different orders wait for each other until PostgreSQL ends one of them with a deadlock error.
 */
export class RateLimits {
  constructor(private readonly pool: Pool) {}

  /**
   * Counts one attempt under every key. Allowed: 0. Over any key's limit: the minutes until its
   * window ends, and this attempt is not counted.
   */
  async take(counted: { key: string; limit: Limit }[]): Promise<number> {
    const limitOf = new Map(counted.map((c) => [storableKey(c.key), c.limit]));
    const { rows } = await this.query<{ key: string; hits: number; left: number }>(TAKE, [[...limitOf.keys()], [...limitOf.values()].map((l) => l.minutes)]);
    // The table grows only here, by a row whose window begins (hits 1); only then is a batch of
    // expired rows deleted, which keeps the table to the counters in use.
    if (rows.some((row) => row.hits === 1)) await this.purge();
    const over = rows.filter((row) => row.hits > limitOf.get(row.key)!.max);
    if (over.length === 0) return 0;
    await this.giveBack([...limitOf.keys()]);
    return Math.max(1, ...over.map((row) => row.left));
  }

  /**
   * Counts one attempt under every key in the caller's transaction on `client`: the count commits
   * with what it counts and rolls back with it, so nothing is given back by hand and no statement
   * of its own waits for the disk at commit (a booking made three such commits, decision 027).
   * Returns the first of `counted` over its limit, with the minutes until its window ends, or null;
   * over a limit, the caller rolls back (throwing does), which takes this attempt back. The counters'
   * rows stay locked until then, so the attempts under one key wait for each other, as two takes of
   * one key do. Every statement locks its keys in one order, so two takes cannot deadlock; expired
   * rows are deleted after the commit, by a statement of their own on the same connection (purge).
   */
  async takeIn(client: PoolClient, counted: { key: string; limit: Limit }[]): Promise<{ key: string; minutes: number } | null> {
    const keys = counted.map((c) => storableKey(c.key));
    const { rows } = await client.query<{ key: string; hits: number; left: number }>(TAKE, [keys, counted.map((c) => c.limit.minutes)]);
    // On the same connection once committed: another from the pool, while this one is held, could
    // wait for ever with every held connection doing the same. Outside inTransaction, the next count purges.
    if (rows.some((row) => row.hits === 1)) afterCommitOf(client)?.add((committed) => purge(committed));
    for (const [i, c] of counted.entries()) {
      const row = rows.find((r) => r.key === keys[i]);
      if (row && row.hits > c.limit.max) return { key: c.key, minutes: Math.max(1, row.left) };
    }
    return null;
  }

  /** Takes back one attempt counted under each key. */
  async giveBack(keys: string[]) {
    await this.query(
      `update auth_rate_limits set hits = greatest(hits - 1, 0)
        where key in (select key from auth_rate_limits where key = any($1::text[]) order by key collate "C" for update)`,
      [keys.map(storableKey)],
    );
  }

  /** Forgets everything counted under these keys. */
  async forget(keys: string[]) {
    await this.query(
      `delete from auth_rate_limits
        where key in (select key from auth_rate_limits where key = any($1::text[]) order by key collate "C" for update)`,
      [keys.map(storableKey)],
    );
  }

  /**
   * Deletes a batch of counters whose window has ended, in a statement of its own that skips rows
   * others hold, so it never waits. Inside the count it held other keys' expired rows while the count
   * waited for its own, and two counts could each hold what the other waited for.
   */
  private async purge() {
    await this.query(PURGE);
  }

  /**
   * One statement, run again once if PostgreSQL ended it as a deadlock or serialization failure
   * (nothing of it was kept): the order above prevents those between counters, but a count must not
   * turn into an error for what a retry settles.
   */
  private async query<R extends QueryResultRow>(sql: string, params: unknown[] = []) {
    try {
      return await this.pool.query<R>(sql, params);
    } catch (err) {
      if (!isConcurrencyFailure(err)) throw err;
      return this.pool.query<R>(sql, params);
    }
  }
}

const PURGE = `delete from auth_rate_limits where key in (
    select key from auth_rate_limits where window_ends_at <= now() limit ${PURGE_BATCH} for update skip locked)`;

/** RateLimits.purge on a connection of the caller's, in a statement of its own. */
async function purge(client: PoolClient) {
  await client.query(PURGE);
}

/** One attempt counted under each key ($1) with its window's minutes ($2), in the keys' byte order. */
const TAKE = `insert into auth_rate_limits as r (key, hits, window_ends_at)
    select k, 1, now() + make_interval(mins => m) from unnest($1::text[], $2::int[]) as t(k, m) order by k collate "C"
  on conflict (key) do update set
    hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
    window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
  returning key, hits, ceil(extract(epoch from (window_ends_at - now())) / 60)::int as left`;

/** Text PostgreSQL cannot hold (NUL) or index well (kilobytes of it) is counted under its hash instead. */
function storableKey(key: string): string {
  return key.length <= 400 && !key.includes('\u0000') ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}
