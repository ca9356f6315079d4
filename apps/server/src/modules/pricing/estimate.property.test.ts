import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { conditions } from '@second-gear/contract';
import { carriedOver, estimatePrice, type Depreciation, type PricedCar } from './estimate.ts';

// Whatever the market and however prices move with age, mileage and condition, the fair price is
// one a reader can check against the comparables listed beside it: it lies within their prices
// carried over to the car, and its range holds it.

const car = (id: number) =>
  fc.record({
    id: fc.constant(String(id)),
    makeId: fc.constant('make'),
    model: fc.constantFrom('Corolla', 'corolla'),
    year: fc.integer({ min: 2010, max: 2024 }),
    km: fc.integer({ min: 0, max: 400_000 }),
    condition: fc.constantFrom(...conditions),
    price: fc.integer({ min: 500, max: 200_000 }),
  });

const market = fc.integer({ min: 0, max: 40 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => car(i))));

// Slopes of any sign and size a fit could give over a small or odd market.
const slope = fc.double({ min: -0.5, max: 0.5, noNaN: true });
const depreciation: fc.Arbitrary<Depreciation> = fc.record({ perYear: slope, per10000Km: slope, excellent: slope, fair: slope });

describe('the fair price estimate (property)', () => {
  it('lies within its comparables’ prices carried over to the car, and within its own range', () => {
    fc.assert(
      fc.property(car(-1), market, depreciation, (target: PricedCar, others: PricedCar[], d) => {
        const e = estimatePrice(target, others, d);
        if (e.kind !== 'estimate') return;
        const adjusted = e.comparables.map((c) => c.adjusted);
        const slack = 1e-9 * e.estimate;
        expect(e.estimate).toBeGreaterThanOrEqual(Math.min(...adjusted) - slack);
        expect(e.estimate).toBeLessThanOrEqual(Math.max(...adjusted) + slack);
        expect(e.low).toBeLessThanOrEqual(e.estimate + slack);
        expect(e.high).toBeGreaterThanOrEqual(e.estimate - slack);
        // Each comparable's carried-over price is the one the car's page lists (carriedOver).
        for (const c of e.comparables) expect(c.adjusted).toBeCloseTo(carriedOver(c.car, target, d), 6);
      }),
      { numRuns: 300 },
    );
  });

  it('carries a comparable over to itself unchanged, and to a car more used for less (a falling slope)', () => {
    fc.assert(
      fc.property(car(0), depreciation, fc.integer({ min: 1, max: 100_000 }), (other, d, extraKm) => {
        expect(carriedOver(other, other, d)).toBeCloseTo(other.price, 6);
        const falling = { ...d, per10000Km: -Math.abs(d.per10000Km) - 0.001 };
        expect(carriedOver(other, { ...other, km: other.km + extraKm }, falling)).toBeLessThan(other.price);
      }),
    );
  });
});
