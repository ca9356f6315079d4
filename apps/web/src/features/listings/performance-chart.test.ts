import { describe, expect, it } from 'vitest';
import type { CarPerformance } from '@second-gear/contract';
import { formatDay, similarWords, totalsOf, viewsChart, viewsSummary } from './performance-chart.ts';

/** 30 UTC days ending on Mar 15, 2026, with `views` on the last days (oldest first). */
function performance(lastViews: number[], similar: CarPerformance['similar'] = { cars: 0, medianViews: null, medianPrice: null }, price = 15000): CarPerformance {
  const days = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 2, 15 - 29 + i)).toISOString().slice(0, 10);
    const views = lastViews[i - (30 - lastViews.length)] ?? 0;
    return { day, views, saves: i === 29 ? 1 : 0, messages: i === 28 ? 2 : 0, bookingRequests: 0, similarViews: similar.cars ? 1 : null };
  });
  return { productId: '00000000-0000-4000-8000-000000000001', productName: 'Toyota Corolla', price, days, similar };
}

describe('viewsChart', () => {
  it('draws the views a day, from the first day to the last, and the similar cars’ median beside them', () => {
    const spec = viewsChart(performance([3, 0, 5], { cars: 4, medianViews: 6, medianPrice: 14000 }));
    expect(spec.series.map((s) => [s.name, s.tone, s.draw])).toEqual([
      ['Your views', 'primary', 'line'],
      ['Similar cars (median)', 'muted', 'line'],
    ]);
    const mine = spec.series[0]!.points;
    expect(mine).toHaveLength(30);
    expect(mine.at(-1)).toEqual({ x: Date.UTC(2026, 2, 15), y: 5 });
    expect(mine.at(-3)).toEqual({ x: Date.UTC(2026, 2, 13), y: 3 });
    expect(spec.x.low).toBe(Date.UTC(2026, 1, 14));
    // A label a week back from today, none at today itself (its words would run past the axis).
    expect(spec.x.ticks!.map((t) => spec.x.format(t))).toEqual(['Feb 15', 'Feb 22', 'Mar 1', 'Mar 8']);
    expect(spec.y.low).toBe(0);
    expect(spec.x.format(Date.UTC(2026, 2, 15))).toBe('Mar 15');
    expect([spec.y.format(2), spec.y.format(2.5)]).toEqual(['2', '']);
  });

  it('draws the car alone when no similar car is on the market', () => {
    expect(viewsChart(performance([1])).series.map((s) => s.name)).toEqual(['Your views']);
  });
});

describe('the words beside the chart', () => {
  it('sums the 30 days and says today’s views', () => {
    const p = performance([3, 0, 5]);
    expect(totalsOf(p)).toEqual({ views: 8, saves: 1, messages: 2, bookingRequests: 0 });
    expect(viewsSummary(p)).toBe('8 views in the last 30 days, 5 today.');
    expect(viewsSummary(performance([1], { cars: 1, medianViews: 2, medianPrice: 1 }))).toBe('1 view in the last 30 days, 1 today, beside the median of 1 similar car each day.');
  });

  it('says how similar cars compare in views and price', () => {
    expect(similarWords(performance([2, 2], { cars: 5, medianViews: 8, medianPrice: 13800 }))).toBe('Similar cars get 2× your views; their median price is $1,200 lower than yours.');
    expect(similarWords(performance([4, 2], { cars: 5, medianViews: 4, medianPrice: 16240 }))).toBe('You get 1.5× the views of similar cars; their median price is $1,200 higher than yours.');
    expect(similarWords(performance([5], { cars: 2, medianViews: 6, medianPrice: 15030 }))).toBe('Similar cars get about as many views as yours; their median price is the same as yours.');
    expect(similarWords(performance([], { cars: 2, medianViews: 3, medianPrice: 15000 }))).toBe('Similar cars get 3 views (median); yours has none yet; their median price is the same as yours.');
    expect(similarWords(performance([], { cars: 2, medianViews: 0, medianPrice: 15000 }))).toMatch(/^Neither your car nor similar cars have had views yet;/);
  });

  it('says when there is nothing to compare with, rather than a median of nothing', () => {
    expect(similarWords(performance([1]))).toBe('No similar cars (the same make and model, within two model years) are on the market to compare with.');
  });

  it('writes a day as a UTC day, wherever the reader is', () => {
    expect(formatDay('2026-03-01')).toBe('Mar 1');
  });
});
