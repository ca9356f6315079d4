import { describe, expect, it } from 'vitest';
import type { ComparableCar } from '@second-gear/contract';
import { axisMileage, axisPrice, comparablesChartSpec, comparablesSummary } from './comparables-chart-spec.ts';

const comparable = (id: string, mileageKm: number, resalePrice: number): ComparableCar => ({
  _id: id,
  productName: `Toyota Corolla ${id}`,
  resalePrice,
  adjustedPrice: resalePrice,
  modelYear: 2019,
  mileage: mileageKm,
  mileageUnit: 'km',
  mileageKm,
  condition: 'Good',
});
const cars = [comparable('a', 40_000, 15_000), comparable('b', 80_467, 12_000), comparable('c', 60_000, 13_500)];

describe('the comparables chart', () => {
  it('puts each similar car at its asking price and mileage in the reader’s unit, and marks the fair price at this car’s mileage', () => {
    const spec = comparablesChartSpec(cars, { mileageKm: 64_374, estimate: 13_400 }, 'mi');
    expect(spec.series.map((s) => [s.name, s.tone, s.draw])).toEqual([
      ['Similar cars', 'muted', 'points'],
      ['Fair price', 'accent', 'points'],
    ]);
    expect(spec.series[0]!.points).toEqual([
      { x: 24_855, y: 15_000 },
      { x: 50_000, y: 12_000 },
      { x: 37_282, y: 13_500 },
    ]);
    expect(spec.series[1]!.points).toEqual([{ x: 40_000, y: 13_400 }]);
    expect(comparablesChartSpec(cars, { mileageKm: 64_374, estimate: 13_400 }, 'km').series[1]!.points).toEqual([{ x: 64_374, y: 13_400 }]);
  });

  it('marks a listed car’s asking price beside its fair price', () => {
    const spec = comparablesChartSpec(cars, { mileageKm: 50_000, estimate: 13_400, price: 16_000 }, 'km');
    expect(spec.series[2]).toEqual({ name: 'This car’s price', tone: 'primary', draw: 'points', points: [{ x: 50_000, y: 16_000 }] });
  });

  it('keeps every point off the axes: a margin below the lowest and above the highest figure, never below zero', () => {
    const spec = comparablesChartSpec(cars, { mileageKm: 50_000, estimate: 13_400, price: 16_000 }, 'km');
    expect(spec.x.low).toBeLessThan(40_000);
    expect(spec.x.low).toBeGreaterThanOrEqual(0);
    expect(spec.x.high).toBeGreaterThan(80_467);
    expect(spec.y.low).toBeLessThan(12_000);
    expect(spec.y.high).toBeGreaterThan(16_000);
    const new_ = comparablesChartSpec([comparable('n', 100, 30_000)], { mileageKm: 0, estimate: 30_000 }, 'km');
    expect(new_.x.low).toBe(0);
    expect(new_.y.low).toBeLessThan(30_000);
  });

  it('labels the axes briefly enough for a phone', () => {
    expect([axisPrice(9_500), axisPrice(14_250), axisPrice(120_000)]).toEqual(['$9,500', '$14k', '$120k']);
    expect([axisMileage(800, 'mi'), axisMileage(40_400, 'mi'), axisMileage(65_000, 'km')]).toEqual(['800 mi', '40k mi', '65k km']);
  });

  it('says in a sentence how many cars, their spread and where the fair price sits', () => {
    expect(comparablesSummary(cars, { mileageKm: 64_374, estimate: 13_400 }, 'mi')).toBe(
      '3 similar cars ask $12,000 to $15,000 at 24,855 mi to 50,000 mi; this car’s fair price, $13,400 at 40,000 mi, is marked.',
    );
    expect(comparablesSummary(cars.slice(0, 1), { mileageKm: 40_000, estimate: 15_000 }, 'km', 'your car')).toBe(
      '1 similar car asks $15,000 at 40,000 km; your car’s fair price, $15,000 at 40,000 km, is marked.',
    );
  });
});
