import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceGuide } from '@second-gear/contract';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { MIN_COMPARABLES } from './estimate.ts';
import { repriceModel } from './service.ts';

let t: TestApp;
let seller: Person;
let make: string;

beforeAll(async () => {
  ({ t, seller, categoryId: make } = await withPersonas(['seller'], { category: 'Honda' }));
});
afterAll(() => t.close());

/** A Civic's price by a known rule: 15% a year, 1% per 10,000 km, from 20,000 new in 2024. */
const rule = (year: number, km: number) => Math.round(20_000 * 0.85 ** (2024 - year) * 0.99 ** (km / 10_000));

async function civic(year: number, km: number, price = rule(year, km)): Promise<string> {
  const id = await insertCar(t, seller, make, { name: `Honda Civic ${year}`, price });
  await t.pool.query(`update products set model = 'Civic', model_year = $2, mileage = $3, mileage_unit = 'km' where id = $1`, [id, year, km]);
  return id;
}

const guide = (who: Person | undefined, query: string) => as(t.app, who, { method: 'GET', url: `/api/pricing/guide?${query}` });
const described = (extra = '') => `make=${make}&model=civic&modelYear=2019&mileage=50000&mileageUnit=km&condition=Good${extra}`;

describe('GET /api/pricing/guide', () => {
  it('says "not enough data" below the minimum, then gives the estimate and range of a car as described', async () => {
    const first = await civic(2019, 48_000);
    let res = await guide(seller, described());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PriceGuide>()).toEqual({ kind: 'not enough data', comparables: 1, needed: MIN_COMPARABLES });

    for (const [year, km] of [[2018, 60_000], [2019, 40_000], [2020, 35_000], [2019, 55_000], [2021, 30_000], [2017, 70_000]] as const) await civic(year, km);
    // Before any repricing the depreciation is fitted over the model's cars; after one, the market's is used.
    for (const when of ['before repricing', 'after repricing']) {
      if (when === 'after repricing') {
        await repriceModel(t.pool, make, 'Civic');
        const { rows } = await t.pool.query<{ per_year: number }>('select per_year from price_depreciation');
        expect(rows[0]!.per_year).toBeCloseTo(-Math.log(0.85), 2);
      }
      res = await guide(seller, described());
      const answer = res.json<PriceGuide>();
      expect(answer.kind, when).toBe('rated');
      if (answer.kind !== 'rated') return;
      expect(answer.comparables).toBeGreaterThanOrEqual(MIN_COMPARABLES);
      expect(Math.abs(answer.estimate - rule(2019, 50_000)), when).toBeLessThan(300);
      expect(answer.low).toBeLessThanOrEqual(answer.estimate);
      expect(answer.high).toBeGreaterThanOrEqual(answer.estimate);
    }

    // A price typed is rated against the estimate.
    const rated = (price: number) => guide(seller, described(`&price=${price}`)).then((r) => r.json<PriceGuide>());
    expect(await rated(Math.round(rule(2019, 50_000) * 0.7))).toMatchObject({ kind: 'rated', rating: 'Great price' });
    expect(await rated(rule(2019, 50_000))).toMatchObject({ kind: 'rated', rating: 'Fair price' });
    expect(await rated(rule(2019, 50_000) * 2)).toMatchObject({ kind: 'rated', rating: 'Overpriced' });
    expect((await guide(seller, described())).json()).not.toHaveProperty('rating');

    // Miles are converted; the car being edited is not its own comparable.
    const inMiles = (await guide(seller, `make=${make}&model=Civic&modelYear=2019&mileage=31069&mileageUnit=mi&condition=Good`)).json<PriceGuide>();
    expect(inMiles.kind === 'rated' && Math.abs(inMiles.estimate - rule(2019, 50_000))).toBeLessThan(300);
    const all = (await guide(seller, described())).json<PriceGuide>();
    const withoutFirst = (await guide(seller, described(`&car=${first}`))).json<PriceGuide>();
    expect(all.kind === 'rated' && withoutFirst.kind === 'rated' && all.comparables - withoutFirst.comparables).toBe(1);
  });

  it('counts only cars on the market', async () => {
    const other = await insertCategory(t, 'Mazda');
    const ids = [];
    for (let i = 0; i < MIN_COMPARABLES; i++) {
      const id = await insertCar(t, seller, other, { name: 'Mazda 3', price: 12_000 });
      await t.pool.query(`update products set model = 'Mazda3', model_year = 2019, mileage = 50000, mileage_unit = 'km' where id = $1`, [id]);
      ids.push(id);
    }
    const query = `make=${other}&model=Mazda3&modelYear=2019&mileage=50000&mileageUnit=km&condition=Good`;
    expect((await guide(seller, query)).json<PriceGuide>().kind).toBe('rated');
    await t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [ids[0]]);
    expect((await guide(seller, query)).json<PriceGuide>()).toEqual({ kind: 'not enough data', comparables: MIN_COMPARABLES - 1, needed: MIN_COMPARABLES });
  });

  it('is for sellers only', async () => {
    expect((await guide(undefined, described())).statusCode).toBe(401);
    expect((await guide(await signUp(t.app, 'Buyer'), described())).statusCode).toBe(403);
  });

  it.each([
    ['make=volvo', 'Category'],
    ['modelYear=1800', 'Model Year'],
    ['modelYear=2019.5', 'Model Year'],
    ['mileage=-1', 'Mileage'],
    ['mileageUnit=furlongs', 'Mileage unit'],
    ['condition=New', 'Condition'],
    ['car=42', 'car'],
    ['price=12.5', 'Resale Price'],
    ['model=', 'Model'],
    ['colour=red', 'colour'],
  ])('refuses %s naming %s', async (bad, name) => {
    const [key] = bad.split('=');
    const params = new URLSearchParams(described());
    params.delete(key!);
    const res = await guide(seller, `${params}&${bad}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(name);
  });
});
