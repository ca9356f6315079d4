import { minComparables, type Condition, type DealRating } from '@second-gear/contract';

/**
 * A car's fair price from the cars like it on the market (docs/pricing.md): the same make and model, a
 * model year within two, a mileage in the same band. Each comparable's price is carried over to
 * this car's age, mileage and condition by how prices move with them across the whole market
 * (fitDepreciation), and the estimate is the median of those prices, its range where 90% of such
 * cars' prices would fall. Below MIN_COMPARABLES there is no estimate: "Not enough data", never a guess.
 *
 * One car, however it is priced, must not move the fair price of others (issue 46: one $1 car made
 * every honest car of its model Overpriced). So a car with an open listing-check flag is nobody's
 * comparable and no part of the fit, a comparable far from the others (measured by the median of
 * the deviations, which one car cannot stretch) is left out before the median and the range are
 * taken (OUTLIER_SPREADS), and the fit gives a car far from its model's line no weight (decision 034).
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
  /** An open listing-check flag (cars/market.ts HAS_OPEN_FLAG): the car is priced, but is nobody's comparable and no part of the fit. */
  flagged: boolean;
}

/** How log prices move, the same for every model: per model year, per 10,000 km, per condition against Good. */
export interface Depreciation {
  perYear: number;
  per10000Km: number;
  excellent: number;
  fair: number;
}

/**
 * A comparable whose price, carried over to the car, lies more than this many spreads from the
 * median of the comparables' is an outlier and left out: for prices spread as the bench's (σ 0.08)
 * that is 36% off, which hardly any honest car is; among cars listed within 2% of one another, 9%.
 * 3.5 left honest cars out of a thin market's few comparables (decision 034). The same rule, read
 * from a car's own stored fair price, keeps it out of the similar cars (PRICE_OUTLIER).
 */
export const OUTLIER_SPREADS = 4.5;
/**
 * The least spread (in logs) a model's prices are taken to have: cars listed within a percent of
 * one another, as a seller's fleet or a handful of round prices are, would otherwise make every
 * car a few percent off an outlier and give a range narrower than prices are typed.
 */
export const MIN_SPREAD = 0.02;
/** The median absolute deviation of normal noise times this is its standard deviation. */
const MAD_TO_SPREAD = 1.4826;
/** The range holds 90% of such cars' prices: ±1.645 spreads of normal noise (widened for the comparables' number). */
export const RANGE_SPREADS = 1.645;

/** A car's fair price, with the comparables it came from (each as the market gave it, and its price carried over to the car). */
export type PriceEstimate<Car extends PricedCar = PricedCar> =
  | { kind: 'not enough data'; comparables: number }
  | { kind: 'estimate'; estimate: number; low: number; high: number; comparables: { car: Car; adjusted: number }[] };

const conditionTerm = (d: Depreciation, c: Condition) => (c === 'Excellent' ? d.excellent : c === 'Fair' ? d.fair : 0);

/** The mileage band of comparables: within 40% of the car's mileage, and never narrower than 20,000 km either way. */
export function inMileageBand(km: number, other: number): boolean {
  return Math.abs(other - km) <= Math.max(20_000, 0.4 * km);
}

type Described = Pick<PricedCar, 'id' | 'makeId' | 'model' | 'year' | 'km' | 'condition'>;

/** Whether `other` is near `car`: a model year within YEAR_WINDOW, a mileage in the band. */
function isNear(car: Pick<PricedCar, 'year' | 'km'>, other: Pick<PricedCar, 'year' | 'km'>): boolean {
  return Math.abs(other.year - car.year) <= YEAR_WINDOW && inMileageBand(car.km, other.km);
}

/** Whether `other` is a comparable of `car`: another car of its make and model (any case), near it. */
function isComparable(car: Described, other: PricedCar): boolean {
  return other.id !== car.id && other.makeId === car.makeId && other.model.toLowerCase() === car.model.toLowerCase() && isNear(car, other);
}

/**
 * A model's cars in the fit, one after another in one array, each as its year, mileage (per 10,000
 * km), whether Excellent, whether Fair (1 or 0) and log price: the fit passes over every car of the
 * market dozens of times, and a flat array of numbers is the fastest to pass over.
 */
type FitRows = Float64Array;
const STRIDE = 5;

function fitRows(cars: PricedCar[]): FitRows {
  const rows = new Float64Array(cars.length * STRIDE);
  cars.forEach((car, i) => rows.set([car.year, car.km / 10_000, +(car.condition === 'Excellent'), +(car.condition === 'Fair'), Math.log(car.price)], i * STRIDE));
  return rows;
}

