import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyTypes, conditions, distanceIn, fuels, milesBetween, searchRadii, searchSorts, transmissions, type LatLon, type SearchQuery } from '@second-gear/contract';
import { CarIndex, sortKeys, type Facet, type Position, type SearchableCar } from './car-index.ts';
import { wordMatches, wordsOf } from './keyword.ts';
import { pointAt, radiiInMiles } from '../../../test/zip-centres.ts';

/**
 * The copy against a brute force over the same cars, through adds, edits (a new price, year,
 * mileage or description), changes (of the make and options too, which move a car out of its combination's
 * range), removals and settles at random
 * points after a load, with radii, map areas and Nearest first from random Nears over cars placed
 * around a few towns (some at a town's very centre, so that distances tie; some not placed): every page walked by the cursor, the total and every option's count. The HTTP property
 * test (search.property.test.ts) covers the same through PostgreSQL with a handful of cars, too few
 * to leave cars outside the ranges between two settles.
 */

const makeIds = [randomUUID(), randomUUID(), randomUUID()];
const locations = ['Portland, OR', 'Austin, TX', 'South Portland, ME'];
/** Towns' centres (Austin, Round Rock, San Antonio, Houston), which cars sit at or around and searches measure from. */
const towns: LatLon[] = [
  { lat: 30.2711, lon: -97.7437 },
  { lat: 30.5083, lon: -97.6789 },
  { lat: 29.4241, lon: -98.4936 },
  { lat: 29.7604, lon: -95.3698 },
];
/**
 * A town's centre; a point a hundredth of a mile either side of a radius from a town (a radius
 * that keeps too many or too few is caught there); anywhere within 300 miles of one; or no place (NaN).
 */
const placeArb = fc.oneof(
  fc.constantFrom(...towns),
  // Due north, east, south or west: on the edges of the radius's box, which must hold the whole circle.
  fc.tuple(fc.constantFrom(...towns), fc.constantFrom(...radiiInMiles), fc.constantFrom(-0.01, 0.01), fc.oneof(fc.constantFrom(0, 90, 180, 270), fc.integer({ min: 0, max: 359 }))).map(([t, r, d, bearing]) => pointAt(t, r + d, bearing)),
  fc.tuple(fc.constantFrom(...towns), fc.integer({ min: 0, max: 300_000 }), fc.integer({ min: 0, max: 359 })).map(([t, m, bearing]) => pointAt(t, m / 1000, bearing)),
  fc.constant({ lat: NaN, lon: NaN }),
);

const carArb = fc.record({
  makeId: fc.constantFrom(...makeIds),
  model: fc.option(fc.constantFrom('Golf', 'Polo', 'Camry'), { nil: null }),
  // Values that tie, so that the id must break the ties, and more distinct values than a column
  // has bands, so that a bound falls inside a band.
  price: fc.oneof(fc.constantFrom(5000, 7500, 12000, 20000), fc.integer({ min: 1000, max: 30_000 })),
  year: fc.integer({ min: 1985, max: 2024 }),
  km: fc.oneof(fc.constantFrom(0, 50_000, 80_467.2, Infinity), fc.integer({ min: 0, max: 300_000 })),
  postedUs: fc.integer({ min: 0, max: 5 }),
  fuel: fc.option(fc.constantFrom(...fuels.slice(0, 3)), { nil: null }),
  transmission: fc.option(fc.constantFrom(...transmissions), { nil: null }),
  bodyType: fc.option(fc.constantFrom(...bodyTypes.slice(0, 3)), { nil: null }),
  condition: fc.constantFrom(...conditions.slice(0, 2)),
  verifiedSeller: fc.boolean(),
  location: fc.constantFrom(...locations),
  dealRatio: fc.constantFrom(0.8, 1, Number.MAX_VALUE, Infinity),
  goodPrice: fc.boolean(),
  text: fc.subarray(['golf', 'diesel', 'one', 'owner', 'hybrid', 'towbar']).map((words) => words.join(' ')),
  place: placeArb,
}).map(({ place, ...car }) => ({ ...car, ...place }));
type CarFields = Omit<SearchableCar, 'id'>;
const makeNames = new Map<string, string>(makeIds.map((id, i) => [id, `Make ${'ABC'[i]}`]));

