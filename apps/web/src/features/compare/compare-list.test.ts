import { describe, expect, it } from 'vitest';
import { compareFullMessage, comparePath, comparedInAddress, comparedInStorage, toggleCompared } from './compare-list.ts';

const [a, b, c, d] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444'];

describe('the cars being compared', () => {
  it('adds a car, takes it out when pressed again, and refuses a fourth with the reason', () => {
    expect(toggleCompared([a], b)).toEqual({ ids: [a, b] });
    expect(toggleCompared([a, b], a)).toEqual({ ids: [b] });
    expect(toggleCompared([a, b, c], d)).toEqual({ refused: compareFullMessage });
    expect(compareFullMessage).toBe('You can compare up to 3 cars: remove one first.');
  });

  it('reads an address as anyone may have written it: ids only, each once, at most three', () => {
    expect(comparedInAddress(`${a}, ${b},${a},not-a-car,${c},${d}`)).toEqual([a, b, c]);
    expect(comparedInAddress(null)).toEqual([]);
    expect(comparePath([a, b])).toBe(`/compare?cars=${a},${b}`);
    expect(comparedInAddress(comparePath([a, b]).split('cars=')[1] ?? '')).toEqual([a, b]);
  });

  it('keeps nothing from storage it cannot read', () => {
    expect(comparedInStorage(JSON.stringify([a, 7, b]))).toEqual([a, b]);
    expect(comparedInStorage('{"not":"a list"}')).toEqual([]);
    expect(comparedInStorage('not json')).toEqual([]);
    expect(comparedInStorage(null)).toEqual([]);
  });
});