/**
 * The slopes of log price on year, mileage and condition within each model (each model's own
 * level taken out), fitted so that no one car can drag them (decision 034):
 *
 * - a flagged car is no part of the fit, nor a car with no near car of its model or asking far
 *   from what they ask (speaksForItsModel);
 * - least absolute deviations first (iteratively reweighted by 1 / |residual|, smoothed below
 *   MIN_SPREAD), from flat slopes, so that no wild price pulls the start: its spread of residuals,
 *   never below MIN_SPREAD, is the scale of
 * - Tukey's bisquare, as efficient as least squares on honest prices, which gives a car more than
 *   4.685 spreads off its model's line no weight at all.
 */
export function fitDepreciation(cars: PricedCar[]): Depreciation {
  const groups = new Map<string, PricedCar[]>();
  for (const car of cars) {
    if (car.flagged) continue;
    const key = `${car.makeId}\u0000${car.model.toLowerCase()}`;
    const group = groups.get(key);
    if (group) group.push(car);
    else groups.set(key, [car]);
  }
  const models = [...groups.values()]
    .map((group) => group.filter((car) => speaksForItsModel(car, group)))
    // A model's only car says nothing about how prices move within a model.
    .filter((group) => group.length >= 2)
    .map(fitRows);
  const flat = { weights: models.map((rows) => new Float64Array(rows.length / STRIDE).fill(1)), slopes: [0, 0, 0, 0] };
  const leastAbsolute = reweighted(models, flat, (r) => 1 / Math.max(Math.abs(r), MIN_SPREAD));
  const spread = spreadOf(residualsOf(models, leastAbsolute).flatMap((r) => [...r]));
  const [perYear, per10000Km, excellent, fair] = reweighted(models, leastAbsolute, (r) => bisquare(r / spread)).slopes;
  return { perYear: perYear!, per10000Km: per10000Km!, excellent: excellent!, fair: fair! };
}

/** How many of a car's near cars its price is compared with before the fit: enough for a median. */
const NEAR_CARS_COMPARED = 15;
/**
 * A car asking more than this many times, or less than this share of, the median of its near cars
 * (no depreciation known yet: two model years, the condition and the mileage band apart, honest
 * cars differ by up to about twice) is no part of the fit.
 */
const NEAR_PRICE_FACTOR = 3;

/**
 * Whether `car` takes part in the fit of how prices move: it has a near car of its model (one
 * without says nothing about how prices move among cars alike and, far from every other car of its
 * model, would pull the slopes hardest: a $1 car at 999,999 km), and its price is within
 * NEAR_PRICE_FACTOR of theirs: a $1 or a $5,000,000 car takes no part even in a model of a few
 * cars, where it could otherwise tell a slope as much as the one honest car that tells it.
 */
function speaksForItsModel(car: PricedCar, model: PricedCar[]): boolean {
  const near: number[] = [];
  for (const other of model) {
    if (other !== car && isNear(car, other)) near.push(other.price);
    if (near.length === NEAR_CARS_COMPARED) break;
  }
  return near.length > 0 && Math.abs(Math.log(car.price / median(near))) <= Math.log(NEAR_PRICE_FACTOR);
}

/** The cars' weights in a weighted least squares (one array a model), and the slopes it gave. */
interface Fit {
  weights: Float64Array[];
  slopes: number[];
}

/** Rounds of reweighting at most: a fit settles in a few to a few dozen, over a thin market in up to 200. */
const FIT_ROUNDS = 500;
/** Tukey's bisquare weight of a residual in spreads: none beyond 4.685. */
const bisquare = (u: number) => (Math.abs(u) >= 4.685 ? 0 : (1 - (u / 4.685) ** 2) ** 2);

/** Weighted least squares again and again from `fit`, each car weighed by `weight` of its residual, until the slopes settle. */
function reweighted(models: FitRows[], fit: Fit, weight: (residual: number) => number): Fit {
  let current = fit;
  for (let round = 0; round < FIT_ROUNDS; round++) {
    const weights = residualsOf(models, current).map((residuals) => residuals.map(weight));
    const slopes = weightedSlopes(models, weights);
    const moved = Math.max(...slopes.map((b, j) => Math.abs(b - current.slopes[j]!)));
    current = { weights, slopes };
    if (moved < 1e-7) break;
  }
  return current;
}

/** A model's weighted means of x and y; of a model whose cars all weigh nothing, the plain means (it adds nothing to the sums). */
function meansOf(rows: FitRows, weights: Float64Array): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const means = [0, 0, 0, 0, 0];
  for (let i = 0; i < weights.length; i++) {
    const w = total > 0 ? weights[i]! : 1;
    for (let j = 0; j < STRIDE; j++) means[j]! += w * rows[i * STRIDE + j]!;
  }
  return means.map((v) => v / (total > 0 ? total : weights.length));
}

