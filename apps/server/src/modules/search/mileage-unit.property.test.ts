import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MileageUnit, SearchResult } from '@second-gear/contract';
import { as, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

/**
 * Max Mileage in either unit (issue 47): `GET /api/search` keeps exactly the cars whose mileage is
 * at most the filter in the filter's unit, whichever unit each seller gave, so a buyer who reads
 * miles and one who reads km find the same cars for the same distance. The brute force compares
 * mileages exactly, in whole numbers: a mile is 25,146/15,625 km, so 15,625 mi is exactly 25,146 km.
 */

const MI = 15_625;
const KM = 25_146;

let t: TestApp;
let buyer: Person;
let seller: Person;
let categoryId: string;
let imageKey: string;

beforeAll(async () => {
  ({ t, buyer, seller, categoryId } = await withPersonas(['buyer', 'seller'], { category: true }));
  imageKey = 'mileageunitpropertytestimage';
  await t.pool.query(`insert into images (key, widths) values ($1, '{480}')`, [imageKey]);
});
afterAll(() => t.close());

const unitArb = fc.constantFrom<MileageUnit>('km', 'mi');
/** A distance that is a whole number in both units: k × 15,625 mi = k × 25,146 km. */
const sharedArb = fc.integer({ min: 1, max: 19 });
/**
 * Mileages at and next to the searched distance k (where float8 rounds: 78,125 × 1.609344 is
 * 125,730.00000000001), at other such distances, and anywhere.
 */
const mileageArb = (k: number) =>
  fc.oneof(
    fc.record({ unit: unitArb, k: fc.oneof(fc.constant(k), sharedArb), off: fc.constantFrom(0, 0, -1, 1) }).map(({ unit, k, off }) => ({ unit, value: k * (unit === 'mi' ? MI : KM) + off })),
    fc.record({ unit: unitArb, value: fc.integer({ min: 0, max: 500_000 }) }),
  );
type Mileage = { unit: MileageUnit; value: number };

async function replaceListings(mileages: (Mileage | null)[]): Promise<{ id: string; mileage: Mileage | null }[]> {
  await t.pool.query('delete from products');
  const cars = [];
  for (const mileage of mileages) {
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into products (category_id, seller_id, seller_name, seller_email, product_name, condition, description, original_price,
         resale_price, year_of_purchase, mobile, location, image_key, model, mileage, mileage_unit)
       values ($1, $2, $3, $4, 'A car', 'Good', 'For sale', 20000, 15000, '2019', '555-0100', 'Town', $5, 'Golf', $6, $7)
       returning id`,
      [categoryId, seller.id, seller.name, seller.email, imageKey, mileage?.value ?? null, mileage?.unit ?? null],
    );
    cars.push({ id: rows[0]!.id, mileage });
  }
  return cars;
}

/** Whether a mileage is at most `max` in `unit`, exactly (in 1/15,625 km, whole numbers). */
const within = (mileage: Mileage | null, max: number, unit: MileageUnit) =>
  mileage !== null && mileage.value * (mileage.unit === 'mi' ? KM : MI) <= max * (unit === 'mi' ? KM : MI);

/** The ids the search finds, every page, in its order; `unit` undefined leaves the unit out, as links made before it did. */
async function found(maxMileage: number, unit: MileageUnit | undefined): Promise<string[]> {
  const params = new URLSearchParams({ maxMileage: String(maxMileage), limit: '48', ...(unit ? { mileageUnit: unit } : {}) });
  const ids: string[] = [];
  for (;;) {
    const res = await as(t.app, buyer, { method: 'GET', url: `/api/search?${params}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<SearchResult>();
    ids.push(...page.results.map((r) => r._id));
    if (!page.nextCursor) return ids;
    params.set('after', page.nextCursor);
  }
}

describe('GET /api/search, Max Mileage in either unit', () => {
  it('keeps exactly the cars within the distance in its unit, so one distance in miles and in km finds the same cars', async () => {
    await fc.assert(
      fc.asyncProperty(
        sharedArb.chain((k) => fc.tuple(fc.constant(k), fc.array(fc.option(mileageArb(k), { nil: null }), { maxLength: 30 }))),
        fc.record({ max: fc.integer({ min: 0, max: 500_000 }), unit: unitArb }),
        async ([k, mileages], any) => {
          const cars = await replaceListings(mileages);
          const inMiles = await found(k * MI, 'mi');
          expect(await found(k * KM, 'km')).toEqual(inMiles);
          // A link from before the unit could be chosen is in km, for everyone.
          expect(await found(k * KM, undefined)).toEqual(inMiles);
          expect(new Set(inMiles)).toEqual(new Set(cars.filter((c) => within(c.mileage, k * MI, 'mi')).map((c) => c.id)));
          expect(new Set(await found(any.max, any.unit))).toEqual(new Set(cars.filter((c) => within(c.mileage, any.max, any.unit)).map((c) => c.id)));
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);

  it('refuses a unit other than km or mi, naming the filter', async () => {
    const res = await as(t.app, buyer, { method: 'GET', url: '/api/search?maxMileage=40000&mileageUnit=miles' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Max Mileage unit must be one of: km, mi/);
  });
});
