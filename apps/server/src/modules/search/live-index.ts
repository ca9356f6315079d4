import type { Pool, PoolClient } from 'pg';
import type { DealRating } from '@second-gear/contract';
import { HAS_OPEN_FLAG, ON_MARKET } from '../cars/market.ts';
import { CarIndex, NO_ESTIMATE, type SearchableCar } from './car-index.ts';

/** A process that has not looked for this long reads every car again (migration 0013 keeps deleted ids for a day). */
const RELOAD_AFTER_MS = 60 * 60 * 1000;

interface ChangeRow {
  xmin: string;
  id: string | null;
  on_market: boolean;
  category_id: string;
  model: string | null;
  resale_price: number;
  year_key: number;
  mileage_km: string;
  posted_us: string;
  fuel: string | null;
  transmission: string | null;
  body_type: string | null;
  condition: string;
  verified: boolean;
  location: string;
  lat: number | null;
  lon: number | null;
  search_text: string;
  estimate: number | null;
  rating: DealRating | null;
  flagged: boolean;
}

const CAR_COLUMNS = `
  p.id, ${ON_MARKET} as on_market, p.category_id, p.model, p.resale_price, p.year_key, p.mileage_km::text,
  (extract(epoch from p.posting_time) * 1000000)::int8::text as posted_us, p.fuel, p.transmission, p.body_type,
  p.condition, coalesce(s.verified, false) as verified, p.location, p.lat, p.lon, p.search_text, e.estimate, e.rating, ${HAS_OPEN_FLAG} as flagged`;
const CAR_FROM = 'products p left join users s on s.id = p.seller_id left join price_estimates e on e.product_id = p.id';

/**
 * The snapshot's xmin and the rows in one statement, so both come from the same snapshot: every
 * transaction older than that xmin is in the rows, and any other will be stamped at or after it.
 */
/** Every car on the market, or those whose id `part` keeps (`part('p.id')`), their fair prices read for those only. */
const everyCarSql = (part = (_column: string) => 'true') => `
  with snapshot as (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin)
  select snapshot.xmin, car.* from snapshot left join (
    select ${CAR_COLUMNS} from ${CAR_FROM} and ${part('e.product_id')} where ${ON_MARKET} and ${part('p.id')}
  ) car on true`;
export const EVERY_CAR_SQL = everyCarSql();
export const CHANGED_CARS_SQL = `
  with snapshot as (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin)
  select snapshot.xmin, car.* from snapshot left join (
    select ${CAR_COLUMNS} from ${CAR_FROM} where p.search_txid >= $1::xid8
    union all
    select product_id, false${', null'.repeat(18)} from search_removals where txid >= $1::xid8
  ) car on true`;

/**
 * Whether anything changed since the last look, with this snapshot's xmin, and the makes (every
 * category, by name): a statement simple enough to plan in no time, as it runs before nearly every
 * search and usually finds nothing. Nothing stamped at or after the last xmin means every
 * transaction older than this snapshot's xmin is already in the copy, so the copy may move on to it.
 */
export const LOOK_SQL = `
  select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
         exists (select from products where search_txid >= $1::xid8) or exists (select from search_removals where txid >= $1::xid8) as changed,
         (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by name), '[]') from categories) as makes`;

export interface Make {
  id: string;
  name: string;
}

/** The copy and the makes, as of a look that began after the search arrived. */
export interface Look {
  cars: CarIndex;
  makes: Make[];
}

const toCar = (r: ChangeRow): SearchableCar => ({
  id: r.id!,
  makeId: r.category_id,
  model: r.model,
  price: r.resale_price,
  year: r.year_key,
  km: Number(r.mileage_km),
  postedUs: Number(r.posted_us),
  fuel: r.fuel,
  transmission: r.transmission,
  bodyType: r.body_type,
  condition: r.condition,
  verifiedSeller: r.verified,
  location: r.location,
  lat: r.lat ?? NaN,
  lon: r.lon ?? NaN,
  text: r.search_text,
  // A flagged car earns no rating (as PRODUCT_JSON writes it): last in Best deal, never a good price.
  dealRatio: r.flagged ? Infinity : r.estimate === null ? NO_ESTIMATE : r.resale_price / r.estimate,
  goodPrice: !r.flagged && (r.rating === 'Great price' || r.rating === 'Good price'),
});

/**
 * This process's copy of the cars on the market, brought up to date before every search so that a
 * search sees every write committed before it began, from any process. Searches arriving while the
 * copy is being updated wait for that update only if it began after they arrived; otherwise they
 * share the next one, so a crowd of searches costs one query per update rather than one each.
 */
