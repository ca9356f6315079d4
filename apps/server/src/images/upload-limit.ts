import type { Pool } from 'pg';
import { AppError, waitWords } from '../errors.ts';

/** Picture uploads one seller may start per sliding hour: a day's listings, not a flood of decoding. */
export const MAX_UPLOADS_PER_HOUR = 60;
const WINDOW = '1 hour';
/** Any fixed number: every app process takes the same advisory locks (migrate.ts uses another). */
const LOCK_SPACE = 7_450_114;

/**
 * Counts the upload the seller is starting, or refuses it with 429 and `Retry-After` (when the
 * oldest counted upload leaves the window) once MAX_UPLOADS_PER_HOUR were started within the hour.
 * Counted in PostgreSQL, so the limit holds across app processes; the seller's advisory lock makes
 * the count and the insert one step, so concurrent uploads cannot all slip under the limit.
 */
export async function countUpload(pool: Pool, ownerId: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1, hashtext($2))', [LOCK_SPACE, ownerId]);
    await client.query(`delete from image_uploads where owner_id = $1 and started_at <= now() - interval '${WINDOW}'`, [ownerId]);
    const { rows } = await client.query<{ n: number; wait: number | null }>(
      `select count(*)::int as n, ceil(extract(epoch from min(started_at) + interval '${WINDOW}' - now()))::int as wait
         from image_uploads where owner_id = $1`,
      [ownerId],
    );
    const { n, wait } = rows[0]!;
    if (n >= MAX_UPLOADS_PER_HOUR) {
      const minutes = Math.max(1, Math.ceil((wait ?? 0) / 60));
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `You have uploaded ${MAX_UPLOADS_PER_HOUR} pictures in the last hour, the most we take. Try again in ${waitWords(minutes)}.`,
        Math.max(1, wait ?? 0),
      );
    }
    await client.query('insert into image_uploads (owner_id) values ($1)', [ownerId]);
    await client.query('commit');
  } catch (err) {
    // Also the refusal above: nothing is counted for it.
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
