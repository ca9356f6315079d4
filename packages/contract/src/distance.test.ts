import { describe, expect, it } from 'vitest';
import { distanceIn, formatMileage } from './distance.ts';

describe('formatMileage', () => {
  it('writes a mileage in whole units with thousands separators, in its own unit unless asked for another', () => {
    expect(formatMileage(62_764, 'mi')).toBe('62,764 mi');
    expect(formatMileage(100_500, 'km')).toBe('100,500 km');
    expect(formatMileage(0, 'km', 'mi')).toBe('0 mi');
  });

  it('converts at exactly 1.609344 km a mile, rounding to the nearest whole unit', () => {
    expect(formatMileage(62_764, 'mi', 'km')).toBe('101,009 km');
    expect(formatMileage(100_500, 'km', 'mi')).toBe('62,448 mi');
    expect(formatMileage(40_000, 'mi', 'km')).toBe('64,374 km');
    expect(formatMileage(15_625, 'mi', 'km')).toBe('25,146 km');
    expect(formatMileage(1, 'km', 'mi')).toBe('1 mi');
  });

  it('goes there and back without drift', () => {
    for (const km of [0, 1, 999, 64_374, 1_000_000]) expect(distanceIn(distanceIn(km, 'km', 'mi'), 'mi', 'km')).toBeCloseTo(km, 6);
    expect(distanceIn(40_000, 'mi', 'mi')).toBe(40_000);
  });
});
