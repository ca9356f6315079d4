/**
 * What a chart shows, apart from the library that draws it (draw-chart.ts, loaded only when a chart
 * is on screen): points or lines on two numeric axes. Dates are numbers too (milliseconds), told
 * in words by the axis's `format`.
 */

/** How a series stands out: `muted` for the many (similar cars), `primary` for the car itself, `accent` for one marked point. */
export type ChartTone = 'muted' | 'primary' | 'accent';

export interface ChartPoint {
  x: number;
  y: number;
}

export interface ChartSeries {
  /** The legend's words for the series. */
  name: string;
  points: ChartPoint[];
  /** `steps`: a value that holds until the next (a price, until it changed). */
  draw: 'points' | 'line' | 'steps';
  tone: ChartTone;
}

export interface ChartAxis {
  /** An axis label's words for a value: "$12k", "40,000 mi", "Nov 3". */
  format: (value: number) => string;
  /** Where the axis starts or ends, when not at the data's own lowest and highest values. */
  low?: number;
  high?: number;
  /**
   * Where the labels stand, when not where the library spreads them: its spread always ends with a
   * label at the axis's far end, which the drawing cuts off (dates, whose ticks should be days).
   */
  ticks?: number[];
}

export interface ChartSpec {
  series: ChartSeries[];
  x: ChartAxis;
  y: ChartAxis;
}

/** The part of a spec that changes a drawing (the formats are functions, new at every render). */
export function drawingKey(spec: ChartSpec): string {
  return JSON.stringify([spec.series, spec.x.low, spec.x.high, spec.x.ticks, spec.y.low, spec.y.high, spec.y.ticks]);
}

/**
 * The labels of a horizontal axis that names none of its own: round values (1, 2 or 5 times a power
 * of ten apart), at most `most`, the finest such step. Chartist gives the last label the rest of the
 * axis or an equal share of it, whichever is more; a label is left out where that box would run past
 * the far end (the library's own spread ends with a label there, which the drawing cuts off).
 */
export function roundTicks(low: number, high: number, most = 4): number[] {
  const range = high - low;
  if (!(range > 0)) return [low];
  for (let power = 10 ** (Math.floor(Math.log10(range)) - 2); ; power *= 10) {
    for (const step of [1, 2, 5].map((times) => times * power)) {
      const ticks: number[] = [];
      for (let k = Math.ceil(low / step); k * step <= high; k++) ticks.push(k * step);
      while (ticks.length && high - ticks.at(-1)! < range / ticks.length) ticks.pop();
      if (ticks.length && ticks.length <= most) return ticks;
      if (step > range) return [low];
    }
  }
}

/** Where the x axis is labelled: the spec's own ticks, or round ones over its range (the points' when it names none). */
export function xTicksOf(spec: ChartSpec): { low: number; high: number; ticks: number[] } {
  const xs = spec.series.flatMap((series) => series.points.map((point) => point.x));
  const low = spec.x.low ?? Math.min(...xs);
  const high = spec.x.high ?? Math.max(...xs);
  return { low, high, ticks: spec.x.ticks ?? roundTicks(low, high) };
}
