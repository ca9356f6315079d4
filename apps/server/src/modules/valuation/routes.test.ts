import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarValue, PriceGuide } from '@second-gear/contract';
import { as, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { nextLoopbackAddress } from '../../../test/raw-http.ts';
import { placeOfZip } from '../places/gazetteer.ts';
import { MIN_COMPARABLES } from '../pricing/estimate.ts';
import { priceGuideFor } from '../pricing/guide.ts';
import { repriceModel } from '../pricing/service.ts';
import { VALUATIONS_PER_ADDRESS } from './routes.ts';
import { NEAR_MILES } from './service.ts';

let t: TestApp;
let seller: Person;
let buyer: Person;
let make: string;

beforeAll(async () => {
  ({ t, seller, buyer, categoryId: make } = await withPersonas(['seller', 'buyer'], { category: 'Honda' }));
});
afterAll(() => t.close());

/** An Accord's price by a known rule: 12% a year, 1% per 10,000 km, from 30,000 new in 2024. */
const rule = (year: number, km: number) => Math.round(30_000 * 0.88 ** (2024 - year) * 0.99 ** (km / 10_000));

/** An Accord on the market, placed at a ZIP code's centre (Austin's 78701 unless told). */
async function accord(year: number, km: number, { price = rule(year, km), zip = '78701' } = {}): Promise<string> {
  const id = await insertCar(t, seller, make, { name: `Honda Accord ${year}`, price });
  const place = placeOfZip(zip)!;
  await t.pool.query(`update products set model = 'Accord', model_year = $2, mileage = $3, mileage_unit = 'km', zip = $4, lat = $5, lon = $6 where id = $1`, [
    id,
    year,
    km,
    zip,
    place.lat,
    place.lon,
  ]);
  return id;
}

const get = (query: string, who?: Person, remoteAddress = nextLoopbackAddress()) => as(t.app, who, { method: 'GET', url: `/api/value?${query}`, remoteAddress });
const description = { model: 'accord', modelYear: 2019, mileage: 50_000, mileageUnit: 'km', condition: 'Good' } as const;
const described = (extra = '') => `make=${make}&model=accord&modelYear=2019&mileage=50000&mileageUnit=km&condition=Good${extra}`;
const value = async (query: string) => {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CarValue>();
};

describe('GET /api/value', () => {
  it('says how many similar cars there are and how many are needed, instead of guessing, to anyone', async () => {
    await accord(2019, 48_000);
    for (const who of [undefined, buyer, seller]) {
      const res = await get(described(), who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ kind: 'not enough data', comparables: 1, needed: MIN_COMPARABLES });
    }
  });

  it('gives the estimator’s own estimate and range: the sellers’ guide’s for the car described, and a listed car’s stored one for the same car', async () => {
    for (const [year, km] of [[2018, 60_000], [2019, 40_000], [2020, 35_000], [2019, 55_000], [2021, 30_000], [2017, 70_000]] as const) await accord(year, km);
    // A listed car described exactly as the valued one: its fair price as the repricing stored it.
    const same = await accord(2019, 50_000);
    await repriceModel(t.pool, make, 'Accord');
    const { rows } = await t.pool.query<{ estimate: number; low: number; high: number; comparables: number }>(
      'select estimate, low, high, comparables from price_estimates where product_id = $1',
      [same],
    );
    const stored = rows[0]!;
    // Off the market, it is no comparable of the valued car: the two then rest on the same cars.
    await t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [same]);

    const answer = await value(described());
    expect(answer).toMatchObject({ kind: 'estimate', estimate: stored.estimate, low: stored.low, high: stored.high });
    expect(answer.kind === 'estimate' && answer.comparables.length).toBe(stored.comparables);
    expect(Math.abs(stored.estimate - rule(2019, 50_000))).toBeLessThan(400);

    const guide = await priceGuideFor(t.pool, { make, ...description });
    expect(guide).toMatchObject({ kind: 'rated', estimate: stored.estimate, low: stored.low, high: stored.high });
    const sellersGuide = await as(t.app, seller, { method: 'GET', url: `/api/pricing/guide?${described()}` });
    expect(sellersGuide.json<PriceGuide>()).toMatchObject({ estimate: stored.estimate, low: stored.low, high: stored.high });
  });

  it('lists the similar cars it rests on, fewest miles first, each with its price carried over, and leaves out a car a listing check flagged', async () => {
    const before = await value(described());
    if (before.kind !== 'estimate') throw new Error(`no estimate: ${JSON.stringify(before)}`);
    expect(before.comparables.map((c) => c.mileageKm)).toEqual([...before.comparables.map((c) => c.mileageKm)].sort((a, b) => a - b));
    const adjusted = before.comparables.map((c) => c.adjustedPrice).sort((a, b) => a - b);
    // The estimate is their median (the carried-over prices are rounded here, the estimate after the median).
    expect(Math.abs(before.estimate - (adjusted[(adjusted.length - 1) >> 1]! + adjusted[adjusted.length >> 1]!) / 2)).toBeLessThanOrEqual(1);
    for (const c of before.comparables) expect(c).toMatchObject({ productName: expect.stringContaining('Honda Accord'), mileageUnit: 'km', condition: 'Good' });

    const flagged = before.comparables[0]!._id;
    await t.pool.query(`insert into listing_checks (product_id, name, outcome, detail) values ($1, 'photos', 'flagged', 'One photo also appears on another seller''s listing.')`, [flagged]);
    const after = await value(described());
    expect(after.kind === 'estimate' && after.comparables.map((c) => c._id)).toEqual(before.comparables.slice(1).map((c) => c._id));
    await t.pool.query('delete from listing_checks where product_id = $1', [flagged]);
  });

  it(`with a ZIP code, tells how many of the similar cars are within ${NEAR_MILES} miles of it, and leaves the estimate as it is`, async () => {
    // Two more, in New York: similar cars, but not near Austin.
    await accord(2019, 45_000, { zip: '10001' });
    await accord(2020, 52_000, { zip: '10001' });
    const anywhere = await value(described());
    const nearAustin = await value(described('&zip=78702'));
    const nearNewYork = await value(described('&zip=10002'));
    if (anywhere.kind !== 'estimate' || nearAustin.kind !== 'estimate' || nearNewYork.kind !== 'estimate') throw new Error('no estimate');
    expect(anywhere).not.toHaveProperty('near');
    expect({ ...nearAustin, near: undefined }).toEqual({ ...anywhere, near: undefined });
    expect(nearAustin.near).toEqual({ zip: '78702', city: 'Austin', state: 'TX', withinMiles: NEAR_MILES, comparables: anywhere.comparables.length - 2 });
    expect(nearNewYork.near).toMatchObject({ zip: '10002', state: 'NY', comparables: 2 });
  });

  it('refuses a ZIP code that is no US one, as a listing does, before reading the market', async () => {
    const res = await get(described('&zip=00000'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'No US ZIP code 00000.' });
  });

  it('has no estimate for a make with no cars, rather than borrowing another make’s', async () => {
    const empty = await insertCategory(t, 'Volvo');
    expect(await value(described().replace(make, empty))).toEqual({ kind: 'not enough data', comparables: 0, needed: MIN_COMPARABLES });
  });

  it.each([
    ['make=honda', 'Category'],
    ['modelYear=1800', 'Model Year'],
    ['modelYear=2019.5', 'Model Year'],
    ['mileage=-1', 'Mileage'],
    ['mileage=lots', 'Mileage'],
    ['mileageUnit=furlongs', 'Mileage unit'],
    ['condition=New', 'Condition'],
    ['model=', 'Model'],
    ['zip=7870', 'ZIP code must be 5 digits.'],
    ['zip=78701%20', 'ZIP code must be 5 digits.'],
    ['price=12000', 'price'],
    ['car=6f1c2a43-1111-4aaa-8aaa-000000000000', 'car'],
  ])('refuses %s with a 400 naming %s', async (bad, name) => {
    const [key] = bad.split('=');
    const params = new URLSearchParams(described());
    params.delete(key!);
    const res = await get(`${params}&${bad}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(name);
  });

  it('refuses a description with a field missing', async () => {
    const params = new URLSearchParams(described());
    params.delete('condition');
    const res = await get(params.toString());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Condition');
  });
});

describe('the valuations from one client address', () => {
  it(`take ${VALUATIONS_PER_ADDRESS.max} in ${VALUATIONS_PER_ADDRESS.minutes} minutes, then wait; another address is not held up`, async () => {
    const address = nextLoopbackAddress();
    for (let i = 0; i < VALUATIONS_PER_ADDRESS.max; i++) {
      const res = await get(described(), undefined, address);
      expect(res.statusCode, `valuation ${i + 1}`).toBe(200);
    }
    const over = await get(described(), buyer, address);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/^Too many valuations from your network\. Try again in /);
    expect((await get(described())).statusCode).toBe(200);
  });
});
