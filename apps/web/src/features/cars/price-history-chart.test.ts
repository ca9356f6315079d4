import { describe, expect, it } from 'vitest';
import { dateTicks, priceHistorySpec, priceHistorySummary } from './price-history-chart.ts';

const changes = [
  { oldPrice: 20_000, newPrice: 18_500, changedAt: '2026-10-10T12:00:00.000Z' },
  { oldPrice: 18_500, newPrice: 19_000, changedAt: '2026-10-20T12:00:00.000Z' },
];
const now = Date.parse('2026-11-01T00:00:00.000Z');

describe('priceHistorySpec', () => {
  it('draws the price as steps from the day it was listed, through each change, to today', () => {
    const spec = priceHistorySpec(changes, '2026-10-01T08:00:00.000Z', now);
    expect(spec.series).toEqual([
      {
        name: 'Asking price',
        draw: 'steps',
        tone: 'primary',
        points: [
          { x: Date.parse('2026-10-01T08:00:00.000Z'), y: 20_000 },
          { x: Date.parse('2026-10-10T12:00:00.000Z'), y: 18_500 },
          { x: Date.parse('2026-10-20T12:00:00.000Z'), y: 19_000 },
          { x: now, y: 19_000 },
        ],
      },
    ]);
    expect([spec.y.low, spec.y.high]).toEqual([16_600, 20_400]);
    expect(spec.y.format(18_500)).toBe('$18,500');
  });

  it('never draws a step backwards in time when a change is later than the clock says it is now', () => {
    const points = priceHistorySpec(changes, '2026-10-01T08:00:00.000Z', Date.parse('2026-10-15T00:00:00.000Z')).series[0]?.points;
    expect(points?.at(-1)).toEqual({ x: Date.parse('2026-10-20T12:00:00.000Z'), y: 19_000 });
  });
});

describe('priceHistorySummary', () => {
  it('says where the price began and where it is now', () => {
    expect(priceHistorySummary(changes)).toBe('Listed at $20,000, $19,000 now after 2 changes; each change is listed below.');
    expect(priceHistorySummary(changes.slice(0, 1))).toBe('Listed at $20,000, $18,500 now after one change; each change is listed below.');
  });
});

describe('dateTicks', () => {
  const day = 24 * 60 * 60 * 1000;
  const from = Date.parse('2026-10-01T08:00:00.000Z');

  it('labels four instants a quarter of the span apart, none at the right edge', () => {
    expect(dateTicks(from, from + 40 * day)).toEqual([from, from + 10 * day, from + 20 * day, from + 30 * day]);
  });

  it('labels one date a day at most, so a short history never writes a date twice', () => {
    expect(dateTicks(from, from + 2 * day)).toEqual([from, from + day]);
    expect(dateTicks(from, from + 3 * 60 * 60 * 1000)).toEqual([from]);
  });
});
