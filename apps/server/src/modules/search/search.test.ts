import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { searchQuery, searchResult, type SearchResult } from '@second-gear/contract';
import { jsonText } from '../../http/json-bytes.ts';
import { search as searchCars, searchResultText } from './service.ts';
import { as, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { placeCar } from '../../../test/zip-centres.ts';

let t: TestApp;
let buyer: Person;
let seller: Person;
const car: Record<string, string> = {};

beforeAll(async () => {
  ({ t, buyer, seller } = await withPersonas(['buyer', 'seller']));
  const volkswagen = await insertCategory(t, 'Volkswagen');
  const toyota = await insertCategory(t, 'Toyota');
  car.golf = await insertCar(t, seller, volkswagen, { name: 'Golf GTI, one owner' });
  car.camry = await insertCar(t, seller, toyota, { name: 'Toyota Camry Hybrid' });
  car.corolla = await insertCar(t, seller, toyota, { name: 'Toyota Corolla' });
  car.soldCamry = await insertCar(t, seller, toyota, { name: 'Toyota Camry Hybrid, sold', paid: true });
  car.withdrawnCamry = await insertCar(t, seller, toyota, { name: 'Toyota Camry Hybrid, withdrawn' });
  await t.pool.query('update products set withdrawn_at = now() where id = $1', [car.withdrawnCamry]);
});
afterAll(() => t.close());

const search = (query: string, who: Person | undefined) => as(t.app, who, { method: 'GET', url: `/api/search?${query}` });
const found = async (query: string) => {
  const res = await search(query, buyer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResult>().results.map((r) => r._id);
};

describe('GET /api/search: the keyword forgives typos', () => {
  it('"Volkswagon" finds the Volkswagen (by its make)', async () => {
    expect(await found('keyword=Volkswagon')).toEqual([car.golf]);
  });
  it('"Camry hybird" finds the Toyota Camry Hybrid on the market, not the sold or withdrawn one', async () => {
    expect(await found('keyword=Camry%20hybird')).toEqual([car.camry]);
  });
  it('an exact word finds its car; an unrelated word finds nothing', async () => {
    expect(await found('keyword=corolla')).toEqual([car.corolla]);
    expect(await found('keyword=zebra')).toEqual([]);
    expect(await found('keyword=50%25_off')).toEqual([]);
  });
});

describe('GET /api/search: visitors', () => {
  it('answers a visitor the same cars, without the sellers’ email and phone and with the VIN’s serial hidden', async () => {
    await t.pool.query(`update products set mobile = '555-0177', vin = '1HGCM82633A004352' where id = $1`, [car.corolla]);
    const res = await search('keyword=corolla', undefined);
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/cookie/);
    expect(res.json<SearchResult>().results).toEqual([expect.objectContaining({ _id: car.corolla, email: '', mobile: '', vin: '1HGCM82633A******' })]);
    expect(res.body).not.toContain(seller.email);
    expect(res.body).not.toContain('555-0177');
    const signedIn = (await search('keyword=corolla', buyer)).json<SearchResult>().results[0];
    expect(signedIn).toMatchObject({ email: seller.email, mobile: '555-0177', vin: '1HGCM82633A004352' });
  });
});

describe('GET /api/search: in production', () => {
  it('sends the bytes the contract makes, though production skips the check', async () => {
    const answer = await searchCars(t.pool, t.app.liveCars, searchQuery.parse({ keyword: 'toyota' }));
    expect(answer.results.length).toBeGreaterThan(0);
    const production = { config: { env: 'production' } } as FastifyInstance;
    // Outside production jsonText holds the text to what the schema makes of it, byte for byte.
    expect(jsonText(production, searchResult, searchResultText(answer)).toString()).toBe(jsonText(t.app, searchResult, searchResultText(answer)).toString());
  });
});

describe('GET /api/search: near a ZIP code', () => {
  let make: string;
  const placed: Record<string, string> = {};
  beforeAll(async () => {
    make = await insertCategory(t, 'Ford');
    // Two in Austin itself (the same distance: the id breaks the tie), then 17, 74 and 146 miles away, and one without a place.
    for (const [name, zip] of [['Austin A', '78701'], ['Austin B', '78701'], ['Round Rock', '78664'], ['San Antonio', '78205'], ['Houston', '77002'], ['Nowhere', null]] as const) {
      placed[name] = await insertCar(t, seller, make, { name });
      await placeCar(t.pool, placed[name], zip);
    }
  });
  const names = async (query: string) => {
    const ids = await found(`make=${make}&${query}`);
    return ids.map((id) => Object.keys(placed).find((name) => placed[name] === id));
  };
  const austin = () => [placed['Austin A']!, placed['Austin B']!].sort().map((id) => Object.keys(placed).find((name) => placed[name] === id));

  it('keeps the cars within the Distance, in miles or km, and leaves out the unplaced; Near alone keeps every car', async () => {
    expect((await names('near=78701&distance=25')).sort()).toEqual(['Austin A', 'Austin B', 'Round Rock']);
    // 100 km is 62 miles; 250 km (155 miles) reaches Houston (146).
    expect((await names('near=78701&distance=100&distanceUnit=km')).sort()).toEqual(['Austin A', 'Austin B', 'Round Rock']);
    expect((await names('near=78701&distance=250&distanceUnit=km')).sort()).toEqual(['Austin A', 'Austin B', 'Houston', 'Round Rock', 'San Antonio']);
    expect(await names('near=78701')).toHaveLength(6);
  });

  it('sorts Nearest first, the id breaking a tie, page after page through the cursor, with the total and counts of the radius', async () => {
    expect(await names('near=78701&sort=nearest')).toEqual([...austin(), 'Round Rock', 'San Antonio', 'Houston']);
    const seen: string[] = [];
    let after = '';
    for (let pages = 0; pages < 10; pages++) {
      const res = await search(`make=${make}&near=78701&distance=100&sort=nearest&limit=1${after}`, buyer);
      const page = res.json<SearchResult>();
      expect(page.total).toBe(4);
      expect(page.counts.make.find((m) => m.value === make)?.count).toBe(4);
      seen.push(...page.results.map((r) => r._id));
      if (!page.nextCursor) break;
      after = `&after=${page.nextCursor}`;
    }
    expect(seen).toEqual([...[placed['Austin A']!, placed['Austin B']!].sort(), placed['Round Rock'], placed['San Antonio']]);
  });

  it('keeps the cars inside the map’s bounds, with any other filter', async () => {
    // A box around Austin and Round Rock only.
    expect((await names('bounds=30.0,-98.0,30.6,-97.5')).sort()).toEqual(['Austin A', 'Austin B', 'Round Rock']);
    expect(await names('bounds=30.0,-98.0,30.6,-97.5&near=78701&sort=nearest&keyword=round')).toEqual(['Round Rock']);
  });

  it('refuses a Distance or Nearest first without Near, a Near that is no ZIP code, and bounds that are no box', async () => {
    const refusals: [string, string][] = [
      ['distance=25', 'Distance needs Near: a ZIP code to measure from.'],
      ['sort=nearest', 'Nearest first needs Near: a ZIP code to measure from.'],
      ['near=00000&distance=25', 'No US ZIP code 00000.'],
      ['near=00000', 'No US ZIP code 00000.'],
      ['near=7870', 'Near must be a 5-digit ZIP code.'],
      ['near=78701&distance=30', 'Distance must be one of: 10, 25, 50, 100, 250.'],
      ['near=78701&distance=25&distanceUnit=furlongs', 'Distance unit must be one of: km, mi.'],
      ['bounds=31,-97,30,-98', 'bounds must be south,west,north,east in degrees.'],
      ['bounds=30,-98,31', 'bounds must be south,west,north,east in degrees.'],
      ['bounds=30,-98,91,-97', 'bounds must be south,west,north,east in degrees.'],
    ];
    for (const [query, message] of refusals) {
      const res = await search(query, buyer);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });
});

describe('GET /api/search: refusals', () => {

  it.each([
    ['minPrice=abc', 'Min Price'],
    ['maxPrice=-5', 'Max Price'],
    ['minYear=1800', 'Min Year'],
    ['maxMileage=1.5', 'Max Mileage'],
    ['fuel=Steam', 'Fuel'],
    ['transmission=CVT', 'Transmission'],
    ['bodyType=Tank', 'Body Type'],
    ['condition=New', 'Condition'],
    ['make=volvo', 'Make'],
    [`keyword=${'a'.repeat(101)}`, 'Keyword'],
    ['verified=false', 'Verified sellers only'],
    ['goodPrice=yes', 'Great or good price'],
    ['sort=relevance', 'Sort by'],
    ['limit=49', 'limit'],
    ['fuel=Petrol&fuel=Diesel', 'Fuel'],
    ['minPrice=20000&maxPrice=10000', 'Min Price (20000) is more than Max Price (10000).'],
    ['minYear=2020&maxYear=2010', 'Min Year (2020) is more than Max Year (2010).'],
    ['colour=red', 'colour'],
  ])('%s: a 400 naming %s', async (query, name) => {
    const res = await search(query, buyer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(name);
  });

  it('refuses a forged cursor, and one of another sort', async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const id = '644fd757-52a8-4575-a55d-5dd1b39acbd3';
    const forged = [
      ['newest', 'garbage'],
      ['newest', b64(['newest', '2020-02-30T00:00:00Z', id])],
      ['price-asc', b64(['price-asc', '1e5', id])],
      ['year-desc', b64(['year-desc', 2020, id])],
      ['newest', b64(['newest', 'x'.repeat(65), id])],
      ['newest', b64(['newest', '2020-02-01T00:00:00Z', 'not-a-uuid'])],
    ];
    for (const [sort, after] of forged) {
      const res = await search(`after=${after}&sort=${sort}`, buyer);
      expect(res.statusCode, after).toBe(400);
      expect(res.json().message).toMatch(/cursor/);
    }
    // A real cursor of one sort does not continue another.
    const first = (await search('limit=1&sort=price-asc', buyer)).json<SearchResult>();
    expect(first.nextCursor).not.toBeNull();
    expect((await search(`limit=1&sort=newest&after=${first.nextCursor}`, buyer)).statusCode).toBe(400);
  });
});
