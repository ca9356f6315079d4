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
