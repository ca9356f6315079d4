import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarPage, ReportedItem } from '@second-gear/contract';
import { vinYearCode, withCheckDigit } from '@second-gear/contract';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { editCar, insertCar } from '../../../test/fixtures.ts';
import { until } from '../../../test/until.ts';
import { inTransaction } from '../../db/pool.ts';
import { checkListingTask } from './jobs.ts';
import { startJobRunner } from '../../jobs/runner.ts';
import { afterCarWrite } from '../cars/car-written.ts';
import { checkListing } from './service.ts';

let t: TestApp;
let seller: Person;
let buyer: Person;
let admin: Person;
let toyota: string;
let serial = 0;

beforeAll(async () => {
  ({ t, seller, buyer, admin, categoryId: toyota } = await withPersonas(['seller', 'buyer', 'admin'], { category: 'Toyota' }));
  await t.pool.query(`update users set created_at = now() - interval '1 year' where id = $1`, [seller.id]);
});
afterAll(() => t.close());

/** A 2019 Toyota whose VIN says `vinYear`. */
async function toyotaOf(vinYear: number, name = 'Toyota Corolla 2019'): Promise<string> {
  const id = await insertCar(t, seller, toyota, { name });
  const vin = withCheckDigit(`4T1BF1FK0${vinYearCode(vinYear)}U${String(++serial).padStart(6, '0')}`);
  await editCar(t, id, `model = 'Corolla', model_year = 2019, vin = $2`, [vin]);
  return id;
}

const jobsOf = async (id: string) =>
  (await t.pool.query<{ key: string; payload: unknown }>(`select key, payload from graphile_worker._private_jobs where key = $1`, [`check:${id}`])).rows;
const rowsOf = async (id: string) =>
  (await t.pool.query<{ name: string; outcome: string; checked_at: Date }>('select name, outcome, checked_at from listing_checks where product_id = $1 order by name', [id])).rows;

describe('the check_listing job', () => {
  it('is enqueued once, keyed by the car, for a listing and a burst of edits, and again when the fair price arrives', async () => {
    const id = await toyotaOf(2019);
    await editCar(t, id, 'resale_price = 14000');
    await editCar(t, id, `description = 'Just the words'`);
    expect(await jobsOf(id)).toEqual([{ key: `check:${id}`, payload: { productId: id } }]);

    await t.pool.query(`delete from graphile_worker._private_jobs where key = $1`, [`check:${id}`]);
    await t.pool.query(`update products set description = 'Words change nothing checked' where id = $1`, [id]);
    expect(await jobsOf(id)).toEqual([]);
    // As a repricing writes it.
    await inTransaction(t.pool, async (client) => {
      await client.query(`insert into price_estimates (product_id, comparables, estimate, low, high, rating) values ($1, 5, 20000, 18000, 22000, 'Great price')`, [id]);
      await afterCarWrite(client, { kind: 'fair prices written', rangeMoved: [id], dealsMoved: true });
    });
    expect(await jobsOf(id)).toHaveLength(1);
  });

  it("checks a new seller's other cars again when their 6th car goes on sale, not for every car after", async () => {
    const fresh = await signUp(t.app, 'Seller');
    const cars: string[] = [];
    for (let i = 0; i < 5; i++) cars.push(await insertCar(t, fresh, toyota));
    const clear = () => t.pool.query(`delete from graphile_worker._private_jobs where key = any($1::text[])`, [cars.map((id) => `check:${id}`)]);
    await clear();
    cars.push(await insertCar(t, fresh, toyota));
    for (const id of cars) expect(await jobsOf(id)).toHaveLength(1);
    await clear();
    cars.push(await insertCar(t, fresh, toyota));
    expect((await Promise.all(cars.map(jobsOf))).map((jobs) => jobs.length)).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });

  it('replaces the results when it runs again, and does nothing for a car that is gone', async () => {
    const id = await toyotaOf(2019);
    const task = checkListingTask(t.pool);
    await task({ productId: id }, {} as never);
    const first = await rowsOf(id);
    expect(first.map((r) => r.name)).toEqual(['photos', 'plausibility', 'price', 'seller', 'vin']);
    await t.pool.query(`update products set vin = $2 where id = $1`, [id, withCheckDigit(`4T1BF1FK0${vinYearCode(2015)}U${String(++serial).padStart(6, '0')}`)]);
    await task({ productId: id }, {} as never);
    const second = await rowsOf(id);
    expect(second).toHaveLength(5);
    expect(second.find((r) => r.name === 'vin')!.outcome).toBe('flagged');
    expect(second[0]!.checked_at.getTime()).toBeGreaterThanOrEqual(first[0]!.checked_at.getTime());

    await t.pool.query('delete from products where id = $1', [id]);
    expect(await checkListing(t.pool, id)).toBe(false);
  });

  it('runs on the job runner within seconds of a listing', async () => {
    const runner = await startJobRunner({ pool: t.pool, config: { publicUrl: t.origin, mail: { transport: 'off', from: 'Second Gear <no-reply@localhost>' } }, secret: t.secret, pollIntervalMs: 100 });
    try {
      const id = await toyotaOf(2014);
      // Listed, then its VIN given (two commits): one check, or two, the last finding the VIN's year.
      await until(async () => (await rowsOf(id)).some((r) => r.name === 'vin' && r.outcome === 'flagged'), "the car's VIN is checked");
      expect(await rowsOf(id)).toHaveLength(5);
    } finally {
      await runner.stop();
    }
  });
});

