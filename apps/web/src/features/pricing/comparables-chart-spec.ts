import type { ComparableCar } from '@second-gear/contract';
import { distanceIn, formatMileage, formatPrice, type DistanceUnit } from '@second-gear/contract/constants';
import type { ChartSpec } from '../../ui/chart/chart-spec.ts';

/** The car the comparables price: its mileage (in km, as the estimate compares mileages), its fair price, and its asking price once listed. */
export interface PricedCarMark {
  mileageKm: number;
  estimate: number;
  price?: number;
}

/** A price as an axis label, short enough for a phone: "$9,500", "$14k", "$120k". */
export function axisPrice(value: number): string {
  return value >= 10_000 ? `$${Math.round(value / 1000)}k` : formatPrice(Math.round(value));
}

/** A mileage as an axis label in the reader's unit: "800 mi", "40k mi". */
export function axisMileage(value: number, unit: DistanceUnit): string {
  return value >= 1000 ? `${Math.round(value / 1000)}k ${unit}` : `${Math.round(value)} ${unit}`;
}

/**
 * The similar cars a fair price rests on, drawn as price against mileage: each at its asking price
 * and mileage (in the reader's unit), this car's fair price marked at its mileage, and its asking
 * price beside it once it is listed. The axes start a little below the lowest and end a little
 * above the highest figure, so that no point sits on an axis.
 */
export function comparablesChartSpec(comparables: readonly ComparableCar[], car: PricedCarMark, unit: DistanceUnit): ChartSpec {
  const x = (km: number) => Math.round(distanceIn(km, 'km', unit));
  const series: ChartSpec['series'] = [
    { name: 'Similar cars', draw: 'points', tone: 'muted', points: comparables.map((c) => ({ x: x(c.mileageKm), y: c.resalePrice })) },
    { name: 'Fair price', draw: 'points', tone: 'accent', points: [{ x: x(car.mileageKm), y: car.estimate }] },
  ];
  if (car.price !== undefined) series.push({ name: 'This car’s price', draw: 'points', tone: 'primary', points: [{ x: x(car.mileageKm), y: car.price }] });
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const ys = series.flatMap((s) => s.points.map((p) => p.y));
  const [xLow, xHigh, yLow, yHigh] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const xMargin = Math.max((xHigh - xLow) * 0.05, 500);
  const yMargin = Math.max((yHigh - yLow) * 0.1, 250);
  return {
    series,
    x: { format: (value) => axisMileage(value, unit), low: Math.max(0, xLow - xMargin), high: xHigh + xMargin },
    y: { format: axisPrice, low: Math.max(0, yLow - yMargin), high: yHigh + yMargin },
  };
}

/** "a to b", or "a" when both are one. */
const span = (low: string, high: string) => (low === high ? low : `${low} to ${high}`);

/** What the chart shows, in one sentence everybody reads: how many cars, the spread of their prices and mileages, and where this car's fair price sits. */
export function comparablesSummary(comparables: readonly ComparableCar[], car: PricedCarMark, unit: DistanceUnit, carWords = 'this car'): string {
  const prices = comparables.map((c) => c.resalePrice);
  const km = comparables.map((c) => Math.round(c.mileageKm));
  const mileage = (value: number) => formatMileage(Math.round(value), 'km', unit);
  const cars = comparables.length === 1 ? '1 similar car asks' : `${comparables.length} similar cars ask`;
  const spread = `${span(formatPrice(Math.min(...prices)), formatPrice(Math.max(...prices)))} at ${span(mileage(Math.min(...km)), mileage(Math.max(...km)))}`;
  return `${cars} ${spread}; ${carWords}’s fair price, ${formatPrice(car.estimate)} at ${mileage(car.mileageKm)}, is marked.`;
}
