import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyTypes, conditions, dealRatings, distanceIn, fuels, milesBetween, searchRadii, searchSorts, transmissions, type SearchResult, type SearchSort } from '@second-gear/contract';
import { as, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { insertCategory } from '../../../test/fixtures.ts';
import { pointAt, radiiInMiles, zipCentres, type TestZip } from '../../../test/zip-centres.ts';
import { wordMatches, wordsOf } from './keyword.ts';

/**
 * Random listings against random filter sets and sorts: every page (walked through `nextCursor`),
 * the total and every option's count must equal a brute-force computation over the same rows.
 * Cars are placed at test ZIP codes' centres or around them (or nowhere), and searches ask for a
 * Near with a Distance in miles or km, the map's bounds and Nearest first, measured by the
 * contract's milesBetween. The keyword's words are matched as the copy matches them
 * (keyword.ts, whose typo tolerance is checked by example in keyword.test.ts and search.test.ts).
 */

let t: TestApp;
let buyer: Person;
let sellers: { verified: Person; unverified: Person };
let makes: string[];
let imageKey: string;

type Generated<A> = A extends fc.Arbitrary<infer T> ? T : never;

const models = ['Golf', 'Polo', 'Camry', 'Focus', 'Model 3'] as const;
const locations = ['Portland, OR', 'Austin, TX', 'South Portland, ME', 'Salt Lake City, UT'] as const;
const zips = Object.keys(zipCentres) as TestZip[];
const names = ['A car', 'Estate car', 'Diesel coupe', 'Estate, one owner'] as const;
const base = Date.parse('2026-01-01T00:00:00Z');

const carArb = fc.record({
  make: fc.nat({ max: 3 }),
  model: fc.option(fc.constantFrom(...models), { nil: null }),
  // Few distinct values, so that sort keys tie and the id must break the ties.
  price: fc.oneof(fc.constantFrom(5000, 7500, 12000), fc.integer({ min: 1, max: 60_000 })),
  yearOfPurchase: fc.integer({ min: 2000, max: 2024 }),
  modelYear: fc.option(fc.integer({ min: 1998, max: 2025 }), { nil: null }),
  mileage: fc.option(fc.record({ value: fc.oneof(fc.constantFrom(0, 50_000, 31_069), fc.integer({ min: 0, max: 300_000 })), unit: fc.constantFrom('km', 'mi') }), { nil: null }),
  fuel: fc.option(fc.constantFrom(...fuels), { nil: null }),
  transmission: fc.option(fc.constantFrom(...transmissions), { nil: null }),
  bodyType: fc.option(fc.constantFrom(...bodyTypes), { nil: null }),
  condition: fc.constantFrom(...conditions),
  location: fc.constantFrom(...locations),
  name: fc.constantFrom(...names),
  // At a ZIP code's centre, a hundredth of a mile either side of a radius from one, anywhere up to 3 degrees from one, or not placed.
  place: fc.oneof(
    fc.constantFrom(...zips).map((zip) => ({ zip, ...zipCentres[zip] })),
    fc
      .tuple(fc.constantFrom(...zips), fc.constantFrom(...radiiInMiles), fc.constantFrom(-0.01, 0.01), fc.integer({ min: 0, max: 359 }))
      .map(([zip, miles, hair, bearing]) => ({ zip, ...pointAt(zipCentres[zip], miles + hair, bearing) })),
    fc
      .tuple(fc.constantFrom(...zips), fc.integer({ min: -3000, max: 3000 }), fc.integer({ min: -3000, max: 3000 }))
      .map(([zip, dLat, dLon]) => ({ zip, lat: zipCentres[zip].lat + dLat / 1000, lon: zipCentres[zip].lon + dLon / 1000 })),
    fc.constant(null),
  ),
  verifiedSeller: fc.boolean(),
  state: fc.constantFrom('market', 'market', 'market', 'sold', 'withdrawn'),
  day: fc.nat({ max: 4 }),
  // The fair price as repriceModel stores it; few estimates, so that deal ratios tie.
  fair: fc.option(fc.record({ estimate: fc.oneof(fc.constantFrom(6000, 10000), fc.integer({ min: 1, max: 60_000 })), rating: fc.constantFrom(...dealRatings) }), { nil: null }),
});
type Car = Generated<typeof carArb> & { id: string };

/** A filter is set one time in five, so that most searches find something and their counts differ. */
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const queryArb = fc
  .record({
    make: sometimes(fc.oneof(fc.nat({ max: 3 }), fc.constant(-1))),
    model: sometimes(fc.constantFrom(...models, 'golf', 'Corolla')),
    minPrice: sometimes(fc.integer({ min: 0, max: 40_000 })),
    maxPrice: sometimes(fc.integer({ min: 0, max: 60_000 })),
    minYear: sometimes(fc.integer({ min: 1998, max: 2025 })),
    maxYear: sometimes(fc.integer({ min: 1998, max: 2025 })),
    maxMileage: sometimes(fc.oneof({ weight: 2, arbitrary: fc.constantFrom(0, 50_000, 80_467) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 500_000 }) })),
    fuel: sometimes(fc.constantFrom(...fuels)),
    transmission: sometimes(fc.constantFrom(...transmissions)),
    bodyType: sometimes(fc.constantFrom(...bodyTypes)),
    condition: sometimes(fc.constantFrom(...conditions)),
    location: sometimes(fc.constantFrom('portland', 'TX', ', ', 'lake c', 'nowhere')),
    verified: sometimes(fc.constant(true)),
    goodPrice: sometimes(fc.constant(true)),
    keyword: sometimes(fc.constantFrom('estate', 'diesel coupe', 'owner', 'zzz')),
    near: fc.option(fc.constantFrom(...zips), { nil: undefined }),
    distance: fc.option(fc.constantFrom(...searchRadii), { nil: undefined }),
    distanceUnit: fc.constantFrom(undefined, 'km' as const, 'mi' as const),
    bounds: sometimes(
      fc
        .tuple(fc.integer({ min: 27_000, max: 32_000 }), fc.integer({ min: -100_000, max: -94_000 }), fc.nat({ max: 5000 }), fc.nat({ max: 6000 }))
        .map(([south, west, tall, wide]) => [south / 1000, west / 1000, (south + tall) / 1000, (west + wide) / 1000].join(',')),
    ),
    sort: sometimes(fc.constantFrom(...searchSorts)),
  })
  // As the contract has it: a Distance and Nearest first only with a Near.
  .map(({ near, distance, distanceUnit, sort, ...q }) => (near === undefined ? { ...q, sort: sort === 'nearest' ? undefined : sort } : { ...q, near, distance, distanceUnit, sort }))
  .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Partial<typeof q> & { near?: TestZip; distance?: number; distanceUnit?: 'km' | 'mi' })
  .filter((q) => (q.minPrice ?? 0) <= (q.maxPrice ?? Infinity) && (q.minYear ?? 0) <= (q.maxYear ?? Infinity));
