import type { PoolClient } from 'pg';
import { NEW_SELLER_CARS, NEW_SELLER_DAYS, ON_MARKET } from './market.ts';

// What a write to a car sets off: the work that follows it in the background, enqueued as
// graphile-worker jobs in the transaction of the write, so that each job exists exactly when the
// write does (a write rolled back enqueues nothing; one committed is never forgotten). Every
// writer of cars calls afterCarWrite once it has written: the seller's listings (listings.ts and
// service.ts), the sale (payments/settle.ts), the admin's deletions, verifications and dismissals,
// the repricing (pricing/service.ts), the listing checks (listing-checks/service.ts) and the demo seed.
//
//                        reprice  check  match  wishlist
//   listed                  x       x      x
//   listed together         x       x      x
//   edited                  x       x      x    on a drop
//   sold, withdrawn         x                      x
//   back on the market      x              x
//   deleted                 x
//   seller verified                        x
//   fair prices written             x      x
//   listing checks written  (x)            x
//
// (x): only when a car's open flag opened or all of them cleared, as a flagged car is nobody's
// comparable (pricing/estimate.ts): its model's fair prices change without it, or with it again.
//
// What every write needs whoever makes it stays in PostgreSQL triggers, as it is the data's
// integrity rather than work: the search's stamp of each written car (migrations 0013 and 0018),
// the date a relisted car keeps and the departures it is kept from (migration 0015).

// The names of the jobs a car write enqueues. They are named here, below the features that run
// them (pricing, listing-checks, alerts, wishlist: each module's jobs.ts), so that every writer of
// cars, those features included, can enqueue them without importing one another.
export const REPRICE_MODEL = 'reprice_model';
export const CHECK_LISTING = 'check_listing';
export const MATCH_SAVED_SEARCHES = 'match_saved_searches';
export const WISHLIST_ALERTS = 'wishlist_alerts';

/** A car's make and model: what its repricing is about. */
export interface CarModel {
  makeId: string;
  model: string | null;
}

/** A car as it was before an edit. */
export interface CarBefore extends CarModel {
  price: number;
}

export type CarWrite =
  /** Put on sale, with its photos. */
  | { kind: 'listed'; carId: string }
  /** Many cars put on sale in one transaction (the demo seed): what 'listed' sets off, for all of them in a statement each. */
  | { kind: 'listed together'; carIds: string[] }
  /** The seller's edit: every field and the photos written again, `was` the car before it. */
  | { kind: 'edited'; carId: string; was: CarBefore }
  /** Paid for: reserved while the money is held, then sold. */
  | { kind: 'sold'; carId: string }
  /** A reserved car whose payment was refunded: on the market again as it was. */
  | { kind: 'back on the market'; carId: string }
  | { kind: 'withdrawn'; carId: string }
  /** Deleted cars, as they were. */
  | { kind: 'deleted'; cars: CarModel[] }
  /** A seller's badge, which "Verified sellers only" reads: the search stamps their cars (migration 0013). */
  | { kind: 'seller verified' }
  /**
   * A repricing wrote its model's estimates: `rangeMoved`, the cars whose estimate or range is new
   * or moved; `dealsMoved`, whether an estimate or rating was added, moved or dropped, which the
   * search sorts and filters by (and stamps the cars for, migration 0018).
   */
  | { kind: 'fair prices written'; rangeMoved: string[]; dealsMoved: boolean }
  /**
   * A car checked, or its flags dismissed by an admin: an instant alert waits for a car's checks
   * (alerts/matching.ts), so the saved searches run again once they are in. `flagsMoved`: the cars
   * whose open flag opened or cleared, whose models are priced again without them or with them.
   */
  | { kind: 'listing checks written'; flagsMoved: string[] };

