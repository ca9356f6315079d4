import { minComparables, type Condition, type DealRating } from '@second-gear/contract';

/**
 * A car's fair price from the cars like it on the market (docs/pricing.md): the same make and model, a
 * model year within two, a mileage in the same band. Each comparable's price is carried over to
 * this car's age, mileage and condition by how prices move with them across the whole market
 * (fitDepreciation), and the estimate is the median of those prices, its range where 90% of such
 * cars' prices would fall. Below MIN_COMPARABLES there is no estimate: "Not enough data", never a guess.
 */

export const MIN_COMPARABLES = minComparables;
export const YEAR_WINDOW = 2;
export type { Condition, DealRating };

export interface PricedCar {
  id: string;
  makeId: string;
  model: string;
  year: number;
  km: number;
  condition: Condition;
  price: number;
}

/** How log prices move, the same for every model: per model year, per 10,000 km, per condition against Good. */
export interface Depreciation {
  perYear: number;
  per10000Km: number;
  excellent: number;
  fair: number;
}


export type PriceEstimate =
  | { kind: 'not enough data'; comparables: number }
  | { kind: 'estimate'; estimate: number; low: number; high: number; comparables: { car: PricedCar; adjusted: number }[] };

const conditionTerm = (d: Depreciation, c: Condition) => (c === 'Excellent' ? d.excellent : c === 'Fair' ? d.fair : 0);

/** The mileage band of comparables: within 40% of the car's mileage, and never narrower than 20,000 km either way. */
export function inMileageBand(km: number, other: number): boolean {
  return Math.abs(other - km) <= Math.max(20_000, 0.4 * km);
}

/**
 * The slopes of log price on year, mileage and condition within each model (each model's own
 * level taken out), by least squares over every car given.
 */
export function fitDepreciation(cars: PricedCar[]): Depreciation {
  const groups = new Map<string, PricedCar[]>();
  for (const car of cars) {
    const key = `${car.makeId}\u0000${car.model.toLowerCase()}`;
    const group = groups.get(key);
    if (group) group.push(car);
    else groups.set(key, [car]);
  }
  // Normal equations of y = X b with every column demeaned within its model.
  const xtx = Array.from({ length: 4 }, () => [0, 0, 0, 0]);
  const xty = [0, 0, 0, 0];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const rows = group.map((c) => ({ x: [c.year, c.km / 10_000, +(c.condition === 'Excellent'), +(c.condition === 'Fair')], y: Math.log(c.price) }));
    const meanX = [0, 1, 2, 3].map((j) => rows.reduce((s, r) => s + r.x[j]!, 0) / rows.length);
    const meanY = rows.reduce((s, r) => s + r.y, 0) / rows.length;
    for (const r of rows) {
      const x = r.x.map((v, j) => v - meanX[j]!);
      const y = r.y - meanY;
      for (let i = 0; i < 4; i++) {
        xty[i]! += x[i]! * y;
        for (let j = 0; j < 4; j++) xtx[i]![j]! += x[i]! * x[j]!;
      }
    }
  }
  const [perYear, per10000Km, excellent, fair] = solve(xtx, xty);
  return { perYear: perYear!, per10000Km: per10000Km!, excellent: excellent!, fair: fair! };
}

/** Gaussian elimination with partial pivoting; a column without variation (every car Good) gets 0. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    if (Math.abs(m[col]![col]!) < 1e-9) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-9 ? 0 : row[n]! / row[i]!));
}

/**
 * A comparable's price carried over to `car`'s model year, mileage and condition: what it would ask
 * were it that car. Mileages in km (`mileage_km`: a mileage given in miles converted), so a car
 * listed in miles and one in km are compared alike. The car's page lists these beside each comparable.
 */
export function carriedOver(other: Omit<PricedCar, 'id' | 'makeId' | 'model'>, car: Pick<PricedCar, 'year' | 'km' | 'condition'>, d: Depreciation): number {
  return (
    other.price *
    Math.exp(d.perYear * (car.year - other.year) + d.per10000Km * ((car.km - other.km) / 10_000) + conditionTerm(d, car.condition) - conditionTerm(d, other.condition))
  );
}

/** The fair price of `car` from the others on the market. */
export function estimatePrice(car: Omit<PricedCar, 'price'> & { price?: number }, market: PricedCar[], d: Depreciation): PriceEstimate {
  const model = car.model.toLowerCase();
  const comparables = market.filter(
    (other) =>
      other.id !== car.id &&
      other.makeId === car.makeId &&
      other.model.toLowerCase() === model &&
      Math.abs(other.year - car.year) <= YEAR_WINDOW &&
      inMileageBand(car.km, other.km),
  );
  if (comparables.length < MIN_COMPARABLES) return { kind: 'not enough data', comparables: comparables.length };
  const adjusted = comparables.map((other) => ({ car: other, adjusted: carriedOver(other, car, d) }));
  const prices = adjusted.map((a) => a.adjusted).sort((x, y) => x - y);
  const estimate = quantile(prices, 0.5);
  // The range where 90% of such cars' prices would fall: the comparables' spread around the
  // estimate (in logs), widened for their number, as a prediction interval is.
  const logs = prices.map((p) => Math.log(p / estimate));
  const spread = Math.sqrt(logs.reduce((s, l) => s + l * l, 0) / (logs.length - 1));
  const half = 1.645 * spread * Math.sqrt(1 + 1 / logs.length);
  return { kind: 'estimate', estimate, low: estimate * Math.exp(-half), high: estimate * Math.exp(half), comparables: adjusted };
}

/** Linear interpolation between the closest ranks. */
function quantile(sorted: number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** The rating of an asking price against the estimate. */
export function dealRating(price: number, estimate: number): DealRating {
  const ratio = price / estimate;
  if (ratio <= 0.85) return 'Great price';
  if (ratio <= 0.95) return 'Good price';
  if (ratio <= 1.05) return 'Fair price';
  if (ratio <= 1.15) return 'High price';
  return 'Overpriced';
}
