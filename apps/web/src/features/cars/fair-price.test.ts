import { describe, expect, it } from 'vitest';
import type { Product } from '@second-gear/contract';
import { differences } from './fair-price.tsx';

const car = { modelYear: 2019, mileage: 30_000, mileageUnit: 'mi', condition: 'Good' } as Product;
/** A comparable 12,000 mi (19,312 km) further, listed in km by its seller. */
const further = { _id: 'x', productName: 'Civic', resalePrice: 1, adjustedPrice: 1, modelYear: 2018, mileage: 67_592, mileageUnit: 'km', mileageKm: 67_592, condition: 'Good' } as const;

describe('the fair price’s explanation of a comparable', () => {
  it('tells the mileage difference in the reader’s unit, whichever units the two sellers gave', () => {
    expect(differences(car, further, 'mi')).toBe('1 year older, 12,000 mi more');
    expect(differences(car, further, 'km')).toBe('1 year older, 19,312 km more');
    expect(differences({ ...car, mileage: 50_000, mileageUnit: 'km' }, further, 'mi')).toBe('1 year older, 10,931 mi more');
  });

  it('uses the car’s own unit until the reader’s is known, and leaves out a difference under 1,000 km', () => {
    expect(differences(car, further, undefined)).toBe('1 year older, 12,000 mi more');
    expect(differences(car, { ...further, modelYear: 2019, mileageKm: 48_900 }, 'km')).toBe('Alike');
  });
});
