import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarPage } from '@second-gear/contract';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { editCar, insertCar, insertCategory } from '../../../test/fixtures.ts';
import { MIN_COMPARABLES } from './estimate.ts';
import { repriceModel } from './service.ts';
import { checkListing } from '../listing-checks/service.ts';
import { dismissReports } from '../admin/service.ts';

let t: TestApp;
let seller: Person;
let make: string;

beforeAll(async () => {
  ({ t, seller, categoryId: make } = await withPersonas(['seller'], { category: 'Toyota' }));
});
afterAll(() => t.close());

/** The known rule Corollas are priced by: 15% a year, 1% per 10,000 km. */
const corollaPrice = (year: number, km: number) => Math.round(20_000 * 0.85 ** (2024 - year) * 0.99 ** (km / 10_000));

/** A Corolla on the market, priced by the rule. */
async function corolla(year: number, km: number, price = corollaPrice(year, km)): Promise<string> {
  const id = await insertCar(t, seller, make, { name: `Toyota Corolla ${year}`, price });
  await editCar(t, id, `model = 'Corolla', model_year = $2, mileage = $3, mileage_unit = 'km'`, [year, km]);
  return id;
}

const estimateOf = async (id: string) =>
  (await t.pool.query<{ comparables: number; estimate: number | null; rating: string | null }>('select comparables, estimate, rating from price_estimates where product_id = $1', [id])).rows[0];

describe('repriceModel', () => {
  it('says "not enough data" with too few comparables, then rates every car of the model once there are enough', async () => {
    const first = await corolla(2019, 50_000);
    await repriceModel(t.pool, make, 'corolla');
    expect(await estimateOf(first)).toEqual({ comparables: 0, estimate: null, rating: null });

    const others = [];
    for (let i = 0; i < MIN_COMPARABLES + 3; i++) others.push(await corolla(2018 + (i % 3), 40_000 + i * 5_000));
    const bargain = await corolla(2019, 50_000, 6_000);
    expect(await repriceModel(t.pool, make, 'Corolla')).toBe(MIN_COMPARABLES + 5);
    const fair = await estimateOf(first);
    expect(fair!.comparables).toBeGreaterThanOrEqual(MIN_COMPARABLES);
    expect(fair!.rating).toBe('Fair price');
    expect(Math.abs(fair!.estimate! - 20_000 * 0.85 ** 5 * 0.99 ** 5)).toBeLessThan(600);
    expect((await estimateOf(bargain))!.rating).toBe('Great price');
  });

  it('fits the depreciation again every time over a small market, and once an hour over a large one', async () => {
    await corolla(2018, 60_000);
    const perYear = async () => (await t.pool.query<{ per_year: number }>('select per_year from price_depreciation')).rows[0]!.per_year;
    await repriceModel(t.pool, make, 'Corolla');
    expect(await perYear()).toBeCloseTo(-Math.log(0.85), 1);
    // A recent fit over a large market stands; an hour old, it is done again.
    await t.pool.query('update price_depreciation set per_year = 0.5, cars = 100000, fitted_at = now()');
    await repriceModel(t.pool, make, 'Corolla');
    expect(await perYear()).toBe(0.5);
    await t.pool.query(`update price_depreciation set fitted_at = now() - interval '61 minutes'`);
    await repriceModel(t.pool, make, 'Corolla');
    expect(await perYear()).toBeCloseTo(-Math.log(0.85), 1);
    // A small market's fit never stands.
    await t.pool.query('update price_depreciation set per_year = 0.5, fitted_at = now()');
    await repriceModel(t.pool, make, 'Corolla');
    expect(await perYear()).toBeCloseTo(-Math.log(0.85), 1);
  });

  it('stamps for the search only the cars whose estimate moved, in one statement: one run of the saved searches', async () => {
    await repriceModel(t.pool, make, 'Corolla');
    const matchRuns = async () =>
      (
        await t.pool.query<{ n: number }>(
          `select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'match_saved_searches'`,
        )
      ).rows[0]!.n;
    const stamps = async () => (await t.pool.query<{ id: string; search_txid: string }>(`select id, search_txid::text from products where model = 'Corolla' order by id`)).rows;
    const runsBefore = await matchRuns();
    const stampsBefore = await stamps();
    // Nothing moved: nothing stamped, nothing to match.
    await repriceModel(t.pool, make, 'Corolla');
    expect(await stamps()).toEqual(stampsBefore);
    expect(await matchRuns()).toBe(runsBefore);
    // Every estimate moved (stored one off, then priced again): each car stamped, the saved searches run once.
    await t.pool.query(`update price_estimates set estimate = estimate + 1 where product_id in (select id from products where model = 'Corolla')`);
    await repriceModel(t.pool, make, 'Corolla');
    const after = await stamps();
    expect(after.filter((car, i) => car.search_txid !== stampsBefore[i]!.search_txid).length).toBeGreaterThan(MIN_COMPARABLES);
    expect(await matchRuns()).toBe(runsBefore + 1);
  });

  it('drops the estimate of a car that left the market', async () => {
    const id = await corolla(2020, 30_000);
    await repriceModel(t.pool, make, 'Corolla');
    expect(await estimateOf(id)).toBeDefined();
    await t.pool.query('update products set withdrawn_at = now() where id = $1', [id]);
    await repriceModel(t.pool, make, 'Corolla');
    expect(await estimateOf(id)).toBeUndefined();
  });
});