type Query = Generated<typeof queryArb>;

beforeAll(async () => {
  const cast = await withPersonas(['buyer', 'seller', 'otherSeller']);
  ({ t, buyer } = cast);
  sellers = { verified: cast.seller, unverified: cast.otherSeller };
  await t.pool.query('update users set verified = true where id = $1', [sellers.verified.id]);
  makes = [await insertCategory(t, 'Volkswagen'), await insertCategory(t, 'Toyota'), await insertCategory(t, 'Ford'), await insertCategory(t, 'Tesla')];
  imageKey = 'searchpropertytestimage';
  await t.pool.query(`insert into images (key, widths) values ($1, '{480}')`, [imageKey]);
});
afterAll(() => t.close());

async function replaceListings(cars: Generated<typeof carArb>[]): Promise<Car[]> {
  await t.pool.query('delete from products');
  const stored: Car[] = [];
  for (const car of cars) {
    const seller = car.verifiedSeller ? sellers.verified : sellers.unverified;
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into products (category_id, seller_id, seller_name, seller_email, product_name, condition, description, original_price,
         resale_price, year_of_purchase, mobile, location, image_key, paid, sales_status, withdrawn_at, posting_time,
         model, model_year, mileage, mileage_unit, fuel, transmission, body_type)
       values ($1, $2, $3, $4, $21, $5, 'For sale', $6 + 1000, $6, $7, '555-0100', $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
       returning id`,
      [
        makes[car.make], seller.id, seller.name, seller.email, car.condition, car.price, String(car.yearOfPurchase), car.location, imageKey,
        car.state === 'sold', car.state === 'sold' ? 'sold' : 'available', car.state === 'withdrawn' ? new Date() : null,
        new Date(base + car.day * 86_400_000), car.model, car.modelYear, car.mileage?.value ?? null, car.mileage?.unit ?? null,
        car.fuel, car.transmission, car.bodyType, car.name,
      ],
    );
    if (car.place) await t.pool.query('update products set zip = $2, lat = $3, lon = $4 where id = $1', [rows[0]!.id, car.place.zip, car.place.lat, car.place.lon]);
    if (car.fair) {
      await t.pool.query('insert into price_estimates (product_id, comparables, estimate, low, high, rating) values ($1, 5, $2, $2, $2, $3)', [rows[0]!.id, car.fair.estimate, car.fair.rating]);
    }
    stored.push({ ...car, id: rows[0]!.id });
  }
  return stored;
}

// ---- The brute force ----

const yearOf = (c: Car) => c.modelYear ?? c.yearOfPurchase;
/** Exactly, in 1/15,625 km (a mile is 25,146 of them): the search compares the exact mileage, not its km as float8. */
const withinKm = (c: Car, max: number) => c.mileage !== null && c.mileage.value * (c.mileage.unit === 'mi' ? 25_146 : 15_625) <= max * 15_625;
const kmOf = (c: Car) => (c.mileage === null ? Infinity : c.mileage.unit === 'mi' ? c.mileage.value * 1.609344 : c.mileage.value);
const facetValue = { make: (c: Car) => makes[c.make], fuel: (c: Car) => c.fuel, transmission: (c: Car) => c.transmission, bodyType: (c: Car) => c.bodyType, condition: (c: Car) => c.condition };
type Facet = keyof typeof facetValue;
const facetNames = Object.keys(facetValue) as Facet[];

const makeOf = (q: Query) => (q.make === undefined ? undefined : (makes[q.make] ?? '00000000-0000-4000-8000-000000000000'));

function matches(c: Car, q: Query, except?: Facet): boolean {
  if (c.state !== 'market') return false;
  if (q.model !== undefined && c.model?.toLowerCase() !== q.model.toLowerCase()) return false;
  if (q.minPrice !== undefined && c.price < q.minPrice) return false;
  if (q.maxPrice !== undefined && c.price > q.maxPrice) return false;
  if (q.minYear !== undefined && yearOf(c) < q.minYear) return false;
  if (q.maxYear !== undefined && yearOf(c) > q.maxYear) return false;
  if (q.maxMileage !== undefined && !withinKm(c, q.maxMileage)) return false;
  if (q.location !== undefined && !c.location.toLowerCase().includes(q.location.toLowerCase())) return false;
  if (q.verified && !c.verifiedSeller) return false;
  if (q.goodPrice && c.fair?.rating !== 'Great price' && c.fair?.rating !== 'Good price') return false;
  if (q.keyword !== undefined) {
    const words = [...wordsOf(`${c.name} ${c.model ?? ''} For sale`.toLowerCase()), ...wordsOf(['Volkswagen', 'Toyota', 'Ford', 'Tesla'][c.make]!)];
    if (!wordsOf(q.keyword).every((typed) => words.some((word) => wordMatches(typed, word)))) return false;
  }
  if ((q.distance !== undefined || q.sort === 'nearest' || q.bounds !== undefined) && !c.place) return false;
  if (q.bounds !== undefined) {
    const [south, west, north, east] = q.bounds.split(',').map(Number) as [number, number, number, number];
    if (c.place!.lat < south || c.place!.lat > north || c.place!.lon < west || c.place!.lon > east) return false;
  }
  if (q.distance !== undefined && !(milesBetween(zipCentres[q.near!], c.place!) <= distanceIn(q.distance, q.distanceUnit ?? 'mi', 'mi'))) return false;
  const wanted: Record<Facet, string | undefined> = { make: makeOf(q), fuel: q.fuel, transmission: q.transmission, bodyType: q.bodyType, condition: q.condition };
  return facetNames.every((f) => f === except || wanted[f] === undefined || facetValue[f](c) === wanted[f]);
}

const sortKey: Record<SearchSort, { key: (c: Car, q: Query) => number; desc: boolean }> = {
  newest: { key: (c) => c.day, desc: true },
  'price-asc': { key: (c) => c.price, desc: false },
  'price-desc': { key: (c) => c.price, desc: true },
  'mileage-asc': { key: kmOf, desc: false },
  'year-desc': { key: yearOf, desc: true },
  'best-deal': { key: (c) => (c.fair ? c.price / c.fair.estimate : Infinity), desc: false },
  nearest: { key: (c, q) => milesBetween(zipCentres[q.near!], c.place!), desc: false },
};

function expected(cars: Car[], q: Query) {
  const { key, desc } = sortKey[q.sort ?? 'newest'];
  const ids = cars
    .filter((c) => matches(c, q))
    .sort((a, b) => {
      const [ka, kb] = [key(a, q), key(b, q)];
      const byKey = ka === kb ? 0 : ka < kb ? -1 : 1;
      const order = byKey !== 0 ? byKey : a.id < b.id ? -1 : 1;
      return desc ? -order : order;
    })
    .map((c) => c.id);
  const options: Record<Facet, readonly string[]> = { make: makes, fuel: fuels, transmission: transmissions, bodyType: bodyTypes, condition: conditions };
  const counts = Object.fromEntries(
    facetNames.map((f) => [f, options[f].map((value) => ({ value, count: cars.filter((c) => matches(c, q, f) && facetValue[f](c) === value).length }))]),
  );
  return { ids, total: ids.length, counts };
}

// ---- The API ----

async function searchAll(q: Query, limit: number) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(q)) {
    if (value !== undefined) params.set(name, name === 'make' ? makeOf(q)! : String(value));
  }
  params.set('limit', String(limit));
  const ids: string[] = [];
  let first: SearchResult | undefined;
  for (let after: string | null = null, pages = 0; ; pages++) {
    if (after) params.set('after', after);
    const res = await as(t.app, buyer, { method: 'GET', url: `/api/search?${params}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<SearchResult>();
    first ??= page;
    ids.push(...page.results.map((r) => r._id));
    // A full page is followed by a cursor unless it was the last; an empty page never comes with one.
    expect(page.results.length).toBeLessThanOrEqual(limit);
    after = page.nextCursor;
    if (!after) break;
    expect(pages).toBeLessThan(100);
  }
  const counts = Object.fromEntries(facetNames.map((f) => [f, first!.counts[f].map(({ value, count }) => ({ value, count }))]));
  return { ids, total: first!.total, counts };
}

describe('GET /api/search against a brute-force computation', () => {
  it('finds every matching car once, in order, with the right total and counts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(carArb, { minLength: 10, maxLength: 60 }),
        fc.array(fc.tuple(queryArb, fc.integer({ min: 1, max: 7 })), { minLength: 1, maxLength: 4 }),
        async (listings, queries) => {
          const cars = await replaceListings(listings);
          for (const [q, limit] of queries) {
            const want = expected(cars, q);
            // The makes' counts list every category in name order; compare as sets of (value, count).
            const got = await searchAll(q, limit);
            expect(got.ids).toEqual(want.ids);
            expect(got.total).toBe(want.total);
            for (const f of facetNames) {
              const byValue = (list: { value: string; count: number }[]) => [...list].sort((a, b) => (a.value < b.value ? -1 : 1));
              expect(byValue(got.counts[f]!), f).toEqual(byValue(want.counts[f]!));
            }
          }
        },
      ),
      { numRuns: 80 },
    );
  }, 240_000);
});
