import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimilarCars } from '@second-gear/contract';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { as, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { repriceModel } from '../pricing/service.ts';

// A car that left the market (sold, withdrawn, deleted): its page's answer says so in words, and
// GET /cars/{id}/similar offers cars like it that are still on the market.

let t: TestApp;
let buyer: Person;
let seller: Person;
let toyota: string;
let honda: string;

const madeUp = '00000000-0000-4000-8000-000000000000';
const car = (who: Person | undefined, id: string) => as(t.app, who, { method: 'GET', url: `/api/cars/${id}` });
const similar = (who: Person | undefined, id: string) => as(t.app, who, { method: 'GET', url: `/api/cars/${id}/similar` });
const similarIds = async (who: Person | undefined, id: string) => {
  const res = await similar(who, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SimilarCars>();
};

async function listed(name: string, make: string, model: string | null, price: number, state: { paid?: boolean; withdrawn?: boolean } = {}) {
  const id = await insertCar(t, seller, make, { name, price, paid: state.paid ?? false });
  await t.pool.query('update products set model = $2 where id = $1', [id, model]);
  if (state.withdrawn) await t.pool.query('update products set withdrawn_at = now() where id = $1', [id]);
  return id;
}

const cars: Record<string, string> = {};

beforeAll(async () => {
  ({ t, buyer, seller } = await withPersonas(['buyer', 'seller']));
  toyota = await insertCategory(t, 'Toyota left-market');
  honda = await insertCategory(t, 'Honda left-market');
  cars.sold = await listed('Sold Corolla', toyota, 'Corolla', 15_000, { paid: true });
  cars.withdrawn = await listed('Withdrawn Corolla', toyota, 'Corolla', 15_000, { withdrawn: true });
  cars.deleted = await listed('Deleted Corolla', toyota, 'Corolla', 15_000);
  // On the market: Corollas at several prices, other Toyotas, a Honda, and a sold and a withdrawn Corolla that are not offered.
  cars.corollaNear = await listed('Corolla near', toyota, 'corolla', 15_500);
  cars.corollaFar = await listed('Corolla far', toyota, 'Corolla', 30_000);
  cars.camryNear = await listed('Camry near', toyota, 'Camry', 15_100);
  cars.camryFar = await listed('Camry far', toyota, 'Camry', 25_000);
  cars.noModel = await listed('Toyota without a model', toyota, null, 16_000);
  cars.yaris = await listed('Yaris', toyota, 'Yaris', 9_000);
  cars.rav4 = await listed('RAV4', toyota, 'RAV4', 40_000);
  cars.civic = await listed('Civic', honda, 'Corolla', 15_000);
  await listed('Another sold Corolla', toyota, 'Corolla', 15_000, { paid: true });
  const del = await as(t.app, seller, { method: 'DELETE', url: `/api/products/${cars.deleted}` });
  expect(del.json()).toEqual({ acknowledged: true, deletedCount: 1 });
});
afterAll(() => t.close());

describe('GET /cars/{id} of a car that left the market', () => {
  it('a sold car: on record for signed-in people, "This car was sold." to a visitor', async () => {
    expect((await car(buyer, cars.sold!)).statusCode).toBe(200);
    const res = await car(undefined, cars.sold!);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'This car was sold.' });
  });

  it('a withdrawn car: its seller’s still, "This car is no longer listed." to anyone else', async () => {
    expect((await car(seller, cars.withdrawn!)).statusCode).toBe(200);
    for (const who of [buyer, undefined]) expect((await car(who, cars.withdrawn!)).json().message).toBe('This car is no longer listed.');
  });

  it('a deleted car: "This car is no longer listed.", to its seller too', async () => {
    for (const who of [seller, buyer, undefined]) {
      const res = await car(who, cars.deleted!);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This car is no longer listed.');
    }
  });

  it('a reserved car: on record for signed-in people, "This car is reserved for a buyer." to a visitor, never sold', async () => {
    const held = await listed('Held Yaris', toyota, 'Yaris', 9_500, { paid: true });
    await t.pool.query(`update products set sales_status = 'reserved' where id = $1`, [held]);
    expect((await car(buyer, held)).statusCode).toBe(200);
    expect((await car(undefined, held)).json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'This car is reserved for a buyer.' });
  });

  it('an id never listed: "There is no such car."; a malformed one: 400', async () => {
    expect((await car(undefined, madeUp)).json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'There is no such car.' });
    expect((await car(buyer, madeUp)).json().message).toBe('There is no such car.');
    expect((await car(undefined, 'not-an-id')).statusCode).toBe(400);
  });
});