describe("the car's page", () => {
  it('lists the checks in order once they ran, with the neutral note', async () => {
    const id = await toyotaOf(2015);
    const page = async () => (await as(t.app, buyer, { method: 'GET', url: `/api/cars/${id}` })).json<CarPage>();
    expect((await page()).listingChecks).toBeUndefined();
    await checkListing(t.pool, id);
    expect((await page()).listingChecks).toEqual([
      { name: 'photos', outcome: 'not checked', detail: 'These photos could not be compared with other listings.', checkedAt: expect.any(String) },
      { name: 'vin', outcome: 'flagged', detail: 'This VIN decodes to a 2015 car; the listing says 2019.', checkedAt: expect.any(String) },
      { name: 'price', outcome: 'not checked', detail: 'Too few similar cars are on sale to compare the price.', checkedAt: expect.any(String) },
      { name: 'seller', outcome: 'passed', detail: 'The seller joined more than a week ago.', checkedAt: expect.any(String) },
      { name: 'plausibility', outcome: 'passed', detail: 'The price, mileage and years fit one another.', checkedAt: expect.any(String) },
    ]);
  });
});

describe('Reported Items', () => {
  const queue = async () => (await as(t.app, admin, { method: 'GET', url: '/api/reports' })).json<ReportedItem[]>();

  it('lists flagged cars first, reported or not, with what the checks found; a dismissal lasts until a new finding', async () => {
    const reported = await insertCar(t, seller, toyota, { name: 'Reported only' });
    await as(t.app, buyer, { method: 'POST', url: '/api/reports', payload: { productId: reported, reason: 'Other' } });
    const flagged = await toyotaOf(2015, 'Flagged only');
    await checkListing(t.pool, flagged);
    const honest = await toyotaOf(2019, 'Honest');
    await checkListing(t.pool, honest);

    const items = await queue();
    // The dashboard's "Open reports" counts the same rows.
    expect((await as(t.app, admin, { method: 'GET', url: '/api/dashboard/summary' })).json().admin.openReports).toBe(items.length);
    expect(items[0]).toMatchObject({ productId: flagged, productName: 'Flagged only', reports: 0, reasons: [], notes: [], flags: ['This VIN decodes to a 2015 car; the listing says 2019.'] });
    expect(items.find((i) => i.productId === reported)).not.toHaveProperty('flags');
    expect(items.findIndex((i) => i.productId === reported)).toBeGreaterThan(0);
    expect(items.some((i) => i.productId === honest)).toBe(false);

    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/reports/${flagged}` })).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await queue()).some((i) => i.productId === flagged)).toBe(false);
    await checkListing(t.pool, flagged);
    expect((await queue()).some((i) => i.productId === flagged)).toBe(false);
    await t.pool.query(`update products set model_year = 2017 where id = $1`, [flagged]);
    await checkListing(t.pool, flagged);
    expect((await queue())[0]).toMatchObject({ productId: flagged, flags: ['This VIN decodes to a 2015 car; the listing says 2017.'] });

    await t.pool.query('update products set withdrawn_at = now() where id = $1', [flagged]);
    expect((await queue()).some((i) => i.productId === flagged)).toBe(false);
  });
});
