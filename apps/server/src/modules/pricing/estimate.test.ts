import { describe, expect, it } from 'vitest';
import { dealRating, estimatePrice, fitDepreciation, MIN_COMPARABLES, type PricedCar } from './estimate.ts';

/** Cars priced by a known rule: 20,000 new, 15% a year, 1% per 10,000 km, ±10% for condition. */
const priced = (id: number, over: Partial<PricedCar> = {}): PricedCar => {
  const car = { id: String(id), makeId: 'toyota', model: 'Corolla', year: 2018, km: 60_000, condition: 'Good' as const, price: 0, flagged: false, ...over };
  const factor = car.condition === 'Excellent' ? 1.1 : car.condition === 'Fair' ? 0.9 : 1;
  return { ...car, price: over.price ?? Math.round(20_000 * 0.85 ** (2024 - car.year) * 0.99 ** (car.km / 10_000) * factor) };
};

const market = Array.from({ length: 60 }, (_, i) =>
  priced(i, { year: 2014 + (i % 9), km: 20_000 + ((i * 7919) % 120_000), condition: (['Excellent', 'Good', 'Fair'] as const)[i % 3] }),
);

describe('fair price', () => {
  it('learns how prices move with year, mileage and condition', () => {
    const d = fitDepreciation(market);
    expect(1 - Math.exp(-d.perYear)).toBeCloseTo(0.15, 2);
    expect(1 - Math.exp(d.per10000Km)).toBeCloseTo(0.01, 3);
    expect(d.excellent).toBeCloseTo(Math.log(1.1), 3);
    expect(d.fair).toBeCloseTo(Math.log(0.9), 3);
  });

  it('estimates from the same model within two years and the mileage band, and explains with them', () => {
    const d = fitDepreciation(market);
    const car = priced(1000, { year: 2019, km: 50_000, condition: 'Excellent' });
    const e = estimatePrice(car, [...market, priced(2000, { model: 'Yaris' }), priced(2001, { makeId: 'honda' })], d);
    expect(e.kind).toBe('estimate');
    if (e.kind !== 'estimate') return;
    expect(e.estimate).toBeCloseTo(car.price, -1);
    expect(e.low).toBeLessThanOrEqual(e.estimate);
    expect(e.high).toBeGreaterThanOrEqual(e.estimate);
    for (const { car: other } of e.comparables) {
      expect(other.model).toBe('Corolla');
      expect(other.makeId).toBe('toyota');
      expect(Math.abs(other.year - 2019)).toBeLessThanOrEqual(2);
      expect(Math.abs(other.km - 50_000)).toBeLessThanOrEqual(20_000);
    }
  });

  it('learns the same slopes with a $1 car and a $5,000,000 one on the market, and without a flagged one', () => {
    const honest = fitDepreciation(market);
    const fakes = [priced(3000, { price: 1, km: 999_999 }), priced(3001, { price: 5_000_000, year: 2023 }), priced(3002, { price: 2_000, flagged: true })];
    const d = fitDepreciation([...market, ...fakes]);
    for (const slope of ['perYear', 'per10000Km', 'excellent', 'fair'] as const) expect(d[slope]).toBeCloseTo(honest[slope], 3);
  });

  it('leaves a flagged car and one priced far off the others out of the comparables', () => {
    const d = fitDepreciation(market);
    const car = priced(1000, { year: 2019, km: 50_000 });
    const flagged = priced(2000, { year: 2019, km: 50_000, flagged: true });
    const outlier = priced(2001, { year: 2019, km: 50_000, price: 500 });
    const e = estimatePrice(car, [...market, flagged, outlier], d);
    expect(e.kind).toBe('estimate');
    if (e.kind !== 'estimate') return;
    expect(e.comparables.map((c) => c.car.id)).not.toContain(flagged.id);
    expect(e.comparables.map((c) => c.car.id)).not.toContain(outlier.id);
    expect(e).toEqual(estimatePrice(car, market, d));
  });

  it(`says "not enough data" below ${MIN_COMPARABLES} comparables rather than guess`, () => {
    const d = fitDepreciation(market);
    const few = market.filter((c) => c.year === 2018).slice(0, MIN_COMPARABLES - 1);
    expect(estimatePrice(priced(1000, { km: few[0]!.km }), few, d)).toMatchObject({ kind: 'not enough data' });
  });

  it.each([
    [8_000, 'Great price'],
    [8_500, 'Great price'],
    [9_000, 'Good price'],
    [10_000, 'Fair price'],
    [11_000, 'High price'],
    [12_000, 'Overpriced'],
  ] as const)('asking %i against 10,000 is %s', (price, rating) => {
    expect(dealRating(price, 10_000)).toBe(rating);
  });
});
