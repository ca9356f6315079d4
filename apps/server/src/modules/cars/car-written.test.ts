import type { PoolClient } from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carListing, insertCar, insertCategory } from '../../../test/fixtures.ts';
import { as, createTestApp, multipartFile, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { inTransaction } from '../../db/pool.ts';
import { afterCarWrite } from './car-written.ts';

// What a write to a car enqueues, in the write's transaction: each job once, and nothing when the write rolls back.

let t: TestApp;
let seller: Person;
let buyer: Person;
let make: string;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer] = await Promise.all([signUp(t.app, 'Seller'), signUp(t.app, 'Buyer')]);
  make = await insertCategory(t, 'Honda');
});
afterAll(() => t.close());

/** A Honda Jazz listed through Add A Product by `who`. */
async function listedJazz(who: Person, price: number): Promise<string> {
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  const upload = await as(t.app, who, { method: 'POST', url: '/api/images', ...multipartFile('image', 'car.jpg', 'image/jpeg', bytes) });
  expect(upload.statusCode, upload.body).toBe(200);
  const listed = await as(t.app, who, { method: 'POST', url: '/api/addProducts', payload: listing(upload.json().data.url, price) });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json().insertedId as string;
}

/** A Honda Jazz listed through Add A Product, on the buyer's wishlist. */
async function wishlistedJazz(price: number): Promise<string> {
  const id = await listedJazz(seller, price);
  const wished = await as(t.app, buyer, { method: 'PUT', url: `/api/wishlists?id=${id}&email=${encodeURIComponent(buyer.email)}` });
  expect(wished.statusCode, wished.body).toBe(200);
  return id;
}

const listing = (image: string, price: number) => carListing(make, image, { productName: '2019 Honda Jazz', model: 'Jazz', mileage: '40000', mileageUnit: 'km', resalePrice: price });

/** Every job in the queue: none runs here (no job runner), so what the writes enqueued stays. */
const queue = async () =>
  (
    await t.pool.query<{ task: string; key: string | null; payload: Record<string, string> }>(
      `select k.identifier as task, j.key, j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
        order by k.identifier, j.key`,
    )
  ).rows;
const emptyQueue = () => t.pool.query('delete from graphile_worker._private_jobs');

