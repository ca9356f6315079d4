import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carListing, insertCar } from '../../../test/fixtures.ts';
import { as, multipartFile, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { PLACE_LISTED_CARS, placeListedCars } from '../places/jobs.ts';

// Issue 48: a car sits at a ZIP code's centre: the one its seller gave, else the one its Location
// names, else nowhere; every product says where (zip, place), never an address.

let t: TestApp;
let seller: Person;
let otherSeller: Person;
let buyer: Person;
let categoryId: string;
let image: string;
let otherImage: string;

const AUSTIN_78701 = { lat: 30.2713, lon: -97.7426 };

const add = (body: object, who = seller) => as(t.app, who, { method: 'POST', url: '/api/addProducts', payload: body });
const edit = (id: string, body: object, who = seller) => as(t.app, who, { method: 'PUT', url: `/api/products/${id}`, payload: body });
const productOf = async (id: string) => (await as(t.app, buyer, { method: 'GET', url: `/api/cars/${id}` })).json().product;
const row = async (id: string) =>
  (await t.pool.query<{ zip: string | null; zip_given: boolean; lat: number | null; lon: number | null }>('select zip, zip_given, lat, lon from products where id = $1', [id])).rows[0]!;
const stampOf = async (id: string) => (await t.pool.query<{ stamp: string }>('select search_txid::text as stamp from products where id = $1', [id])).rows[0]!.stamp;

async function listed(overrides: Record<string, unknown>): Promise<string> {
  const res = await add(carListing(categoryId, image, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().insertedId as string;
}

beforeAll(async () => {
  ({ t, seller, otherSeller, buyer, categoryId } = await withPersonas(['seller', 'otherSeller', 'buyer'], { category: 'Honda' }));
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  const upload = async (who: Person) => (await as(t.app, who, { method: 'POST', url: '/api/images', ...multipartFile('image', 'car.jpg', 'image/jpeg', bytes) })).json().data.url as string;
  [image, otherImage] = [await upload(seller), await upload(otherSeller)];
});
afterAll(() => t.close());

describe('placing a car as it is listed', () => {
  it('places it at the ZIP code its seller gave, whatever its Location says', async () => {
    const id = await listed({ location: 'Downtown, by the river', zip: ' 78701 ' });
    expect(await row(id)).toEqual({ zip: '78701', zip_given: true, ...AUSTIN_78701 });
    expect(await productOf(id)).toMatchObject({ location: 'Downtown, by the river', zip: '78701', place: AUSTIN_78701 });
  });

  it('places it from a Location naming a US city when no ZIP code is given (left out, null or blank)', async () => {
    for (const zip of [undefined, null, '', '   ']) {
      const id = await listed({ location: 'austin,  Texas', ...(zip !== undefined && { zip }) });
      const placed = await row(id);
      expect(placed, String(zip)).toMatchObject({ zip_given: false });
      expect(placed.zip, String(zip)).toMatch(/^7\d{4}$/);
      expect((await productOf(id)).place).toEqual({ lat: placed.lat, lon: placed.lon });
    }
  });

  it('leaves it unplaced when its Location names no US city, with neither zip nor place in the product', async () => {
    const id = await listed({ location: 'Behind the old mill' });
    expect(await row(id)).toEqual({ zip: null, zip_given: false, lat: null, lon: null });
    const product = await productOf(id);
    expect(product).not.toHaveProperty('zip');
    expect(product).not.toHaveProperty('place');
  });

  it('refuses a ZIP code that is not 5 digits, or no US one, and writes nothing', async () => {
    const before = (await t.pool.query('select count(*)::int as n from products')).rows[0].n;
    const refusals: [unknown, string][] = [
      ['7870', 'ZIP code must be 5 digits.'],
      ['78701-1234', 'ZIP code must be 5 digits.'],
      [78701, 'ZIP code must be 5 digits.'],
      ['00000', 'No US ZIP code 00000.'],
    ];
    for (const [zip, message] of refusals) {
      const res = await add(carListing(categoryId, image, { productName: 'Never listed', zip }));
      expect(res.statusCode, String(zip)).toBe(400);
      expect(res.json().message, String(zip)).toContain(message);
    }
    expect((await t.pool.query('select count(*)::int as n from products')).rows[0].n).toBe(before);
  });
});

describe('placing a car as it is edited', () => {
  it('places it again when its Location changes and its seller gave no ZIP code, and the search’s stamp moves with it', async () => {
    const id = await listed({ location: 'Austin, TX' });
    const stamp = await stampOf(id);
    expect(await row(id)).toMatchObject({ zip_given: false });
    const res = await edit(id, carListing(categoryId, image, { location: 'Boston, MA' }));
    expect(res.statusCode, res.body).toBe(200);
    const moved = await row(id);
    expect(moved.zip).toMatch(/^02\d{3}$/);
    expect(moved.zip_given).toBe(false);
    expect(await stampOf(id)).not.toBe(stamp);
  });

  it('keeps a given ZIP code over a new Location, and a cleared one places the car from its Location again', async () => {
    const id = await listed({ location: 'Austin, TX', zip: '78701' });
    expect((await edit(id, carListing(categoryId, image, { location: 'Somewhere else', zip: '78701' }))).statusCode).toBe(200);
    expect(await row(id)).toEqual({ zip: '78701', zip_given: true, ...AUSTIN_78701 });
    expect((await edit(id, carListing(categoryId, image, { location: 'Boston, MA', zip: null }))).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ zip: expect.stringMatching(/^02\d{3}$/), zip_given: false });
    expect((await edit(id, carListing(categoryId, image, { location: 'Behind the old mill', zip: '' }))).statusCode).toBe(200);
    expect(await row(id)).toEqual({ zip: null, zip_given: false, lat: null, lon: null });
  });

  it('refuses an unknown ZIP code and leaves the car as it was; someone else’s car is not theirs to place', async () => {
    const id = await listed({ location: 'Austin, TX', zip: '78701' });
    const refused = await edit(id, carListing(categoryId, image, { productName: 'Renamed', location: 'Boston, MA', zip: '00000' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('No US ZIP code 00000.');
    expect(await row(id)).toEqual({ zip: '78701', zip_given: true, ...AUSTIN_78701 });
    expect(await productOf(id)).toMatchObject({ productName: '2018 Volvo XC60', location: 'Austin, TX' });
    expect((await edit(id, carListing(categoryId, otherImage, { zip: '02108' }), otherSeller)).statusCode).toBe(404);
    expect((await as(t.app, undefined, { method: 'PUT', url: `/api/products/${id}`, payload: carListing(categoryId, image, { zip: '02108' }) })).statusCode).toBe(401);
    expect(await row(id)).toMatchObject({ zip: '78701' });
  });
});

describe('placing the cars listed before places (the job migration 0042 enqueues)', () => {
  it('places each unplaced car from its Location in batches, once, and leaves given ZIP codes and unknown places alone', async () => {
    const austin = await insertCar(t, seller, categoryId, { name: 'Listed before places in Austin' });
    const nowhere = await insertCar(t, seller, categoryId, { name: 'Listed before places nowhere' });
    const given = await insertCar(t, seller, categoryId, { name: 'Placed by hand' });
    await t.pool.query(`update products set location = 'Austin, TX' where id = $1`, [austin]);
    await t.pool.query(`update products set location = 'Over the hills' where id = $1`, [nowhere]);
    await t.pool.query(`update products set location = 'Austin, TX', zip = '02108', zip_given = true, lat = 42.3576, lon = -71.0684 where id = $1`, [given]);
    const stamp = await stampOf(austin);

    // A batch of one: every car is reached however many batches it takes.
    expect(await placeListedCars(t.pool, 1)).toBeGreaterThanOrEqual(1);
    const placed = await row(austin);
    expect(placed).toMatchObject({ zip: expect.stringMatching(/^7\d{4}$/), zip_given: false });
    expect(await stampOf(austin)).not.toBe(stamp);
    expect(await row(nowhere)).toEqual({ zip: null, zip_given: false, lat: null, lon: null });
    expect(await row(given)).toEqual({ zip: '02108', zip_given: true, lat: 42.3576, lon: -71.0684 });

    // Run again (a second process, a retry): nothing left to place, nothing written twice.
    const stampAfter = await stampOf(austin);
    expect(await placeListedCars(t.pool)).toBe(0);
    expect(await stampOf(austin)).toBe(stampAfter);
  });

  it('is enqueued by migration 0042 once, under one job key however often it runs', async () => {
    const sql = readFileSync(new URL('../../db/migrations/0042_place_listed_cars.sql', import.meta.url), 'utf8');
    const client = await t.pool.connect();
    try {
      // In a transaction rolled back, so that no job runner of the test app picks it up meanwhile.
      await client.query('begin');
      await client.query(sql);
      await client.query(sql);
      const { rows } = await client.query(`select task_identifier as task from graphile_worker.jobs where key = 'place-listed-cars'`);
      expect(rows).toEqual([{ task: PLACE_LISTED_CARS }]);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('places each car once when two runs race', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await insertCar(t, seller, categoryId, { name: `Raced ${i}` }));
    await t.pool.query(`update products set location = 'Denver, CO' where id = any($1::uuid[])`, [ids]);
    const [a, b] = await Promise.all([placeListedCars(t.pool, 2), placeListedCars(t.pool, 2)]);
    expect(a + b).toBe(ids.length);
    for (const id of ids) expect((await row(id)).zip).toMatch(/^80\d{3}$/);
  });
});
