import type { Pool } from 'pg';
import { listingCheckNames, type ListingCheck, type ListingCheckName, type ListingCheckOutcome } from '@second-gear/contract';
import { inTransaction } from '../../db/pool.ts';
import { afterCarWrite } from '../cars/car-written.ts';
import { HAS_OPEN_FLAG } from '../cars/market.ts';
import { runChecks } from './checks.ts';


/**
 * Checks a car again and replaces its results, all at once, and has the saved searches run again
 * (an instant alert waits for a car's checks). An admin's dismissal of a flag
 * stays while the same finding is made again; a new finding (another VIN, another price) shows again.
 * A flag that opens or clears has the car's model priced again: a flagged car is nobody's comparable.
 * Returns false for a car that is gone.
 *
 * Two checks of one car may run at once (a job for the listing still running when an edit enqueues
 * the next): a lock per car makes the later one wait and read the car as it is then, so an older
 * reading never overwrites a newer one.
 */
export async function checkListing(pool: Pool, productId: string): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    await client.query(`select pg_advisory_xact_lock(hashtext('check_listing:' || $1))`, [productId]);
    const results = await runChecks(client, productId);
    if (!results) return false;
    const flagged = async () => (await client.query<{ flagged: boolean }>(`select ${HAS_OPEN_FLAG} as flagged from products p where p.id = $1`, [productId])).rows[0]!.flagged;
    const wasFlagged = await flagged();
    await client.query(
      `insert into listing_checks (product_id, name, outcome, detail, dismissed_at)
       select $1, r.name, r.outcome, r.detail, old.dismissed_at
         from jsonb_to_recordset($2::jsonb) as r (name text, outcome text, detail text)
         left join listing_checks old on old.product_id = $1 and old.name = r.name and old.outcome = r.outcome and old.detail = r.detail
       on conflict (product_id, name) do update
         set outcome = excluded.outcome, detail = excluded.detail, dismissed_at = excluded.dismissed_at, checked_at = now()`,
      [productId, JSON.stringify(results)],
    );
    await afterCarWrite(client, { kind: 'listing checks written', flagsMoved: (await flagged()) === wasFlagged ? [] : [productId] });
    return true;
  });
}

/** A car's checks for its page, in the order of `listingCheckNames`; undefined until the first check has run. */
export async function listingChecksOf(pool: Pool, productId: string): Promise<ListingCheck[] | undefined> {
  const { rows } = await pool.query<{ name: ListingCheckName; outcome: ListingCheckOutcome; detail: string; checked_at: Date; cleared: boolean }>(
    `select name, outcome, detail, checked_at, outcome = 'flagged' and dismissed_at is not null as cleared
       from listing_checks where product_id = $1 order by array_position($2::text[], name)`,
    [productId, listingCheckNames],
  );
  if (!rows.length) return undefined;
  return rows.map((r) => ({ name: r.name, outcome: r.outcome, detail: r.detail, ...(r.cleared && { cleared: true as const }), checkedAt: r.checked_at.toISOString() }));
}