describe('a car write', () => {
  it('enqueues each job of a price drop exactly once: the model repriced, the car checked, the saved searches run, the wishlister told', async () => {
    const car = await wishlistedJazz(12_000);
    const page = (await as(t.app, seller, { method: 'GET', url: `/api/cars/${car}` })).json();
    await emptyQueue();

    const { image } = page.product as { image: string };
    const edited = await as(t.app, seller, { method: 'PUT', url: `/api/products/${car}`, payload: listing(image, 11_000) });
    expect(edited.statusCode, edited.body).toBe(200);

    const { rows } = await t.pool.query<{ txid: string }>('select search_txid::text as txid from products where id = $1', [car]);
    expect(await queue()).toEqual([
      { task: 'check_listing', key: `check:${car}`, payload: { productId: car } },
      { task: 'match_saved_searches', key: null, payload: { txid: rows[0]!.txid } },
      { task: 'reprice_model', key: `reprice:${make}:jazz`, payload: { makeId: make, model: 'jazz' } },
      { task: 'wishlist_alerts', key: `wishlist-alerts:${car}`, payload: { productId: car } },
    ]);
  });

  it('that rolls back enqueues nothing, whatever it did', async () => {
    const car = await wishlistedJazz(12_000);
    const other = await wishlistedJazz(13_000);
    await emptyQueue();

    const failed = inTransaction(t.pool, async (client) => {
      await client.query('update products set resale_price = 10000 where id = $1', [car]);
      await client.query('insert into price_changes (product_id, old_price, new_price) values ($1, 12000, 10000)', [car]);
      await afterCarWrite(client, { kind: 'edited', carId: car, was: { makeId: make, model: 'Jazz', price: 12_000 } });
      await client.query('update products set withdrawn_at = now() where id = $1', [car]);
      await afterCarWrite(client, { kind: 'withdrawn', carId: car });
      await client.query('delete from products where id = $1', [other]);
      await afterCarWrite(client, { kind: 'deleted', cars: [{ makeId: make, model: 'Jazz' }] });
      await afterCarWrite(client, { kind: 'seller verified' });
      await afterCarWrite(client, { kind: 'fair prices written', rangeMoved: [car], dealsMoved: true });
      await afterCarWrite(client, { kind: 'listed', carId: car });
      expect((await client.query('select 1 from graphile_worker._private_jobs')).rowCount, 'enqueued inside the transaction').toBeGreaterThan(0);
      throw new Error('the write failed');
    });
    await expect(failed).rejects.toThrow('the write failed');
    expect(await queue()).toEqual([]);
  });

  it('of many cars in one transaction runs the saved searches once, and the next transaction again', async () => {
    const [first, second] = [await wishlistedJazz(12_000), await wishlistedJazz(13_000)];
    await emptyQueue();
    const matchRuns = async () => (await queue()).filter((job) => job.task === 'match_saved_searches').map((job) => job.payload.txid);

    const txid = await inTransaction(t.pool, async (client) => {
      await afterCarWrite(client, { kind: 'listed', carId: first });
      await afterCarWrite(client, { kind: 'listed', carId: second });
      await afterCarWrite(client, { kind: 'seller verified' });
      return (await client.query<{ txid: string }>('select pg_current_xact_id()::text as txid')).rows[0]!.txid;
    });
    expect(await matchRuns()).toEqual([txid]);

    // The mark is the transaction's own: on the same connections, the next one enqueues its run.
    const next = await inTransaction(t.pool, async (client) => {
      await afterCarWrite(client, { kind: 'listed', carId: first });
      return (await client.query<{ txid: string }>('select pg_current_xact_id()::text as txid')).rows[0]!.txid;
    });
    expect((await matchRuns()).sort()).toEqual([txid, next].sort());
  });

  it('of cars listed together enqueues what each listing does, and checks again the other cars of a new seller they take past five on sale', async () => {
    const newSeller = await signUp(t.app, 'Seller');
    const cars: string[] = [];
    for (const price of [10_000, 10_500, 11_000, 11_500, 12_000, 12_500]) cars.push(await listedJazz(newSeller, price));
    await emptyQueue();

    // The last two listed together: they take the seller from four cars on sale to six.
    const txid = await inTransaction(t.pool, async (client) => {
      await afterCarWrite(client, { kind: 'listed together', carIds: cars.slice(4) });
      return (await client.query<{ txid: string }>('select pg_current_xact_id()::text as txid')).rows[0]!.txid;
    });
    expect(await queue()).toEqual([
      ...cars.map((car) => ({ task: 'check_listing', key: `check:${car}`, payload: { productId: car } })).sort((a, b) => a.key.localeCompare(b.key)),
      { task: 'match_saved_searches', key: null, payload: { txid } },
      { task: 'reprice_model', key: `reprice:${make}:jazz`, payload: { makeId: make, model: 'jazz' } },
    ]);

    // A seventh takes the seller past nothing: only it is checked.
    const seventh = await listedJazz(newSeller, 13_000);
    await emptyQueue();
    await inTransaction(t.pool, (client) => afterCarWrite(client, { kind: 'listed together', carIds: [seventh] }));
    expect((await queue()).filter((job) => job.task === 'check_listing').map((job) => job.payload.productId)).toEqual([seventh]);
  });

  it('takes the keys of the cars it checks in one order, so two listings that check each other’s cars wait for each other instead of deadlocking', async () => {
    const crowded = await signUp(t.app, 'Seller');
    const cars = (await Promise.all(Array.from({ length: 10 }, () => insertCar(t, crowded, make)))).sort();
    const [lowest, ...rest] = cars;
    await emptyQueue();
    const addCheck = (client: PoolClient, ids: string[]) =>
      client.query(
        `select graphile_worker.add_job('check_listing', json_build_object('productId', id), job_key := 'check:' || id) from unnest($1::uuid[]) as id`,
        [ids],
      );
    const [holder, writer, other] = await Promise.all([t.pool.connect(), t.pool.connect(), t.pool.connect()]);
    try {
      // One transaction holds the lowest car's key; a write checking all ten, given in another order, waits on it…
      await holder.query('begin');
      await addCheck(holder, [lowest!]);
      await writer.query('begin');
      const writing = afterCarWrite(writer, { kind: 'listed together', carIds: [...cars].reverse() }).then(() => writer.query('commit'));
      const writerPid = (await writer.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const waitsOn = async () => (await other.query<{ blockers: number[] }>('select pg_blocking_pids($1) as blockers', [writerPid])).rows[0]!.blockers;
      while (!(await waitsOn()).length) await new Promise((settle) => setImmediate(settle));
      // …holding none of the others yet: a third transaction takes theirs (lock_timeout turns a wait into a failure).
      await other.query('begin');
      await other.query(`set local lock_timeout = '10s'`);
      await addCheck(other, rest);
      await other.query('commit');
      await holder.query('commit');
      await writing;
      expect((await queue()).filter((job) => job.task === 'check_listing').map((job) => job.key)).toEqual(cars.map((car) => `check:${car}`));
    } finally {
      // Closed rather than returned: after a failure one may still be in its transaction.
      for (const client of [holder, writer, other]) client.release(true);
    }
  });
});
