import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit, vinYearCode } from '@second-gear/contract';
import sharp from 'sharp';
import { as, createTestApp, multipartFile, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { carPicture, reusedCopy } from '../../../test/car-pictures.ts';
import { imageKeyOf, perceptualHash } from '../../images/store.ts';
import { PHOTO_DISTANCE, runChecks, type CheckResult } from './checks.ts';

let t: TestApp;
let toyota: string;

beforeAll(async () => {
  t = await createTestApp();
  toyota = await insertCategory(t, 'Toyota');
});
afterAll(() => t.close());

const distance = (a: string, b: string) => [...a].filter((bit, i) => bit !== b[i]).length;
const hashOf = async (picture: Buffer) => (await perceptualHash(picture))!;

/** A seller whose account is `days` old. */
async function seller(days = 365): Promise<Person> {
  const person = await signUp(t.app, 'Seller');
  await t.pool.query(`update users set created_at = now() - make_interval(days => $2) where id = $1`, [person.id, days]);
  return person;
}

/** A North American Toyota VIN of `year` (4T1…, a letter in the 7th place for 2010 on), unique by its serial. */
function toyotaVin(year: number, wmi = '4T1'): string {
  return withCheckDigit(`${wmi}BF1FK0${vinYearCode(year)}U${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`);
}

/** A 2019 Corolla of `person`, with what the test sets on top. */
async function car(person: Person, changes: { vin?: string; price?: number; modelYear?: number } = {}): Promise<string> {
  const id = await insertCar(t, person, toyota, { name: 'Toyota Corolla 2019', price: changes.price ?? 15_000 });
  await t.pool.query(`update products set model = 'Corolla', model_year = $2, vin = $3 where id = $1`, [id, changes.modelYear ?? 2019, changes.vin ?? null]);
  return id;
}

/** Gives the car's cover the hash of `picture`, uploaded `minutesAgo`. */
async function cover(productId: string, picture: Buffer, minutesAgo = 0): Promise<void> {
  await t.pool.query(
    `update images set phash = $2::bit(64), created_at = now() - make_interval(mins => $3) where key = (select image_key from products where id = $1)`,
    [productId, await hashOf(picture), minutesAgo],
  );
}

const check = async (id: string, name: CheckResult['name']) => (await runChecks(t.pool, id))!.find((c) => c.name === name)!;

describe('the perceptual hash', () => {
  it('finds a picture again after a crop of 2–5%, resizing and JPEG recompression, and tells different pictures apart', async () => {
    const originals = await Promise.all([1, 2, 3, 4, 5, 6].map((seed) => carPicture(seed)));
    const hashes = await Promise.all(originals.map((p) => hashOf(p)));
    for (const [i, original] of originals.entries()) {
      const copy = await reusedCopy(original, 100 + i);
      expect(distance(hashes[i]!, await hashOf(copy))).toBeLessThanOrEqual(PHOTO_DISTANCE);
      for (const other of hashes.slice(i + 1)) expect(distance(hashes[i]!, other)).toBeGreaterThan(PHOTO_DISTANCE);
    }
  });

  it('gives none to a picture of one plain colour (any two would match), and is stored with an upload', async () => {
    const plain = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8844aa' } }).jpeg().toBuffer();
    expect(await perceptualHash(plain)).toBeNull();

    const person = await seller();
    const picture = await carPicture(31);
    const upload = await as(t.app, person, { method: 'POST', url: '/api/images', ...multipartFile('image', 'car.jpg', 'image/jpeg', picture) });
    expect(upload.statusCode, upload.body).toBe(200);
    const key = imageKeyOf(upload.json<{ data: { url: string } }>().data.url);
    const { rows } = await t.pool.query<{ phash: string }>('select phash from images where key = $1', [key]);
    expect(rows[0]!.phash).toBe(await hashOf(picture));
  });
});

describe('photos', () => {
  it("flags a photo first shown on another seller's car, not the original and not the same seller's other car", async () => {
    const [first, second] = [await seller(), await seller()];
    const picture = await carPicture(11);
    const original = await car(first);
    await cover(original, picture, 60);
    const again = await car(first);
    await cover(again, await reusedCopy(picture, 12), 30);
    const copy = await car(second);
    await cover(copy, await reusedCopy(picture, 13));

    expect(await check(copy, 'photos')).toEqual({ name: 'photos', outcome: 'flagged', detail: "One photo also appears on another seller's listing." });
    expect((await check(original, 'photos')).outcome).toBe('passed');
    expect((await check(again, 'photos')).outcome).toBe('passed');
  });

  it('passes unrelated photos, and says "not checked" for photos stored before hashing', async () => {
    const own = await car(await seller());
    await cover(own, await carPicture(21));
    expect(await check(own, 'photos')).toEqual({ name: 'photos', outcome: 'passed', detail: "The photos appear on no other seller's listing." });
    expect((await check(await car(await seller()), 'photos')).outcome).toBe('not checked');
  });
});

describe('VIN', () => {
  it('passes a VIN that decodes to the listed make and year, and says "not checked" without one', async () => {
    const person = await seller();
    expect(await check(await car(person, { vin: toyotaVin(2019) }), 'vin')).toEqual({
      name: 'vin',
      outcome: 'passed',
      detail: "The VIN decodes to a 2019 Toyota, as listed, and was on no other seller's listing in the last 90 days.",
    });
    expect(await check(await car(person), 'vin')).toEqual({ name: 'vin', outcome: 'not checked', detail: 'No VIN was given.' });
  });

  it('says in neutral words when the year or the make differs', async () => {
    const person = await seller();
    expect((await check(await car(person, { vin: toyotaVin(2015) }), 'vin')).detail).toBe('This VIN decodes to a 2015 car; the listing says 2019.');
    const honda = await check(await car(person, { vin: toyotaVin(2019, '1HG') }), 'vin');
    expect(honda).toEqual({ name: 'vin', outcome: 'flagged', detail: 'This VIN decodes to a Honda; the listing says Toyota.' });
    expect((await check(await car(person, { vin: toyotaVin(2016, '1HG') }), 'vin')).detail).toBe(
      'This VIN decodes to a 2016 Honda; the listing says a 2019 Toyota.',
    );
  });

  it("flags a VIN on another seller's listing in the last 90 days, not on the same seller's or an older one", async () => {
    const [first, second] = [await seller(), await seller()];
    const vin = toyotaVin(2019);
    const earlier = await car(first, { vin });
    await t.pool.query(`update products set withdrawn_at = now() - interval '10 days' where id = $1`, [earlier]);
    const relisted = await car(first, { vin });
    expect((await check(relisted, 'vin')).outcome).toBe('passed');
    await t.pool.query('update products set withdrawn_at = now() where id = $1', [relisted]);
    const elsewhere = await car(second, { vin });
    expect(await check(elsewhere, 'vin')).toEqual({ name: 'vin', outcome: 'flagged', detail: "This VIN was on another seller's listing in the last 90 days." });

    const old = toyotaVin(2019);
    const long = await car(first, { vin: old });
    await t.pool.query(`update products set posting_time = now() - interval '200 days', withdrawn_at = now() - interval '100 days' where id = $1`, [long]);
    expect((await check(await car(second, { vin: old }), 'vin')).outcome).toBe('passed');
  });
});

describe('price', () => {
  const estimate = (id: string, value: number | null) =>
    t.pool.query(
      `insert into price_estimates (product_id, comparables, estimate, low, high, rating) values ($1, 6, $2::int, $2::int * 0.9, $2::int * 1.1, case when $2::int is null then null else 'Fair price' end)`,
      [id, value],
    );

  it('flags a price under 75% of the fair price, passes one above, says "not checked" without an estimate', async () => {
    const person = await seller();
    const cheap = await car(person, { price: 11_000 });
    await estimate(cheap, 20_000);
    expect(await check(cheap, 'price')).toEqual({
      name: 'price',
      outcome: 'flagged',
      detail: 'The price is 45% below the fair price of similar cars (most sell between $18,000 and $22,000).',
    });
    const fair = await car(person, { price: 16_000 });
    await estimate(fair, 20_000);
    expect((await check(fair, 'price')).outcome).toBe('passed');
    const unrated = await car(person, { price: 5_000 });
    await estimate(unrated, null);
    expect((await check(unrated, 'price')).outcome).toBe('not checked');
    expect((await check(await car(person), 'price')).outcome).toBe('not checked');
  });
});

describe('seller', () => {
  it('flags an account under a week old with more than 5 cars on sale; passes fewer cars or an older account', async () => {
    const fresh = await seller(2);
    const cars = [];
    for (let i = 0; i < 5; i++) cars.push(await car(fresh));
    expect(await check(cars[0]!, 'seller')).toEqual({ name: 'seller', outcome: 'passed', detail: 'The seller joined 2 days ago and has at most 5 cars on sale.' });
    cars.push(await car(fresh));
    expect(await check(cars[0]!, 'seller')).toEqual({ name: 'seller', outcome: 'flagged', detail: 'The seller joined 2 days ago and has more than 5 cars on sale.' });

    const older = await seller(30);
    for (let i = 0; i < 6; i++) await car(older);
    expect(await check(await car(older), 'seller')).toEqual({ name: 'seller', outcome: 'passed', detail: 'The seller joined more than a week ago.' });
  });
});

describe('plausibility', () => {
  /** A car of `person` with its details set straight in the database (legal values, as the contract would let through). */
  async function detailed(person: Person, set: string, params: unknown[]): Promise<string> {
    const id = await car(person);
    await t.pool.query(`update products set ${set} where id = $1`, [id, ...params]);
    return id;
  }
  const thisYear = new Date().getFullYear();

  it('passes an ordinary car: cheaper than new, 15,000 km a year, bought in its model year', async () => {
    const person = await seller();
    const id = await detailed(person, `original_price = 24000, resale_price = 15000, model_year = $2, year_of_purchase = $3, mileage = $4, mileage_unit = 'km'`, [
      thisYear - 4,
      String(thisYear - 4),
      60_000,
    ]);
    expect(await check(id, 'plausibility')).toEqual({ name: 'plausibility', outcome: 'passed', detail: 'The price, mileage and years fit one another.' });
  });

  it('flags a price far above the original, an original price of $1, a mileage far from the age (in its unit), a model year after the purchase', async () => {
    const person = await seller();
    const dear = await detailed(person, 'original_price = 10000, resale_price = 16000', []);
    expect((await check(dear, 'plausibility')).detail).toBe('The price ($16,000) is more than 1.5 times the original price ($10,000).');
    const dollar = await detailed(person, 'original_price = 1', []);
    expect((await check(dollar, 'plausibility')).detail).toBe('The original price ($1) is less than any car costs new.');
    // 62,137 mi is 100,000 km: in a year, more than 80,000 km (49,710 mi), said in the seller's unit.
    const driven = await detailed(person, `model_year = $2, year_of_purchase = $3, mileage = 62137, mileage_unit = 'mi'`, [thisYear - 1, String(thisYear - 1)]);
    expect(await check(driven, 'plausibility')).toEqual({ name: 'plausibility', outcome: 'flagged', detail: '62,137 mi in a year is more than 49,710 mi a year.' });
    const kept = await detailed(person, `model_year = $2, year_of_purchase = $3, mileage = 200, mileage_unit = 'km'`, [thisYear - 20, String(thisYear - 20)]);
    expect((await check(kept, 'plausibility')).detail).toBe('200 km is very little for a car 20 years old.');
    const later = await detailed(person, `model_year = 2022, year_of_purchase = '2019'`, []);
    expect((await check(later, 'plausibility')).detail).toBe('The model year (2022) is after the year of purchase (2019).');
    // A car bought the year before its model year is usual.
    const ahead = await detailed(person, `model_year = 2020, year_of_purchase = '2019'`, []);
    expect((await check(ahead, 'plausibility')).outcome).toBe('passed');
  });
});

it('answers undefined for a car that is gone', async () => {
  expect(await runChecks(t.pool, randomUUID())).toBeUndefined();
});