/** Enqueues, in `client`'s transaction, the work the write `change` sets off (the table above). */
export async function afterCarWrite(client: PoolClient, change: CarWrite): Promise<void> {
  switch (change.kind) {
    case 'listed': {
      await repriceModels(client, [await carNow(client, change.carId)]);
      await checkListings(client, [change.carId, ...(await crowdOfNewSeller(client, change.carId))]);
      await matchSavedSearches(client);
      return;
    }
    case 'listed together': {
      const { rows: cars } = await client.query<CarModel>('select category_id as "makeId", model from products where id = any($1::uuid[])', [change.carIds]);
      await repriceModels(client, cars);
      await checkListings(client, [...change.carIds, ...(await crowdOfNewSellers(client, change.carIds))]);
      await matchSavedSearches(client);
      return;
    }
    case 'edited': {
      const car = await carNow(client, change.carId);
      await repriceModels(client, [change.was, car]);
      await checkListings(client, [change.carId]);
      await matchSavedSearches(client);
      if (car.price < change.was.price) await tellWishlisters(client, change.carId);
      return;
    }
    case 'sold':
    case 'withdrawn': {
      await repriceModels(client, [await carNow(client, change.carId)]);
      await tellWishlisters(client, change.carId);
      return;
    }
    case 'back on the market':
      await repriceModels(client, [await carNow(client, change.carId)]);
      await matchSavedSearches(client);
      return;
    case 'deleted':
      // A deleted car's wishlisters have nothing left to be told of: their entries went with it.
      await repriceModels(client, change.cars);
      return;
    case 'seller verified':
      await matchSavedSearches(client);
      return;
    case 'fair prices written':
      await checkListings(client, change.rangeMoved);
      if (change.dealsMoved) await matchSavedSearches(client);
      return;
    case 'listing checks written': {
      const cars = [];
      for (const id of change.flagsMoved) cars.push(await carNow(client, id));
      if (cars.length) await repriceModels(client, cars);
      await matchSavedSearches(client);
      return;
    }
  }
}

async function carNow(client: PoolClient, carId: string): Promise<CarBefore> {
  const { rows } = await client.query<CarBefore>('select category_id as "makeId", model, resale_price as price from products where id = $1', [carId]);
  if (!rows[0]) throw new Error(`afterCarWrite: car ${carId} is not there`);
  return rows[0];
}

/**
 * Repricing (docs/pricing.md): a car added, changed, sold, withdrawn or deleted changes the
 * estimates of its model's cars (the old model's too when the edit changed it), so the model is
 * priced again a few seconds later. The job key (make and lower-cased model) makes a burst of
 * changes one job, run once across processes; the job keeps its first time to run
 * (preserve_run_at), as under a steady stream of changes a job pushed back by each would never run.
 */
async function repriceModels(client: PoolClient, cars: CarModel[]) {
  await client.query(
    `select graphile_worker.add_job($1, json_build_object('makeId', m.make_id, 'model', m.model),
              run_at := now() + interval '3 seconds', job_key := 'reprice:' || m.make_id || ':' || m.model, job_key_mode := 'preserve_run_at')
       from (select distinct "makeId" as make_id, lower(model) as model from jsonb_to_recordset($2::jsonb) as c ("makeId" uuid, model text)
              where model is not null order by 1, 2) m`,
    [REPRICE_MODEL, JSON.stringify(cars)],
  );
}

/**
 * Listing checks (decision 020): a car listed or edited, its photos replaced, or its fair price
 * arrived or moved, is checked again. The job key makes a burst of changes (a listing, then its
 * VIN; a model repriced) one job, run once; it runs a second after the first change of the burst
 * and keeps that time, so that the rest of the burst joins the waiting job rather than meeting one
 * being picked up, and a stream of edits cannot postpone it.
 *
 * A key is locked by the transaction that adds it until it ends, so every transaction takes its keys
 * in one order (repriced models, then checked cars, each sorted): two listings of one young seller,
 * each checking the other's car again, would otherwise each hold the key the other waits for
 * (PostgreSQL's "deadlock detected", and one listing refused).
 */
