import type { CarPerformance } from '@second-gear/contract';
import { formatPrice, formatWhole } from '../../lib/format.ts';
import type { ChartSpec } from '../../ui/chart/chart-spec.ts';

// A car's Performance in pictures and words: the chart of its views beside similar cars', and what
// the comparison says, made from the API's answer alone so that both are tested without a browser.

/** The days are UTC days (the API's), written as such wherever the reader is. */
const dayWriter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** `Mar 15`: a day of the chart, from its `YYYY-MM-DD` or its time on the axis. */
export const formatDay = (day: string | number) => dayWriter.format(typeof day === 'number' ? day : Date.parse(`${day}T00:00:00Z`));

const atOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The views a day as a line, the similar cars' median beside it when there are similar cars. */
export function viewsChart(performance: CarPerformance): ChartSpec {
  const series: ChartSpec['series'] = [{ name: 'Your views', draw: 'line', tone: 'primary', points: performance.days.map((d) => ({ x: atOf(d.day), y: d.views })) }];
  if (performance.similar.cars > 0) {
    series.push({ name: 'Similar cars (median)', draw: 'line', tone: 'muted', points: performance.days.map((d) => ({ x: atOf(d.day), y: d.similarViews ?? 0 })) });
  }
  const first = performance.days[0]!.day;
  const last = performance.days.at(-1)!.day;
  return {
    series,
    // A label a week, the last one a week before today: room for its words before the axis ends.
    x: { format: formatDay, low: atOf(first), high: atOf(last), ticks: performance.days.filter((_, i, all) => (all.length - 1 - i) % 7 === 0 && i < all.length - 1).map((d) => atOf(d.day)) },
    // Views are whole: the scale's in-between ticks say nothing.
    y: { format: (v) => (Number.isInteger(v) ? formatWhole(v) : ''), low: 0 },
  };
}

export interface Totals {
  views: number;
  saves: number;
  messages: number;
  bookingRequests: number;
}

/** The 30 days' sums, for the page's figures above the chart. */
export function totalsOf(performance: CarPerformance): Totals {
  const sum = (pick: (d: CarPerformance['days'][number]) => number) => performance.days.reduce((all, d) => all + pick(d), 0);
  return { views: sum((d) => d.views), saves: sum((d) => d.saves), messages: sum((d) => d.messages), bookingRequests: sum((d) => d.bookingRequests) };
}

/** The chart's caption: what it shows, in numbers. */
export function viewsSummary(performance: CarPerformance): string {
  const { views } = totalsOf(performance);
  const today = performance.days.at(-1)!.views;
  const own = `${plural(views, 'view')} in the last 30 days, ${formatWhole(today)} today`;
  if (!performance.similar.cars) return `${capitalised(own)}.`;
  return `${capitalised(own)}, beside the median of ${plural(performance.similar.cars, 'similar car')} each day.`;
}

/** One multiple, in words people read at a glance: `2×`, `1.5×`. */
const times = (ratio: number) => `${Math.round(ratio * 10) / 10}×`;

/**
 * What similar cars say about this one, as a seller decides on the price: "Similar cars get 2× your
 * views; their median price is $1,200 lower than yours." Nothing is said of a median that rests on no car.
 */
export function similarWords(performance: CarPerformance): string {
  const { cars, medianViews, medianPrice } = performance.similar;
  if (!cars || medianViews === null || medianPrice === null) return 'No similar cars (the same make and model, within two model years) are on the market to compare with.';
  const mine = totalsOf(performance).views;
  return `${viewsWords(mine, medianViews)}; ${priceWords(performance.price, medianPrice)}.`;
}

function viewsWords(mine: number, median: number): string {
  if (mine === 0 && median === 0) return 'Neither your car nor similar cars have had views yet';
  if (mine === 0) return `Similar cars get ${plural(median, 'view')} (median); yours has none yet`;
  const ratio = median / mine;
  if (ratio >= 1.5) return `Similar cars get ${times(ratio)} your views`;
  if (ratio <= 1 / 1.5) return `You get ${times(1 / ratio)} the views of similar cars`;
  return 'Similar cars get about as many views as yours';
}

function priceWords(price: number, median: number): string {
  // Rounded to $100: a seller compares prices, not cents.
  const gap = Math.round((price - median) / 100) * 100;
  if (gap === 0) return 'their median price is the same as yours';
  return `their median price is ${formatPrice(Math.abs(gap))} ${gap > 0 ? 'lower' : 'higher'} than yours`;
}

const plural = (n: number, word: string) => `${formatWhole(n)} ${word}${Math.round(n) === 1 ? '' : 's'}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