describe('a fake car moves no one\'s fair price (issue 46)', () => {
  /** A make of its own with eight honest Civics priced by the Corollas' rule, and the $20,000 one looked at. */
  async function honestCivics() {
    const civics = await insertCategory(t);
    const civic = async (year: number, km: number, price: number) => {
      const id = await insertCar(t, seller, civics, { name: `Civic ${year}`, price });
      await editCar(t, id, `model = 'Civic', model_year = $2, mileage = $3, mileage_unit = 'km'`, [year, km]);
      return id;
    };
    const rule = (year: number, km: number) => Math.round(20_000 * 0.85 ** (2021 - year) * 0.99 ** ((km - 40_000) / 10_000));
    for (const [year, km] of [[2020, 50_000], [2021, 30_000], [2021, 45_000], [2022, 35_000], [2020, 40_000], [2021, 50_000], [2022, 25_000], [2021, 38_000]] as const) {
      await civic(year, km, rule(year, km));
    }
    const looked = await civic(2021, 40_000, 20_000);
    return { civics, civic, looked };
  }
  const comparablesOnPage = async (id: string) => {
    const fair = (await as(t.app, seller, { method: 'GET', url: `/api/cars/${id}` })).json<CarPage>().fairPrice;
    return fair?.kind === 'rated' ? fair.comparables.map((c) => c._id) : [];
  };
  const rangeOf = async (id: string) =>
    (await t.pool.query<{ rating: string; estimate: number; low: number; high: number }>('select rating, estimate, low, high from price_estimates where product_id = $1', [id])).rows[0]!;

  it.each([1, 500, 5_000_000])('a Civic listed at $%i beside honest ones: the honest one at 20,000 keeps Fair price and a tight range, and lists no fake', async (fake) => {
    const { civics, civic, looked } = await honestCivics();
    await repriceModel(t.pool, civics, 'Civic');
    const before = await rangeOf(looked);
    expect(before.rating).toBe('Fair price');
    expect(before.high / before.low).toBeLessThan(1.1);

    const fakeId = await civic(2019, 60_000, fake);
    await repriceModel(t.pool, civics, 'Civic');
    const after = await rangeOf(looked);
    const listed = await comparablesOnPage(looked);
    // Off the market again, so that the next case's market (the depreciation is fitted over all of it) is honest.
    await t.pool.query('update products set withdrawn_at = now() where id = $1', [fakeId]);
    expect(after.rating, `with a $${fake} Civic: ${JSON.stringify(after)}`).toBe('Fair price');
    // The range's ends move by under 5%: the fake is left out; its place in the fit and in the
    // comparables' spread is no one's.
    expect(Math.abs(after.low / before.low - 1), `low with a $${fake} Civic: ${JSON.stringify(after)}`).toBeLessThan(0.05);
    expect(Math.abs(after.high / before.high - 1), `high with a $${fake} Civic: ${JSON.stringify(after)}`).toBeLessThan(0.05);
    expect(listed).not.toContain(fakeId);
  });

  it('leaves a flagged car out of the others\' fair prices and pages, pricing the model again when its flag opens and when an admin clears it', async () => {
    // A seller of a year's standing: a new one with this many cars on sale is a flag of its own.
    await t.pool.query(`update users set created_at = now() - interval '1 year' where id = $1`, [seller.id]);
    const { civics, civic, looked } = await honestCivics();
    const suspect = await civic(2021, 42_000, 19_900);
    await repriceModel(t.pool, civics, 'Civic');
    const comparablesOf = async (id: string) => (await t.pool.query<{ comparables: number }>('select comparables from price_estimates where product_id = $1', [id])).rows[0]!.comparables;
    const counted = await comparablesOf(looked);
    expect(await comparablesOnPage(looked)).toContain(suspect);

    const repricing = async () => (await t.pool.query(`select 1 from graphile_worker._private_jobs where key = $1`, [`reprice:${civics}:civic`])).rowCount;
    // An original price of $1 is implausible: the listing checks flag it, and that alone enqueues the model's repricing.
    await editCar(t, suspect, 'original_price = 1');
    await t.pool.query(`delete from graphile_worker._private_jobs where key = $1`, [`reprice:${civics}:civic`]);
    await checkListing(t.pool, suspect);
    expect(await repricing()).toBe(1);
    await repriceModel(t.pool, civics, 'Civic');
    expect(await comparablesOf(looked)).toBe(counted - 1);
    expect(await comparablesOnPage(looked)).not.toContain(suspect);
    // The flagged car itself is still priced: its price check compares with it.
    expect((await rangeOf(suspect)).rating).toBe('Fair price');

    // Checked again with the same finding: its flag neither opened nor cleared, nothing to price again.
    await t.pool.query(`delete from graphile_worker._private_jobs where key = $1`, [`reprice:${civics}:civic`]);
    await checkListing(t.pool, suspect);
    expect(await repricing()).toBe(0);

    await dismissReports(t.pool, suspect);
    expect(await repricing()).toBe(1);
    await repriceModel(t.pool, civics, 'Civic');
    expect(await comparablesOf(looked)).toBe(counted);
    expect(await comparablesOnPage(looked)).toContain(suspect);
  });
});

