import type { Pool } from 'pg';
import { formatWhole } from '@second-gear/contract';
import { inTransaction } from '../../db/pool.ts';
import { ON_MARKET } from '../cars/market.ts';
import { notify } from '../notifications/notify.ts';
import { carLine } from './matching.ts';

/** A notification's text fits in 2,000 characters (migration 0008): the cars past that are counted, the link shows them all. */
const BODY_LIMIT = 2000;

interface DueRow {
  id: string;
  user_id: string;
  name: string;
  filters: Record<string, string>;
  period: Date;
}

export interface MatchRow {
  product_name: string;
  resale_price: number;
  location: string;
}

/**
 * Sends each Daily or Weekly saved search its digest: one notification and one email listing the
 * cars it found before the current day (Daily) or week (Weekly, from Monday, UTC) began and has not
 * told yet, newest first, then marks them told. Run every hour; the first run of a period sends,
 * later ones find nothing due, and the event key (`alert-digest:{id}:{period start}`) makes a
 * second digest for the same period impossible. Cars sold or withdrawn meanwhile are left out. A
 * paused search sends nothing. Returns the number of digests sent.
 */
export async function sendAlertDigests(pool: Pool, now = new Date()): Promise<number> {
  const { rows: due } = await pool.query<DueRow>(
    `select s.id, s.user_id, s.name, s.filters, d.period
       from saved_searches s
       cross join lateral (select date_trunc(case when s.frequency = 'Weekly' then 'week' else 'day' end, $1::timestamptz, 'UTC') as period) d
      where not s.paused
        and exists (select from saved_search_matches m where m.saved_search_id = s.id and m.told_at is null and m.matched_at < d.period)`,
    [now],
  );
  let sent = 0;
  for (const saved of due) if (await sendDigest(pool, saved)) sent++;
  return sent;
}

async function sendDigest(pool: Pool, saved: DueRow): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    // The search's row, locked: two runners at once send one digest between them.
    const { rows: still } = await client.query('select 1 from saved_searches where id = $1 and not paused for update', [saved.id]);
    if (!still.length) return false;
    const { rows: cars } = await client.query<MatchRow>(
      `with told as (
         update saved_search_matches set told_at = now()
          where saved_search_id = $1 and told_at is null and matched_at < $2
          returning product_id)
       select p.product_name, p.resale_price, p.location
         from told join products p on p.id = told.product_id
        where ${ON_MARKET}
        order by p.posting_time desc, p.id desc`,
      [saved.id, saved.period],
    );
    if (!cars.length) return false;
    return notify(client, {
      userId: saved.user_id,
      eventKey: `alert-digest:${saved.id}:${saved.period.toISOString()}`,
      kind: 'saved_search_digest',
      title: `${cars.length} new ${cars.length === 1 ? 'car' : 'cars'} for “${saved.name}”`,
      body: digestBody(saved.name, cars),
      link: `/search?${new URLSearchParams({ ...saved.filters, sort: 'newest' }).toString()}`,
    });
  });
}

/** The digest's text: a line per car, newest first, as many as fit, and how many more. */
export function digestBody(name: string, cars: MatchRow[]): string {
  const lines = [`New cars matching your saved search “${name}”:`, ''];
  // Room kept for the last line, "and 1,234 more.".
  let room = BODY_LIMIT - lines.join('\n').length - 20;
  let listed = 0;
  for (const car of cars) {
    const line = `- ${carLine({ productName: car.product_name, resalePrice: car.resale_price, location: car.location })}`;
    if (line.length + 1 > room) break;
    lines.push(line);
    room -= line.length + 1;
    listed++;
  }
  if (listed < cars.length) lines.push(`and ${formatWhole(cars.length - listed)} more.`);
  return lines.join('\n');
}
