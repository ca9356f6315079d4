import { describe, expect, it } from 'vitest';
import { clusterLabel, clusterName, coverageNote, pinLabel, pinName, unplacedNote } from './map-pins.ts';

describe('the Map view’s words', () => {
  it('writes a car’s pin as its price, and names the button with the car', () => {
    expect(pinLabel({ resalePrice: 12500 })).toBe('$12,500');
    expect(pinName({ productName: '2019 Toyota Camry', resalePrice: 12500 })).toBe('2019 Toyota Camry, $12,500');
  });

  it('writes a cluster as its count, and names the button with what it does', () => {
    expect(clusterLabel(1204)).toBe('1,204');
    expect(clusterName(12)).toBe('12 cars here: zoom in');
  });

  it('says how many of the cars found the map shows, only when it shows fewer', () => {
    expect(coverageNote(480, 2345)).toBe('Showing 480 of 2,345: zoom in');
    expect(coverageNote(37, 37)).toBeUndefined();
  });

  it('counts the cars found that have no place on the map', () => {
    expect(unplacedNote(0)).toBeUndefined();
    expect(unplacedNote(1)).toBe('1 car has no place on the map');
    expect(unplacedNote(12)).toBe('12 cars have no place on the map');
  });
});
