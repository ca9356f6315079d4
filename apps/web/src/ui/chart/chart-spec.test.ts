import { describe, expect, it } from 'vitest';
import { roundTicks, xTicksOf, type ChartSpec } from './chart-spec.ts';

describe('roundTicks', () => {
  it('labels round values, at most four, none whose label would run past the far end', () => {
    expect(roundTicks(12_000, 98_000)).toEqual([20_000, 40_000, 60_000]);
    expect(roundTicks(0, 100)).toEqual([0, 50]);
    expect(roundTicks(3, 41)).toEqual([10, 20]);
  });

  it('labels a short range by ones, and an empty one at its start', () => {
    expect(roundTicks(5, 5)).toEqual([5]);
    expect(roundTicks(10, 14)).toEqual([10, 11, 12, 13]);
  });
});

describe('xTicksOf', () => {
  const spec = (x: ChartSpec['x']): ChartSpec => ({
    series: [{ name: 'Cars', draw: 'points', tone: 'muted', points: [{ x: 31_000, y: 1 }, { x: 78_000, y: 2 }] }],
    x,
    y: { format: String },
  });

  it('spans the points when the axis names no range, with round labels inside it', () => {
    expect(xTicksOf(spec({ format: String }))).toEqual({ low: 31_000, high: 78_000, ticks: [40_000, 50_000, 60_000] });
  });

  it('keeps the axis’s own range and ticks', () => {
    expect(xTicksOf(spec({ format: String, low: 0, high: 100_000 }))).toEqual({ low: 0, high: 100_000, ticks: [0, 50_000] });
    expect(xTicksOf(spec({ format: String, ticks: [35_000] }))).toEqual({ low: 31_000, high: 78_000, ticks: [35_000] });
  });
});