/** A filter is set one time in four, so that most searches find some cars and their counts differ. */
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const queryArb = fc.record({
  // A typo, two words, a make's name, a word no car has.
  keyword: sometimes(fc.constantFrom('golf', 'diesl', 'owner one', 'make b', 'hybrid towbar', 'zzz')),
  make: sometimes(fc.constantFrom(...makeIds)),
  model: sometimes(fc.constantFrom('golf', 'Camry')),
  minPrice: sometimes(fc.oneof(fc.constantFrom(5000, 6000, 7600, 12000), fc.integer({ min: 1000, max: 30_000 }))),
  maxPrice: sometimes(fc.oneof(fc.constantFrom(5000, 7500, 9000, 20000), fc.integer({ min: 1000, max: 30_000 }))),
  minYear: sometimes(fc.integer({ min: 1985, max: 2024 })),
  maxYear: sometimes(fc.integer({ min: 1985, max: 2024 })),
  maxMileage: sometimes(fc.oneof(fc.constantFrom(0, 20_000, 50_000, 80_467), fc.integer({ min: 0, max: 300_000 }))),
  fuel: sometimes(fc.constantFrom(...fuels.slice(0, 3))),
  transmission: sometimes(fc.constantFrom(...transmissions)),
  bodyType: sometimes(fc.constantFrom(...bodyTypes.slice(0, 3))),
  condition: sometimes(fc.constantFrom(...conditions.slice(0, 2))),
  location: sometimes(fc.constantFrom('portland', 'TX')),
  verified: sometimes(fc.constant(true as const)),
  goodPrice: sometimes(fc.constant(true as const)),
  // A Near (by its centre) with a Distance half the time, in either unit; a map area now and then.
  near: fc.option(fc.constantFrom(...towns), { nil: undefined }),
  distance: fc.option(fc.constantFrom(...searchRadii), { nil: undefined }),
  distanceUnit: fc.option(fc.constantFrom('km' as const, 'mi' as const), { nil: undefined }),
  bounds: sometimes(
    fc
      .tuple(fc.integer({ min: 25_000, max: 35_000 }), fc.integer({ min: -102_000, max: -92_000 }), fc.nat({ max: 6000 }), fc.nat({ max: 6000 }))
      .map(([south, west, tall, wide]) => [south / 1000, west / 1000, (south + tall) / 1000, (west + wide) / 1000] as [number, number, number, number]),
  ),
  sort: fc.constantFrom(...searchSorts),
  limit: fc.integer({ min: 1, max: 7 }),
}).map(({ near, distance, distanceUnit, sort, ...q }) =>
  // As the contract has it: a Distance and Nearest first only with a Near.
  near === undefined ? { ...q, sort: sort === 'nearest' ? ('newest' as const) : sort } : { ...q, nearAt: near, near: '78701', distance, distanceUnit, sort },
);
type Query = Omit<SearchQuery, 'after'> & { nearAt?: LatLon };

const opArb = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('add' as const), car: carArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('change' as const), which: fc.nat(), car: carArb }) },
  // As a seller edits a car: a new price, year, mileage, description or place, the make and options kept.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), which: fc.nat(), car: carArb.map(({ price, year, km, postedUs, text, lat, lon }) => ({ price, year, km, postedUs, text, lat, lon })) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), which: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle' as const) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('search' as const), query: queryArb }) },
);

const facetOf: Record<Facet, (c: CarFields) => string | null> = { make: (c) => c.makeId, fuel: (c) => c.fuel, transmission: (c) => c.transmission, bodyType: (c) => c.bodyType, condition: (c) => c.condition };

