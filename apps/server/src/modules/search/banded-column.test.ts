import { describe, expect, it } from 'vitest';
import { seeded } from '../../../test/seeded.ts';
import { BandedColumn } from './banded-column.ts';
import { bitOf, bitWords, setBit } from './bits.ts';

/**
 * Every bound against every car: a car kept and not unsure must pass, a car dropped must fail, and
 * an unsure one is left to the exact comparison (CarIndex's), for whole numbers with many ties
 * (a model year) and for fractions (a mileage in miles).
 */
describe('BandedColumn: a minimum or a maximum from bands', () => {
  const random = seeded(30);
  const cases = {
    'whole numbers with ties': { integers: true, values: Array.from({ length: 2000 }, () => 1990 + Math.floor(random() * 35)) },
    // Pairs 0.4 apart, so that some car lies between a maximum and the next band's lower bound.
    fractions: { integers: false, values: Array.from({ length: 1000 }, () => Math.round(random() * 300) * 1000 * 1.609344).flatMap((v) => [v, v - 0.4]) },
  };
  for (const [name, { integers, values }] of Object.entries(cases)) {
    it(`keeps every car that passes and drops only cars that fail: ${name}`, () => {
      const capacity = 4096;
      const column = new BandedColumn(integers);
      column.grow(capacity);
      const alive = bitWords(capacity);
      values.forEach((_, slot) => setBit(alive, slot));
      column.placeBands(Float64Array.from(values), alive, values.length);
      const sorted = [...new Set(values)].sort((a, b) => a - b);
      const bounds = [...sorted, ...sorted.map((v) => v - 1), ...sorted.map((v) => v + 0.5), -Infinity, Infinity];
      let unsureCars = 0;
      for (const bound of bounds) {
        for (const kind of ['min', 'max'] as const) {
          const passes = Int32Array.from(alive);
          const unsure = bitWords(capacity);
          const last = (values.length - 1) >>> 5;
          if (kind === 'min') column.keepAtLeast(passes, unsure, 0, last, bound);
          else column.keepAtMost(passes, unsure, 0, last, bound);
          values.forEach((value, slot) => {
            const passing = kind === 'min' ? value >= bound : value <= bound;
            const kept = bitOf(passes, slot);
            if (bitOf(unsure, slot)) unsureCars += kept;
            // One expect per wrong car, not one per car: thousands of bounds times thousands of cars.
            if ((passing && !kept) || (!passing && kept && !bitOf(unsure, slot))) expect({ kind, bound, value, kept }).toBeUndefined();
          });
        }
      }
      // Few cars are left to compare, fewer still where a whole band is known to pass (0.006 of
      // the cars for each bound here, 0.015–0.020 without that; 0.015 for the fractions).
      expect(unsureCars / (bounds.length * 2 * values.length)).toBeLessThan(integers ? 0.008 : 0.02);
    });
  }
});