async function checkListings(client: PoolClient, carIds: string[]) {
  if (!carIds.length) return;
  await client.query(
    `select graphile_worker.add_job($1, json_build_object('productId', id),
              run_at := now() + interval '1 second', job_key := 'check:' || id, job_key_mode := 'preserve_run_at')
       from (select distinct id from unnest($2::uuid[]) as id order by id) cars`,
    [CHECK_LISTING, carIds],
  );
}

/**
 * The car that takes a seller whose account is young past NEW_SELLER_CARS on sale changes the
 * "new seller with many cars" check of their other cars on sale: those are checked again (the
 * cars after it are checked with the count as it is then).
 */
async function crowdOfNewSeller(client: PoolClient, carId: string): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `select p.id from products car
       join products p on p.seller_id = car.seller_id and p.id <> car.id and ${ON_MARKET}
      where car.id = $1
        and exists (select 1 from users u where u.id = car.seller_id and u.created_at > now() - make_interval(days => $2))
        and (select count(*) from products p where p.seller_id = car.seller_id and ${ON_MARKET}) = $3 + 1`,
    [carId, NEW_SELLER_DAYS, NEW_SELLER_CARS],
  );
  return rows.map((r) => r.id);
}

/**
 * As crowdOfNewSeller, for cars listed together: the other cars on sale of each young seller whom
 * these cars took past NEW_SELLER_CARS.
 */
async function crowdOfNewSellers(client: PoolClient, carIds: string[]): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `with young as (
       select s.seller_id from (select distinct seller_id from products where id = any($1::uuid[])) s
         join users u on u.id = s.seller_id
        where u.created_at > now() - make_interval(days => $2)
          and (select count(*) from products p where p.seller_id = s.seller_id and ${ON_MARKET}) > $3
          and (select count(*) from products p where p.seller_id = s.seller_id and ${ON_MARKET} and p.id <> all($1::uuid[])) <= $3
     )
     select p.id from products p join young using (seller_id) where ${ON_MARKET} and p.id <> all($1::uuid[])`,
    [carIds, NEW_SELLER_DAYS, NEW_SELLER_CARS],
  );
  return rows.map((r) => r.id);
}

/**
 * Saved searches (decision 019): a car listed or edited, its seller verified or its deal rating
 * moved may now match a saved search; a car leaving the market or deleted matches none it did not
 * before. The run follows two seconds later in a queue of its own (one run at a time across
 * processes), carrying this transaction's id: a run that began after this transaction ended covers
 * it, so a burst of writes is one or two runs, and a transaction that writes many cars (the demo
 * seed, an admin deleting a seller) enqueues one: a transaction-local setting marks it queued. No
 * job key, whose row every writing transaction would hold locked until it commits, making
 * concurrent listings wait for one another.
 */
async function matchSavedSearches(client: PoolClient) {
  // WHERE is evaluated before the select list, so the setting is read before this statement sets it.
  await client.query(
    `select graphile_worker.add_job($1, json_build_object('txid', pg_current_xact_id()::text), queue_name := 'match-saved-searches',
              run_at := now() + interval '2 seconds'),
            set_config('second_gear.saved_searches_run_queued', 'yes', true)
      where current_setting('second_gear.saved_searches_run_queued', true) is distinct from 'yes'`,
    [MATCH_SAVED_SEARCHES],
  );
}

/**
 * Wishlist alerts (wishlist/alerts.ts): a price drop, a sale or a withdrawal is told to the buyers
 * who wishlisted the car, if any. One job key per car makes a burst of edits one job, which tells
 * every change not told yet; it keeps its first time to run, so a stream of edits cannot postpone it.
 */
async function tellWishlisters(client: PoolClient, carId: string) {
  await client.query(
    `select graphile_worker.add_job($1, json_build_object('productId', $2::uuid),
              run_at := now() + interval '2 seconds', job_key := 'wishlist-alerts:' || $2::uuid, job_key_mode := 'preserve_run_at')
      where exists (select 1 from wishlist_entries w where w.product_id = $2::uuid)`,
    [WISHLIST_ALERTS, carId],
  );
}
