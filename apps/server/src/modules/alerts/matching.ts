import type { Pool } from 'pg';
import { categoryPageSize, formatPrice, searchQuery, type AlertFrequency, type LatLon, type Product } from '@second-gear/contract';
import { inTransaction } from '../../db/pool.ts';
import { CHECKED_AND_CLEAR } from '../cars/market.ts';
import { parseProduct } from '../cars/product.ts';
import { notify } from '../notifications/notify.ts';
import { AppError } from '../../errors.ts';
import type { LiveCarIndex } from '../search/live-index.ts';
import { nearOf } from '../search/near.ts';
import { search } from '../search/service.ts';

interface WatchingRow {
  id: string;
  user_id: string;
  name: string;
  frequency: AlertFrequency;
  filters: Record<string, string>;
  watch_from: Date;
}

/** A car as a line of an alert: `VW Golf 2019, $14,500, Leeds`. */
export const carLine = (car: Pick<Product, 'productName' | 'resalePrice' | 'location'>) => `${car.productName}, ${formatPrice(car.resalePrice)}, ${car.location}`;

/**
 * Runs every active saved search, as the search page would (its own keyword, mileage and seller
 * rules), newest first, and records each car listed since the search began watching that it has
 * not found before. The insert decides who tells, so a car is told at most once per saved search
 * however many runs, or processes, find it. An Instantly search tells each new car at once (bell
 * and email, in the same transaction as the match), but only once its listing checks have run with
 * its fair price and found nothing an admin has not cleared (CHECKED_AND_CLEAR): a car still waiting
 * is left for the run its checks set off, and a flagged one until an admin clears it. Daily and
 * Weekly ones record every car for the digest, flagged or not: the digest is read later, and each
 * line links to the car's page, which shows its flags at the top.
 * Returns the number of new matches.
 */
export async function matchSavedSearches(pool: Pool, cars: LiveCarIndex): Promise<number> {
  const { rows: watching } = await pool.query<WatchingRow>(
    'select id, user_id, name, frequency, filters, watch_from from saved_searches where not paused order by id',
  );
  let found = 0;
  for (const saved of watching) {
    const candidates = await newestMatches(pool, cars, saved);
    if (candidates.length) found += await record(pool, saved, candidates);
  }
  return found;
}

/**
 * The job's run after a write by transaction `txid`: the saved searches are run unless a run that
 * began after that transaction ended did it already (a burst of writes is one run, however many
 * jobs it enqueued). Returns the new matches, or null when skipped. The jobs' queue runs one at a time.
 */
export async function matchAfterWrite(pool: Pool, cars: LiveCarIndex, txid: string): Promise<number | null> {
  const { rows } = await pool.query<{ covered: boolean; xmin: string }>(
    'select $1::xid8 < covered_xmin as covered, pg_snapshot_xmin(pg_current_snapshot())::text as xmin from saved_search_matching',
    [txid],
  );
  if (rows[0]!.covered) return null;
  // Every transaction below this xmin has ended, so the searches below (which bring the copy of the cars up to date first) see its writes.
  const found = await matchSavedSearches(pool, cars);
  await pool.query('update saved_search_matching set covered_xmin = greatest(covered_xmin, $1::xid8)', [rows[0]!.xmin]);
  return found;
}

/**
 * The cars the search finds that were listed since it began watching (a little more: the insert is
 * exact): the search page's own search, its Near and Distance included.
 */
async function newestMatches(pool: Pool, cars: LiveCarIndex, saved: WatchingRow): Promise<Product[]> {
  const since = saved.watch_from.getTime();
  const asked = (after?: string) => searchQuery.safeParse({ ...saved.filters, sort: 'newest', limit: String(categoryPageSize.max), ...(after ? { after } : {}) });
  const first = asked();
  // Saved under an older schema and no longer a search: it finds nothing rather than stopping the others.
  if (!first.success) return [];
  let near: LatLon | undefined;
  try {
    near = nearOf(first.data);
  } catch (err) {
    // A Near that is no longer a ZIP code (gone from the gazetteer): the same.
    if (err instanceof AppError) return [];
    throw err;
  }
  const found: Product[] = [];
  for (let query = first.data; ; ) {
    const page = await search(pool, cars, query, near);
    const listed = page.results.map(parseProduct);
    found.push(...listed);
    const last = listed.at(-1);
    // postingTime keeps milliseconds only: stop at the first page reaching back before the watch began.
    if (!page.nextCursor || !last || Date.parse(last.postingTime) < since) return found;
    query = { ...query, after: page.nextCursor };
  }
}

async function record(pool: Pool, saved: WatchingRow, candidates: Product[]): Promise<number> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ product_id: string }>(
      `insert into saved_search_matches (saved_search_id, product_id, told_at)
       select s.id, p.id, case when s.frequency = 'Instantly' then now() end
         from saved_searches s join products p on p.id = any($2::uuid[]) and p.posting_time > s.watch_from
        where s.id = $1 and not s.paused and (s.frequency <> 'Instantly' or ${CHECKED_AND_CLEAR})
       on conflict do nothing
       returning product_id`,
      [saved.id, candidates.map((c) => c._id)],
    );
    if (saved.frequency === 'Instantly') {
      const byId = new Map(candidates.map((c) => [c._id, c]));
      for (const { product_id } of rows) {
        const car = byId.get(product_id)!;
        await notify(client, {
          userId: saved.user_id,
          eventKey: `alert:${saved.id}:${car._id}`,
          kind: 'saved_search_match',
          title: `New match for “${saved.name}”: ${car.productName}`,
          body: `${carLine(car)}. It matches your saved search “${saved.name}”.`,
          link: `/cars/${car._id}`,
        });
      }
    }
    return rows.length;
  });
}
