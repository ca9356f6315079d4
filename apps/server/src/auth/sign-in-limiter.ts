import { createHash } from 'node:crypto';
import type { Pool } from 'pg';

export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;

/**
 * Counts failed sign-ins per e-mail and client address in PostgreSQL, so that the limit holds
 * across every app process. A success clears the count.
 */
export class SignInLimiter {
  constructor(private readonly pool: Pool) {}

  private key(email: string, ip: string) {
    const e = email.trim().toLowerCase();
    // Text PostgreSQL cannot hold (NUL) or index (kilobytes) is counted under its hash instead.
    const safe = e.length <= 320 && !e.includes('\u0000') ? e : `sha256:${createHash('sha256').update(e).digest('hex')}`;
    return `${safe}|${ip}`;
  }

  /** Minutes left until the next attempt is allowed, or 0 when it is allowed now. */
  async minutesBlocked(email: string, ip: string): Promise<number> {
    const { rows } = await this.pool.query<{ failures: number; left: number }>(
      `select failures, ceil(extract(epoch from (window_started_at + make_interval(mins => $2) - now())) / 60)::int as left
         from sign_in_failures where key = $1`,
      [this.key(email, ip), WINDOW_MINUTES],
    );
    const row = rows[0];
    return row && row.failures >= MAX_FAILURES && row.left > 0 ? row.left : 0;
  }

  async recordFailure(email: string, ip: string) {
    await this.pool.query(
      `insert into sign_in_failures (key, failures, window_started_at) values ($1, 1, now())
       on conflict (key) do update set
         failures = case when sign_in_failures.window_started_at < now() - make_interval(mins => $2) then 1 else sign_in_failures.failures + 1 end,
         window_started_at = case when sign_in_failures.window_started_at < now() - make_interval(mins => $2) then now() else sign_in_failures.window_started_at end`,
      [this.key(email, ip), WINDOW_MINUTES],
    );
  }

  async clear(email: string, ip: string) {
    await this.pool.query('delete from sign_in_failures where key = $1', [this.key(email, ip)]);
  }
}