describe('the repricing a car write enqueues', () => {
  it('enqueues one pricing job per make and model for a burst of changes, for the old model and the new', async () => {
    const id = await corolla(2017, 90_000);
    await editCar(t, id, 'resale_price = resale_price - 100');
    await editCar(t, id, `condition = 'Fair'`);
    await editCar(t, id, `model = 'Auris'`);
    const { rows } = await t.pool.query<{ key: string; payload: { makeId: string; model: string } }>(
      `select key, payload from graphile_worker._private_jobs where key like $1 order by key`,
      [`reprice:${make}:%`],
    );
    expect(rows).toEqual([
      { key: `reprice:${make}:auris`, payload: { makeId: make, model: 'auris' } },
      { key: `reprice:${make}:corolla`, payload: { makeId: make, model: 'corolla' } },
    ]);
  });
  it('keeps the first time to run when more changes come, so a stream of changes cannot postpone the pricing', async () => {
    const id = await corolla(2016, 100_000);
    const runAt = async () =>
      (await t.pool.query<{ run_at: Date }>(`select run_at from graphile_worker._private_jobs where key = $1`, [`reprice:${make}:corolla`])).rows[0]!.run_at.getTime();
    // Moved a minute earlier: a change that set the time anew would set it later than this.
    await t.pool.query(`update graphile_worker._private_jobs set run_at = run_at - interval '1 minute' where key = $1`, [`reprice:${make}:corolla`]);
    const first = await runAt();
    await editCar(t, id, 'resale_price = resale_price - 100');
    expect(await runAt()).toBe(first);
  });
});