/** Weighted least squares of y on x, every column demeaned within its model. */
function weightedSlopes(models: FitRows[], weights: Float64Array[]): number[] {
  // x'x (4 by 4, row after row) and x'y, summed over every car.
  const sums = new Float64Array(20);
  const d = new Float64Array(STRIDE);
  models.forEach((rows, g) => {
    const w = weights[g]!;
    const mean = meansOf(rows, w);
    for (let i = 0; i < w.length; i++) {
      if (w[i] === 0) continue;
      for (let j = 0; j < STRIDE; j++) d[j] = rows[i * STRIDE + j]! - mean[j]!;
      for (let j = 0; j < 4; j++) {
        const wd = w[i]! * d[j]!;
        for (let k = 0; k < 4; k++) sums[j * 4 + k]! += wd * d[k]!;
        sums[16 + j]! += wd * d[4]!;
      }
    }
  });
  return solve([0, 1, 2, 3].map((j) => [...sums.subarray(j * 4, j * 4 + 4)]), [...sums.subarray(16)]);
}

/** Each car's log price off its model's line: the slopes of `fit`, and the model's level (the weighted mean). */
function residualsOf(models: FitRows[], fit: Fit): Float64Array[] {
  const [b0, b1, b2, b3] = fit.slopes as [number, number, number, number];
  const offLine = (v: ArrayLike<number>, at: number) => v[at + 4]! - (b0 * v[at]! + b1 * v[at + 1]! + b2 * v[at + 2]! + b3 * v[at + 3]!);
  return models.map((rows, g) => {
    const level = offLine(meansOf(rows, fit.weights[g]!), 0);
    const residuals = new Float64Array(rows.length / STRIDE);
    for (let i = 0; i < residuals.length; i++) residuals[i] = offLine(rows, i * STRIDE) - level;
    return residuals;
  });
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
export function carriedOver(other: Pick<PricedCar, 'price' | 'year' | 'km' | 'condition'>, car: Pick<PricedCar, 'year' | 'km' | 'condition'>, d: Depreciation): number {
  return (
    other.price *
    Math.exp(d.perYear * (car.year - other.year) + d.per10000Km * ((car.km - other.km) / 10_000) + conditionTerm(d, car.condition) - conditionTerm(d, other.condition))
  );
}

/**
 * The fair price of `car` from the others on the market: the unflagged cars of its model within the
 * year window and the mileage band, their prices carried over to it, those more than OUTLIER_SPREADS
 * spreads from the median left out (fewer than MIN_COMPARABLES left: not enough data), and the
 * median of the rest. A comparable listed at $1 or at $5,000,000 is left out; one close enough to
 * the others to stay can move the median by one place and widen the range by what one comparable
 * OUTLIER_SPREADS spreads off adds to it: never far (estimate.property.test.ts).
 */
export function estimatePrice<Car extends PricedCar>(car: Described, market: Car[], d: Depreciation): PriceEstimate<Car> {
  const candidates = market.filter((other) => !other.flagged && isComparable(car, other));
  if (candidates.length < MIN_COMPARABLES) return { kind: 'not enough data', comparables: candidates.length };
  const carried = candidates.map((other) => ({ car: other, adjusted: carriedOver(other, car, d) }));
  const centre = median(carried.map((c) => c.adjusted));
  const cutoff = OUTLIER_SPREADS * spreadOf(carried.map((c) => Math.log(c.adjusted / centre)));
  const comparables = carried.filter((c) => Math.abs(Math.log(c.adjusted / centre)) <= cutoff);
  if (comparables.length < MIN_COMPARABLES) return { kind: 'not enough data', comparables: comparables.length };
  const prices = comparables.map((c) => c.adjusted);
  const estimate = median(prices);
  // The range where 90% of such cars' prices would fall: the comparables' spread around the
  // estimate (in logs, root mean square, never under MIN_SPREAD), widened for their number, as a
  // prediction interval is.
  const logs = prices.map((p) => Math.log(p / estimate));
  const spread = Math.max(MIN_SPREAD, Math.sqrt(logs.reduce((s, l) => s + l * l, 0) / (logs.length - 1)));
  const half = RANGE_SPREADS * spread * Math.sqrt(1 + 1 / prices.length);
  return { kind: 'estimate', estimate, low: estimate * Math.exp(-half), high: estimate * Math.exp(half), comparables };
}

/** The spread of log deviations (residuals, or prices against a centre), from their median absolute value; never below MIN_SPREAD. */
function spreadOf(deviations: number[]): number {
  return Math.max(MIN_SPREAD, MAD_TO_SPREAD * median(deviations.map(Math.abs)));
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
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