function passes(c: CarFields, q: Query, except?: Facet): boolean {
  for (const facet of Object.keys(facetOf) as Facet[]) if (facet !== except && q[facet] !== undefined && facetOf[facet](c) !== q[facet]) return false;
  if (q.model !== undefined && c.model?.toLowerCase() !== q.model.toLowerCase()) return false;
  if (q.minPrice !== undefined && c.price < q.minPrice) return false;
  if (q.maxPrice !== undefined && c.price > q.maxPrice) return false;
  if (q.minYear !== undefined && c.year < q.minYear) return false;
  if (q.maxYear !== undefined && c.year > q.maxYear) return false;
  if (q.maxMileage !== undefined && !(c.km <= q.maxMileage)) return false;
  if (q.location !== undefined && !c.location.toLowerCase().includes(q.location.toLowerCase())) return false;
  if (q.verified && !c.verifiedSeller) return false;
  if (q.goodPrice && !c.goodPrice) return false;
  const words = [...wordsOf(c.text), ...wordsOf(makeNames.get(c.makeId)!)];
  if (q.keyword !== undefined && !wordsOf(q.keyword).every((typed) => words.some((word) => wordMatches(typed, word)))) return false;
  const placed = !Number.isNaN(c.lat);
  if ((q.distance !== undefined || q.sort === 'nearest' || q.bounds !== undefined) && !placed) return false;
  if (q.bounds !== undefined) {
    const [south, west, north, east] = q.bounds;
    if (c.lat < south || c.lat > north || c.lon < west || c.lon > east) return false;
  }
  if (q.distance !== undefined && !(milesBetween(q.nearAt!, c) <= distanceIn(q.distance, q.distanceUnit ?? 'mi', 'mi'))) return false;
  return true;
}

/** A car's key in the query's sort: its miles from the Near for Nearest first. */
function keyOf(c: CarFields, q: Query): number {
  const { key } = sortKeys[q.sort];
  return key === 'miles' ? milesBetween(q.nearAt!, c) : c[key];
}

function expectSameAnswers(index: CarIndex, cars: Map<string, CarFields>, q: Query): void {
  const { desc } = sortKeys[q.sort];
  const order = (a: [string, CarFields], b: [string, CarFields]) => {
    const [ka, kb] = [keyOf(a[1], q), keyOf(b[1], q)];
    const byKey = ka < kb ? -1 : ka > kb ? 1 : a[0] < b[0] ? -1 : 1;
    return desc ? -byKey : byKey;
  };
  const expected = [...cars].filter(([, c]) => passes(c, q)).sort(order).map(([id]) => id);
  const seen: string[] = [];
  let after: Position | undefined;
  for (;;) {
    const answer = index.search({ ...q } as SearchQuery, after, makeNames, q.nearAt);
    expect(answer.total).toBe(expected.length);
    for (const facet of Object.keys(facetOf) as Facet[]) {
      for (const [value, count] of answer.counts[facet]) expect([facet, value, count]).toEqual([facet, value, [...cars.values()].filter((c) => facetOf[facet](c) === value && passes(c, q, facet)).length]);
    }
    const shown = answer.page.slice(0, q.limit);
    seen.push(...shown.map((p) => p.id));
    if (answer.page.length <= q.limit) break;
    after = shown.at(-1);
  }
  expect(seen).toEqual(expected);
}

describe('CarIndex: the copy as a brute force over the same cars would answer', () => {
  it('pages, totals and counts stay exact through adds, changes, removals and settles', () => {
    fc.assert(
      fc.property(fc.array(carArb, { minLength: 8, maxLength: 150 }), fc.array(opArb, { minLength: 1, maxLength: 80 }), (loaded, ops) => {
        const index = new CarIndex();
        const cars = new Map<string, CarFields>();
        const pick = (n: number) => [...cars.keys()][n % cars.size]!;
        // As a load does: every car added, then settled.
        for (const car of loaded) {
          const id = randomUUID();
          cars.set(id, car);
          index.add({ ...car, id });
        }
        index.settle();
        for (const op of ops) {
          if (op.kind === 'add') {
            const id = randomUUID();
            cars.set(id, op.car);
            index.put({ ...op.car, id });
          } else if (op.kind === 'change' && cars.size > 0) {
            const id = pick(op.which);
            cars.set(id, op.car);
            index.put({ ...op.car, id });
          } else if (op.kind === 'edit' && cars.size > 0) {
            const id = pick(op.which);
            const car = { ...cars.get(id)!, ...op.car };
            cars.set(id, car);
            index.put({ ...car, id });
          } else if (op.kind === 'remove' && cars.size > 0) {
            const id = pick(op.which);
            cars.delete(id);
            index.remove(id);
          } else if (op.kind === 'settle') index.settle();
          else if (op.kind === 'search') expectSameAnswers(index, cars, op.query);
        }
        expectSameAnswers(index, cars, { sort: 'newest', limit: 5 });
      }),
      { numRuns: 150 },
    );
  });
});
