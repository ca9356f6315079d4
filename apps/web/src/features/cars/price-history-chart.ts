import type { PriceChange } from '@second-gear/contract';
import { formatDate, formatPrice } from '../../lib/format.ts';
import type { ChartSpec } from '../../ui/chart/chart-spec.ts';

/**
 * A car's asking price over time as steps: the first price from the day it was listed, each change on
 * its day, and the price it has now carried on to `now`, so the last step is as long as it has held.
 * `changes` are oldest first, as the server lists them; `now` is the reader's clock (a fixed one in tests).
 */
export function priceHistorySpec(changes: PriceChange[], postedAt: string, now: number): ChartSpec {
  const first = changes[0];
  const last = changes.at(-1);
  if (!first || !last) return { series: [], x: { format: formatDate }, y: { format: formatPrice } };
  const listed = Math.min(Date.parse(postedAt) || Date.parse(first.changedAt), Date.parse(first.changedAt));
  const points = [
    { x: listed, y: first.oldPrice },
    ...changes.map((change) => ({ x: Date.parse(change.changedAt), y: change.newPrice })),
    { x: Math.max(now, Date.parse(last.changedAt)), y: last.newPrice },
  ];
  const prices = points.map((point) => point.y);
  const end = points.at(-1)!.x;
  return {
    series: [{ name: 'Asking price', points, draw: 'steps', tone: 'primary' }],
    x: { format: formatDate, low: listed, high: end, ticks: dateTicks(listed, end) },
    // From a little below the lowest price, so a drop looks like one and the lowest step is not on the axis.
    y: { format: formatPrice, low: Math.max(0, Math.floor((Math.min(...prices) * 0.9) / 100) * 100), high: Math.ceil((Math.max(...prices) * 1.02) / 100) * 100 },
  };
}

/** The chart's caption in words: where the price began, where it is now, and how it got there. */
export function priceHistorySummary(changes: PriceChange[]): string {
  const first = changes[0];
  const last = changes.at(-1);
  if (!first || !last) return '';
  const count = changes.length === 1 ? 'one change' : `${changes.length} changes`;
  return `Listed at ${formatPrice(first.oldPrice)}, ${formatPrice(last.newPrice)} now after ${count}; each change is listed below.`;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Where the time axis is labelled: four evenly spaced instants from the first, a day apart at least
 * (so no date is written twice), none at the right edge, where a label would run off the chart.
 */
export function dateTicks(from: number, to: number): number[] {
  const step = Math.max(dayMs, (to - from) / 4);
  const ticks: number[] = [];
  for (let at = from; at < to - dayMs / 2 && ticks.length < 4; at += step) ticks.push(at);
  return ticks.length ? ticks : [from];
}