export class LiveCarIndex {
  private index = new CarIndex();
  private makes: Make[] = [];
  private xmin: string | null = null;
  private lookedAt = 0;
  private arrivals = 0;
  private covered = 0;
  private updating: Promise<void> | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly now: () => number = Date.now,
    /** Rows of a full load read at a time. */
    private readonly loadBatch = 5_000,
  ) {}

  /** The copy, with every write committed before this call, and the makes. */
  async current(): Promise<Look> {
    const arrival = ++this.arrivals;
    while (this.covered < arrival) {
      this.updating ??= this.update().finally(() => {
        this.updating = null;
      });
      await this.updating;
    }
    return { cars: this.index, makes: this.makes };
  }

  private async update(): Promise<void> {
    const covers = this.arrivals;
    const startedAt = this.now();
    const reload = this.xmin === null || startedAt - this.lookedAt > RELOAD_AFTER_MS;
    const { rows: looked } = await this.pool.query<{ xmin: string; changed: boolean; makes: Make[] }>(LOOK_SQL, [this.xmin ?? '0']);
    this.makes = looked[0]!.makes;
    if (reload) {
      const { index, xmin } = await this.loadEveryCar();
      this.index = index;
      return this.lookedFine(xmin, startedAt, covers);
    }
    if (!looked[0]!.changed) return this.lookedFine(looked[0]!.xmin, startedAt, covers);
    const { rows } = await this.pool.query<ChangeRow>(CHANGED_CARS_SQL, [this.xmin]);
    for (const row of rows) {
      if (row.id === null) continue;
      if (row.on_market) this.index.put(toCar(row));
      else this.index.remove(row.id);
    }
    this.index.settle();
    this.lookedFine(rows[0]!.xmin, startedAt, covers);
  }

  /**
   * Every car on the market, into a new copy, through two cursors `loadBatch` rows at a time, on two
   * connections that share one snapshot (pg_export_snapshot): each reads the cars of half the ids,
   * so two PostgreSQL processes read and join while this one puts the rows into the
   * copy (decision 026: at a million cars the load took 54 s through one cursor). Read in one go,
   * every row's object was alive at once, and the collector moved them to the old generation before
   * they died: at 100,000 cars a process kept about 30 MB more after a load (docs/performance.md).
   */
  // Two of the pool's connections for the load's length (a pool of one would wait for ever; the server's has 20).
  private async loadEveryCar(): Promise<{ index: CarIndex; xmin: string }> {
    const clients: PoolClient[] = [];
    try {
      for (let i = 0; i < 2; i++) clients.push(await this.pool.connect());
      const [first, second] = clients as [PoolClient, PoolClient];
      // Repeatable read: every statement of each transaction sees the one snapshot, the second's imported from the first.
      await first.query('begin isolation level repeatable read');
      const { rows: shared } = await first.query<{ snapshot: string }>(
        'select pg_export_snapshot() as snapshot',
      );
      await second.query('begin isolation level repeatable read');
      await second.query(`set transaction snapshot '${shared[0]!.snapshot}'`);
      // The ids below the middle and the rest: random UUIDs, so about half the cars each (a split by
      // the table's pages was not: rows rewritten by an update move to its end).
      const middle = `'80000000-0000-0000-0000-000000000000'::uuid`;
      const parts = [(column: string) => `${column} < ${middle}`, (column: string) => `${column} >= ${middle}`];
      const reads = await Promise.all(
        clients.map(async (client, i) => {
          // Planned for every row, as every row is read (a cursor's plan otherwise favours the first
          // tenth), and room for the fair prices' hash in memory (at a million cars it spilled to disk).
          await client.query(`set local cursor_tuple_fraction = 1; set local work_mem = '64MB'`);
          await client.query(`declare every_car no scroll cursor for ${everyCarSql(parts[i])}`);
          return { client, next: client.query<ChangeRow>(`fetch ${this.loadBatch} from every_car`), done: false };
        }),
      );
      const index = new CarIndex();
      // The snapshot's row comes first even without a car on the market (the left join in everyCarSql).
      const xmins = new Set<string>();
      while (reads.some((r) => !r.done)) {
        for (const read of reads) {
          if (read.done) continue;
          const { rows } = await read.next;
          // PostgreSQL reads the next rows while these are put into the copy.
          if (rows.length === this.loadBatch) read.next = read.client.query<ChangeRow>(`fetch ${this.loadBatch} from every_car`);
          else read.done = true;
          if (rows.length) xmins.add(rows[0]!.xmin);
          for (const row of rows) if (row.id !== null) index.add(toCar(row));
        }
      }
      if (xmins.size !== 1) throw new Error(`the load's two halves saw different snapshots: ${[...xmins].join(', ')}`);
      for (const client of clients) await client.query('commit');
      index.settle();
      return { index, xmin: [...xmins][0]! };
    } finally {
      for (const client of clients) {
        // After a failure, whatever is open is rolled back; after the commits, this does nothing.
        await client.query('rollback').catch(() => {});
        client.release();
      }
    }
  }

  private lookedFine(xmin: string, at: number, covers: number): void {
    this.xmin = xmin;
    this.lookedAt = at;
    this.covered = covers;
  }
}