describe('GET /cars/{id}/similar', () => {
  const nearestFirst = () => [cars.corollaNear, cars.corollaFar, cars.camryNear, cars.noModel, cars.yaris, cars.camryFar];

  it('offers up to six cars on the market: the same make and model first (any case), then the make, nearest in price', async () => {
    for (const id of [cars.sold!, cars.withdrawn!, cars.deleted!]) {
      const answer = await similarIds(buyer, id);
      expect(answer.cars.map((c) => c._id)).toEqual(nearestFirst());
    }
  });

  it('says how each car left the market, and null for a car on it (which it leaves out of its own list)', async () => {
    expect((await similarIds(undefined, cars.sold!)).left).toBe('sold');
    expect((await similarIds(undefined, cars.withdrawn!)).left).toBe('withdrawn');
    expect((await similarIds(undefined, cars.deleted!)).left).toBe('deleted');
    const onMarket = await similarIds(undefined, cars.corollaNear!);
    expect(onMarket.left).toBeNull();
    expect(onMarket.cars.map((c) => c._id)).not.toContain(cars.corollaNear);
    expect(onMarket.cars[0]!._id).toBe(cars.corollaFar);
  });

  it('names a sold or reserved car with its price and cover, and a withdrawn, deleted or listed one not at all', async () => {
    const image = (await t.pool.query<{ url: string; src_set: string }>('select i.url, i.src_set from products p join images i on i.key = p.image_key where p.id = $1', [cars.sold])).rows[0]!;
    expect((await similarIds(undefined, cars.sold!)).car).toEqual({ productName: 'Sold Corolla', resalePrice: 15_000, image: image.url, imageSrcSet: image.src_set });
    const held = await listed('Held Corolla', toyota, 'Corolla', 16_500, { paid: true });
    await t.pool.query(`update products set sales_status = 'reserved' where id = $1`, [held]);
    expect(await similarIds(undefined, held)).toMatchObject({ left: 'reserved', car: { productName: 'Held Corolla', resalePrice: 16_500 } });
    for (const id of [cars.withdrawn!, cars.deleted!, cars.corollaNear!]) expect(await similarIds(undefined, id)).not.toHaveProperty('car');
  });

  it('gives a visitor the cars without their sellers’ email and phone', async () => {
    const res = await similar(undefined, cars.sold!);
    expect(res.headers.vary).toMatch(/cookie/);
    expect(res.body).not.toContain(seller.email);
    expect(res.body).not.toContain('555-0100');
    expect(res.json<SimilarCars>().cars.every((c) => c.email === '' && c.mobile === '')).toBe(true);
    expect((await similarIds(buyer, cars.sold!)).cars[0]!.email).toBe(seller.email);
  });

  it('is a 404 for an id never listed, a 400 for a malformed one', async () => {
    const res = await similar(undefined, madeUp);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('There is no such car.');
    expect((await similar(buyer, 'not-an-id')).statusCode).toBe(400);
  });
});

describe('GET /cars/{id}/similar leaves out flagged cars and outliers (issue 46)', () => {
  it('offers no car with an open listing-check flag, nor one priced far off its own fair price', async () => {
    const make = await insertCategory(t, 'Fiat similar');
    const panda = async (name: string, km: number, price: number) => {
      const id = await insertCar(t, seller, make, { name, price });
      await t.pool.query(`update products set model = 'Panda', model_year = 2019, mileage = $2, mileage_unit = 'km' where id = $1`, [id, km]);
      return id;
    };
    const honest = [];
    for (const [km, price] of [[40_000, 9_000], [42_000, 9_100], [44_000, 8_900], [46_000, 9_050], [48_000, 8_950]] as const) {
      honest.push(await panda(`Panda ${km}`, km, price));
    }
    const fake = await panda('Panda for a dollar', 45_000, 1);
    const flagged = await panda('Panda with a flag', 43_000, 9_000);
    await t.pool.query(`insert into listing_checks (product_id, name, outcome, detail) values ($1, 'photos', 'flagged', 'One photo also appears on another seller''s listing.')`, [flagged]);
    await repriceModel(t.pool, make, 'Panda');

    const offered = (await similarIds(buyer, honest[0]!)).cars.map((c) => c._id);
    expect(offered).not.toContain(fake);
    expect(offered).not.toContain(flagged);
    expect(offered.sort()).toEqual(honest.slice(1).sort());
  });
});
