/**
 * `npm run bench:pricing`: the fair-price estimate (docs/pricing.md) measured on cars whose price
 * comes from a known function (make and model's price new, age, mileage, condition, noise): the
 * median absolute error of the estimate against held-out asking prices, and how many of those
 * prices fall inside the stated range. Seeded: the same figures on every run.
 */
import { dealRating, estimatePrice, fitDepreciation, type Condition, type DealRating, type PricedCar } from '../apps/server/src/modules/pricing/estimate.ts';
import { MAKES } from './seed.ts';
import { seeded } from '../apps/server/test/seeded.ts';

const CARS = Number(process.env.PRICING_CARS ?? 20_000);
const HELD_OUT = 0.1;
const NOISE = 0.08;

const random = seeded(19);
const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const models = Object.entries(MAKES).flatMap(([make, list]) => list.map(([model, , , priceNew]) => ({ make, model, priceNew })));

/** The known price function: 15% a year, 1.2% per 10,000 km, condition ±10%, and log-normal noise. */
const cars: PricedCar[] = Array.from({ length: CARS }, (_, i) => {
  const m = models[Math.floor(random() * models.length)]!;
  const age = Math.floor(random() ** 1.4 * 16);
  const km = Math.round(age * (7000 + random() * 15000) + random() * 5000);
  const condition: Condition = (['Excellent', 'Good', 'Good', 'Fair'] as const)[Math.floor(random() * 4)]!;
  const factor = condition === 'Excellent' ? 1.1 : condition === 'Fair' ? 0.9 : 1;
  const price = Math.max(500, Math.round(m.priceNew * 0.85 ** age * Math.exp(-0.0000012 * km) * factor * Math.exp(NOISE * normal())));
  return { id: String(i), makeId: m.make, model: m.model, year: 2024 - age, km, condition, price, flagged: false };
});

const heldOut = cars.filter(() => random() < HELD_OUT);
const held = new Set(heldOut.map((c) => c.id));
const market = cars.filter((c) => !held.has(c.id));
const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The held-out cars estimated from `market`: the fit, how many had too few comparables, the median
 * absolute error, how many prices the range holds, its median half-width and each car's rating.
 */
function measure(market: PricedCar[]) {
  const d = fitDepreciation(market);
  const errors: number[] = [];
  const halfWidths: number[] = [];
  const ratings = new Map<string, DealRating>();
  let inside = 0;
  let notEnough = 0;
  for (const car of heldOut) {
    const e = estimatePrice(car, market, d);
    if (e.kind !== 'estimate') {
      notEnough++;
      continue;
    }
    errors.push(Math.abs(e.estimate - car.price) / car.price);
    halfWidths.push((e.high - e.low) / 2 / e.estimate);
    ratings.set(car.id, dealRating(car.price, e.estimate));
    if (car.price >= e.low && car.price <= e.high) inside++;
  }
  return { d, estimated: errors.length, notEnough, median: middle(errors), coverage: inside / errors.length, halfWidth: middle(halfWidths), ratings };
}

const { d, estimated, notEnough, median, coverage, halfWidth, ratings } = measure(market);
console.log(`pricing accuracy: ${CARS.toLocaleString('en-US')} cars, ${heldOut.length} held out, noise σ ${NOISE}`);
console.log(`fitted: ${(100 * (1 - Math.exp(-d.perYear))).toFixed(1)}% a year, ${(100 * (1 - Math.exp(d.per10000Km))).toFixed(1)}% per 10,000 km, Excellent ${d.excellent.toFixed(3)}, Fair ${d.fair.toFixed(3)}`);
console.log(`estimated ${estimated}, not enough data ${notEnough}`);
console.log(`median absolute error ${(100 * median).toFixed(1)}% (target ≤ 10%: ${median <= 0.1 ? 'ok' : 'MISSED'})`);
console.log(`range covers ${(100 * coverage).toFixed(1)}% of held-out prices (target ≥ 80%: ${coverage >= 0.8 ? 'ok' : 'MISSED'}), median range ±${(100 * halfWidth).toFixed(1)}%`);

// The same market with one car in a hundred planted by sellers who want the others' fair prices
// moved (issue 46): copies of cars on the market, half asking $1 to $500, half $1,000,000 to $5,000,000.
const fakes = Array.from({ length: Math.round(market.length / 100) }, (_, i): PricedCar => ({
  ...market[Math.floor(random() * market.length)]!,
  id: `fake ${i}`,
  price: i % 2 ? 1 + Math.floor(random() * 500) : 1_000_000 + Math.floor(random() * 4_000_000),
}));
const planted = measure([...market, ...fakes]);
const moved = [...ratings].filter(([id, rating]) => planted.ratings.get(id) !== rating).length;
console.log(
  `with ${fakes.length} fakes planted: median absolute error ${(100 * planted.median).toFixed(1)}%, range covers ${(100 * planted.coverage).toFixed(1)}%, median range ±${(100 * planted.halfWidth).toFixed(1)}%, ${moved} of ${ratings.size} ratings moved`,
);