describe("the car's page", () => {
  it('shows the rating, the range and the comparables it came from; "not enough data" with too few', async () => {
    const lonely = await insertCar(t, seller, make, { name: 'Toyota Supra' });
    await t.pool.query(`update products set model = 'Supra', model_year = 2020, mileage = 20000, mileage_unit = 'km' where id = $1`, [lonely]);
    await repriceModel(t.pool, make, 'Supra');
    const buyer = await signUp(t.app, 'Buyer');
    const page = async (id: string) => (await as(t.app, buyer, { method: 'GET', url: `/api/cars/${id}` })).json<CarPage>();
    expect((await page(lonely)).fairPrice).toEqual({ kind: 'not enough data', comparables: 0, needed: MIN_COMPARABLES });

    const car = await corolla(2019, 55_000);
    await repriceModel(t.pool, make, 'Corolla');
    const fair = (await page(car)).fairPrice;
    expect(fair?.kind).toBe('rated');
    if (fair?.kind !== 'rated') return;
    expect(fair.low).toBeLessThanOrEqual(fair.estimate);
    expect(fair.comparables.length).toBeGreaterThanOrEqual(MIN_COMPARABLES);
    expect(fair.comparables.every((c) => Math.abs(c.modelYear - 2019) <= 2 && c._id !== car)).toBe(true);
  });

  it('shows no deal rating for a car with an open listing-check flag, on its page, its card or in the search, until an admin clears it', async () => {
    const car = await corolla(2019, 50_000, 6_000);
    await repriceModel(t.pool, make, 'Corolla');
    const buyer = await signUp(t.app, 'Buyer');
    const page = async () => (await as(t.app, buyer, { method: 'GET', url: `/api/cars/${car}` })).json<CarPage>();
    const inSearch = async () =>
      (await as(t.app, buyer, { method: 'GET', url: `/api/search?make=${make}&limit=48` })).json<{ results: { _id: string; dealRating?: string }[] }>().results.find((r) => r._id === car);
    const category = async () =>
      (await as(t.app, buyer, { method: 'GET', url: `/api/category/${make}?limit=48` })).json<{ products: { _id: string; dealRating?: string }[] }>().products.find((r) => r._id === car);
    expect((await page()).product.dealRating).toBe('Great price');
    expect((await inSearch())?.dealRating).toBe('Great price');

    await t.pool.query(
      `insert into listing_checks (product_id, name, outcome, detail) values ($1, 'price', 'flagged', 'The price is 40% below the fair price of similar cars.')
       on conflict (product_id, name) do update set outcome = excluded.outcome, detail = excluded.detail, dismissed_at = null`,
      [car],
    );
    const flagged = await page();
    expect(flagged.product.dealRating).toBeUndefined();
    expect(flagged.fairPrice?.kind).toBe('rated');
    expect(flagged.fairPrice).not.toHaveProperty('rating');
    expect(flagged.listingChecks).toContainEqual(expect.objectContaining({ name: 'price', outcome: 'flagged' }));
    expect(flagged.listingChecks?.find((c) => c.name === 'price')).not.toHaveProperty('cleared');
    expect(await inSearch()).toBeDefined();
    expect((await inSearch())?.dealRating).toBeUndefined();
    expect(await category()).toBeDefined();
    expect((await category())?.dealRating).toBeUndefined();

    await t.pool.query(`update listing_checks set dismissed_at = now() where product_id = $1`, [car]);
    const cleared = await page();
    expect(cleared.product.dealRating).toBe('Great price');
    expect(cleared.fairPrice).toMatchObject({ rating: 'Great price' });
    expect(cleared.listingChecks?.find((c) => c.name === 'price')).toMatchObject({ outcome: 'flagged', cleared: true });
    expect((await inSearch())?.dealRating).toBe('Great price');
  });

  it('compares a car listed in miles by its km, lists each comparable in its own unit with its price carried over, and the estimate lies among those', async () => {
    const others = [];
    for (let i = 0; i < MIN_COMPARABLES + 1; i++) others.push(await corolla(2017 + (i % 2), 95_000 + i * 2_000));
    // 62,764 miles is 101,009 km: in the band of the others.
    const inMiles = await insertCar(t, seller, make, { name: 'Toyota Corolla in miles', price: corollaPrice(2017, 101_009) });
    await editCar(t, inMiles, `model = 'Corolla', model_year = 2017, mileage = 62764, mileage_unit = 'mi'`);
    await repriceModel(t.pool, make, 'Corolla');
    const buyer = await signUp(t.app, 'Buyer');
    const page = async (id: string) => (await as(t.app, buyer, { method: 'GET', url: `/api/cars/${id}` })).json<CarPage>();

    const fair = (await page(inMiles)).fairPrice;
    expect(fair?.kind).toBe('rated');
    if (fair?.kind !== 'rated') return;
    const adjusted = fair.comparables.map((c) => c.adjustedPrice);
    expect(fair.estimate).toBeGreaterThanOrEqual(Math.min(...adjusted) - 1);
    expect(fair.estimate).toBeLessThanOrEqual(Math.max(...adjusted) + 1);
    expect(fair.comparables.every((c) => c.mileageUnit === 'km' && c.mileage === c.mileageKm)).toBe(true);

    // Seen from a car in km, the car in miles is listed in miles, with its km beside.
    const fromKm = (await page(others[0]!)).fairPrice;
    if (fromKm?.kind !== 'rated') throw new Error('the others are rated');
    expect(fromKm.comparables.find((c) => c._id === inMiles)).toMatchObject({ mileage: 62_764, mileageUnit: 'mi', mileageKm: 101_009 });
  });
});
