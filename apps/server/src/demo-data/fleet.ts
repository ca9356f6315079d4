import type { BodyType, Fuel, Transmission } from '@second-gear/contract/constants';
import { demoCars, type DemoCar } from '../../demo/catalog.ts';
import { colourName, demoCarDetails, demoVin, type DemoCarDetails } from '../../demo/car-details.ts';
import { cityOf, demoCities, locationOf } from './cities.ts';

/**
 * The demo's market: the hand-written showcase cars of demo/catalog.ts and about 270 more made from
 * the table of models below, about 300 cars over the cities of cities.ts. The popular models have
 * enough cars that each car of theirs finds the comparables a fair price needs (pricing/estimate.ts:
 * five of its model within two model years and its mileage band), so deal ratings, comparables and
 * alerts show at the first start. Made by a seeded generator: the same cars at every seeding.
 */

/** The sellers beyond the two demo accounts. They have no password: nobody signs in as them. */
export const demoDealers = [
  { email: 'lonestar-motors@demo.test', name: 'Lone Star Motors', verified: true },
  { email: 'pacific-auto@demo.test', name: 'Pacific Auto Exchange', verified: true },
  { email: 'midwest-car-co@demo.test', name: 'Midwest Car Co.', verified: true },
  { email: 'maria.lopez@demo.test', name: 'Maria Lopez', verified: false },
  { email: 'james.carter@demo.test', name: 'James Carter', verified: false },
] as const;

/** A demo car as the seeding lists it: a showcase car's listing fields, sold by any demo seller, placed at a ZIP. */
export interface DemoListing extends Pick<DemoCar, 'category' | 'productName' | 'condition' | 'description' | 'originalPrice' | 'resalePrice' | 'yearOfPurchase' | 'mobile' | 'advertised'> {
  /** "City, ST", a city of cities.ts. */
  location: string;
  /** The city's ZIP code (cities.ts), kept for the listing's coming `ZIP code` field. */
  zip: string;
  /** A demo account's or a dealer's email. */
  seller: string;
  /** Listed this many days ago. */
  daysAgo: number;
  details: DemoCarDetails;
  /** The showcase car (an index of `demoCars`) whose pictures this car shows: the same body and paint. */
  pictures: number;
  /** The car's asking prices before today's, oldest first, each with the day it was lowered (days ago). */
  earlierPrices: { price: number; loweredDaysAgo: number }[];
  /** Listed so that a listing check asks about it (admins see Listing checks at the first start); why, for the reader. */
  questionable?: string;
}

/** A price stands this many days before a demo seller lowers it: a drop the buyer can trust (issue 47). */
export const PRICE_STOOD_DAYS = 3;

interface ModelSpec {
  make: string;
  model: string;
  body: DemoCar['body'];
  /** What the model costs new today, in USD. */
  newPrice: number;
  trims: string[];
  /** Equipment a seller would name, two of which each description lists. */
  features: string[];
  /** How many cars of it the generator lists beside the showcase ones. */
  count: number;
  fuel?: Fuel;
  /** A trim with this word runs on it (a "Hybrid" trim is a hybrid). */
  hybridTrim?: boolean;
  /** A share of its cars with a manual gearbox. */
  manualShare?: number;
}

const models: ModelSpec[] = [
  { make: 'Toyota', model: 'Camry', body: 'sedan', newPrice: 29_500, trims: ['LE', 'SE', 'XLE', 'Hybrid LE'], hybridTrim: true, features: ['Toyota Safety Sense', 'Apple CarPlay', 'adaptive cruise control', 'heated front seats', 'a backup camera'], count: 15 },
  { make: 'Toyota', model: 'Corolla', body: 'sedan', newPrice: 23_500, trims: ['L', 'LE', 'SE', 'XSE'], features: ['lane keeping assist', 'Apple CarPlay', 'a backup camera', 'LED headlights', 'cruise control'], count: 15 },
  { make: 'Toyota', model: 'RAV4', body: 'suv', newPrice: 32_500, trims: ['LE', 'XLE', 'XLE Premium', 'Hybrid XLE'], hybridTrim: true, features: ['all-wheel drive', 'a power liftgate', 'blind-spot monitoring', 'a sunroof', 'roof rails'], count: 15 },
  { make: 'Toyota', model: 'Tacoma', body: 'pickup', newPrice: 38_500, trims: ['SR5', 'TRD Sport', 'TRD Off-Road'], features: ['a bed liner', 'a tow package', 'four-wheel drive', 'a locking rear differential', 'a trailer hitch'], count: 12 },
  { make: 'Toyota', model: 'Prius', body: 'hatchback', newPrice: 29_000, trims: ['L Eco', 'LE', 'XLE'], fuel: 'Hybrid', features: ['50 mpg on the highway', 'a head-up display', 'keyless entry', 'wireless charging'], count: 7 },
  { make: 'Honda', model: 'Civic', body: 'sedan', newPrice: 25_500, trims: ['LX', 'Sport', 'EX', 'Touring'], manualShare: 0.15, features: ['Honda Sensing', 'Apple CarPlay', 'a sunroof', 'a lane watch camera', 'remote start'], count: 15 },
  { make: 'Honda', model: 'CR-V', body: 'suv', newPrice: 32_000, trims: ['LX', 'EX', 'EX-L', 'Hybrid Sport'], hybridTrim: true, features: ['all-wheel drive', 'leather seats', 'a power tailgate', 'heated seats', 'Honda Sensing'], count: 13 },
  { make: 'Honda', model: 'Accord', body: 'sedan', newPrice: 29_500, trims: ['LX', 'Sport', 'EX-L', 'Hybrid Touring'], hybridTrim: true, features: ['adaptive cruise control', 'heated seats', 'wireless CarPlay', 'a 12-speaker audio system'], count: 12 },
  { make: 'Honda', model: 'Fit', body: 'hatchback', newPrice: 18_500, trims: ['LX', 'Sport', 'EX'], manualShare: 0.3, features: ['Magic Seat rear seats', 'a sunroof', 'Bluetooth audio', 'a backup camera'], count: 3 },
  { make: 'BMW', model: '330i', body: 'sedan', newPrice: 46_000, trims: ['', 'xDrive'], features: ['Live Cockpit navigation', 'heated seats', 'a Harman Kardon audio system', 'parking sensors', 'a sunroof'], count: 10 },
  { make: 'BMW', model: 'X3', body: 'suv', newPrice: 49_500, trims: ['sDrive30i', 'xDrive30i'], features: ['a panoramic roof', 'a power tailgate', 'heated seats', 'a head-up display', 'parking assistant'], count: 10 },
  { make: 'BMW', model: 'X5', body: 'suv', newPrice: 66_000, trims: ['xDrive40i', 'sDrive40i'], features: ['air suspension', 'a panoramic roof', 'ventilated seats', 'a 360° camera'], count: 4 },
  { make: 'BMW', model: 'M240i', body: 'coupe', newPrice: 52_000, trims: ['Coupe', 'xDrive Coupe'], features: ['adaptive M suspension', 'M Sport brakes', 'heated seats', 'a Harman Kardon audio system'], count: 3 },
  { make: 'Ford', model: 'F-150', body: 'pickup', newPrice: 48_000, trims: ['XL SuperCab', 'XLT SuperCrew', 'Lariat SuperCrew'], features: ['four-wheel drive', 'a tow package', 'a spray-in bed liner', 'SYNC navigation', 'a trailer brake controller'], count: 16 },
  { make: 'Ford', model: 'Mustang', body: 'coupe', newPrice: 36_000, trims: ['EcoBoost', 'EcoBoost Premium', 'GT'], manualShare: 0.35, features: ['a limited-slip differential', 'a digital dash', 'heated and cooled seats', 'a B&O audio system'], count: 9 },
  { make: 'Ford', model: 'Escape', body: 'suv', newPrice: 31_000, trims: ['S', 'SE', 'SEL', 'SE Hybrid'], hybridTrim: true, features: ['Co-Pilot360', 'a hands-free liftgate', 'wireless charging', 'all-wheel drive'], count: 10 },
  { make: 'Ford', model: 'Focus', body: 'hatchback', newPrice: 21_000, trims: ['SE Hatchback', 'Titanium Hatchback'], manualShare: 0.25, features: ['SYNC 3', 'a backup camera', 'heated seats', 'keyless entry'], count: 4 },
  { make: 'Ford', model: 'Ranger', body: 'pickup', newPrice: 36_000, trims: ['XL', 'XLT', 'Lariat'], features: ['four-wheel drive', 'a tow package', 'a bed liner', 'Co-Pilot360'], count: 6 },
  { make: 'Tesla', model: 'Model 3', body: 'sedan', newPrice: 42_000, trims: ['Standard Range Plus', 'Long Range', 'Performance'], fuel: 'Electric', features: ['Autopilot', 'a glass roof', 'heated seats', 'a premium audio system'], count: 12 },
  { make: 'Tesla', model: 'Model Y', body: 'suv', newPrice: 47_000, trims: ['Long Range', 'Performance'], fuel: 'Electric', features: ['Autopilot', 'a power liftgate', 'a glass roof', 'a tow hitch'], count: 10 },
  { make: 'Tesla', model: 'Model S', body: 'sedan', newPrice: 78_000, trims: ['75D', '100D', 'Long Range'], fuel: 'Electric', features: ['Autopilot', 'air suspension', 'a panoramic roof', 'free supercharging'], count: 4 },
  { make: 'Hyundai', model: 'Elantra', body: 'sedan', newPrice: 23_000, trims: ['SE', 'SEL', 'Limited'], features: ['a digital cockpit', 'wireless CarPlay', 'blind-spot collision avoidance', 'heated seats'], count: 13 },
  { make: 'Hyundai', model: 'Tucson', body: 'suv', newPrice: 30_000, trims: ['SE', 'SEL', 'Limited'], features: ['all-wheel drive', 'blind-spot detection', 'roof rails', 'heated seats', 'a power liftgate'], count: 13 },
  { make: 'Hyundai', model: 'Sonata', body: 'sedan', newPrice: 28_000, trims: ['SE', 'SEL', 'Limited'], features: ['a digital key', 'a sunroof', 'Infinity audio', 'adaptive cruise control'], count: 8 },
  { make: 'Hyundai', model: 'Veloster', body: 'hatchback', newPrice: 23_500, trims: ['2.0', 'Turbo'], manualShare: 0.3, features: ['a head-up display', 'Infinity audio', 'a two-tone roof', 'a sunroof'], count: 3 },
  { make: 'Hyundai', model: 'Santa Cruz', body: 'pickup', newPrice: 33_000, trims: ['SE', 'SEL AWD', 'Limited AWD'], features: ['a lockable in-bed trunk', 'a tonneau cover', 'heated seats', 'a tow package'], count: 4 },
  { make: 'Mercedes-Benz', model: 'C 300', body: 'sedan', newPrice: 47_000, trims: ['', '4MATIC'], features: ['a Burmester audio system', 'a panoramic roof', 'heated seats', 'ambient lighting', 'parking assist'], count: 10 },
  { make: 'Mercedes-Benz', model: 'GLC 300', body: 'suv', newPrice: 50_000, trims: ['', '4MATIC'], features: ['a panoramic roof', 'AMG Line styling', 'a 360° camera', 'a power tailgate'], count: 8 },
  { make: 'Mercedes-Benz', model: 'E 300', body: 'sedan', newPrice: 58_000, trims: ['', '4MATIC'], features: ['a widescreen cockpit', 'heated seats', 'a Burmester audio system', 'adaptive cruise control'], count: 4 },
];

/** The models with the most cars: each has at least eight, so its cars are rated (the seed test holds it). */
export const popularModels = models.filter((m) => m.count >= 8).map((m) => ({ make: m.make, model: m.model }));

/** A small, fast, seeded generator (mulberry32): the same numbers in the same order at every seeding. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FLEET_SEED = 47;

type Random = () => number;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const whole = (random: Random, low: number, high: number) => Math.floor(between(random, low, high + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const hundreds = (n: number) => Math.round(n / 100) * 100;

/**
 * What a buyer would pay for the car in the market's eyes: its price new, less about 10% a year of
 * age, 3% per 10,000 miles over or under 12,000 a year, and its condition.
 */
function marketValue(spec: ModelSpec, age: number, miles: number, condition: DemoCar['condition']): number {
  const conditionFactor = condition === 'Excellent' ? 1.05 : condition === 'Fair' ? 0.88 : 1;
  return spec.newPrice * 0.9 * Math.exp(-0.105 * age) * Math.exp(-0.03 * (miles / 10_000 - age * 1.2)) * conditionFactor;
}

/**
 * How a seller prices against the market: most near it, some a bargain, some asking too much, so
 * the fair-price model rates the demo's cars across Great price … Overpriced.
 */
const askingFactors = [0.8, 0.9, 0.9, 1, 1, 1, 1, 1.1, 1.1, 1.22];

const conditionWords: Record<DemoCar['condition'], string[]> = {
  Excellent: ['In excellent condition: one owner, no accidents and a full service history.', 'In excellent condition: garage kept, non-smoker, both keys.'],
  Good: ['In good condition: light wear inside and a few small marks on the paint.', 'In good condition: serviced on time, a small scuff on the rear bumper.'],
  Fair: ['In fair condition: visible scratches, a worn driver seat and tires due soon; priced for it.', 'In fair condition: a dent in one door and faded paint; it runs well.'],
};

const fuelWords: Record<Fuel, string> = { Petrol: 'petrol engine', Hybrid: 'hybrid powertrain', Electric: 'electric drive', Diesel: 'diesel engine', LPG: 'LPG engine', Other: 'engine' };

/** The showcase cars of each body, whose pictures (and so paint) a made car of that body takes. */
function picturesByBody(): Map<DemoCar['body'], number[]> {
  const byBody = new Map<DemoCar['body'], number[]>();
  demoCars.forEach((car, i) => byBody.set(car.body, [...(byBody.get(car.body) ?? []), i]));
  return byBody;
}

const bodyTypes: Record<DemoCar['body'], BodyType> = { sedan: 'Sedan', suv: 'SUV', hatchback: 'Hatchback', pickup: 'Pickup', coupe: 'Coupe' };

/** The seller of a made car: a demo seller for about a third of them (their My Products fill), a dealer for the rest. */
function sellerOf(random: Random): string {
  const r = random();
  if (r < 0.15) return 'seller@demo.test';
  if (r < 0.3) return 'seller2@demo.test';
  return pick(random, demoDealers).email;
}

/**
 * The earlier prices of a car listed `daysAgo` days ago now asking `price`: about a third of the cars
 * came down once, a week or two after listing or in the last days, each earlier price having stood
 * at least PRICE_STOOD_DAYS days before it was lowered (the badge `Price dropped` counts no other).
 */
function priceHistory(random: Random, price: number, daysAgo: number): DemoListing['earlierPrices'] {
  if (daysAgo < PRICE_STOOD_DAYS + 1 || random() > 0.35) return [];
  const loweredDaysAgo = whole(random, 1, Math.min(daysAgo - PRICE_STOOD_DAYS, 20));
  return [{ price: hundreds(price * between(random, 1.03, 1.09)) + 100, loweredDaysAgo }];
}

function madeCar(random: Random, spec: ModelSpec, index: number, year: number, byBody: Map<DemoCar['body'], number[]>): DemoListing {
  // A popular model's cars are three to seven years old, as most used cars on sale are: close
  // enough in age and mileage that each finds the five comparables a fair price needs.
  const age = spec.count >= 8 ? whole(random, 3, 7) : whole(random, 1, 9);
  const modelYear = year - age;
  const trim = pick(random, spec.trims);
  const condition = pick(random, ['Excellent', 'Excellent', 'Good', 'Good', 'Good', 'Fair'] as const);
  const miles = Math.max(3_000, hundreds(age * between(random, 9_500, 13_500)));
  const fuel: Fuel = spec.fuel ?? (spec.hybridTrim && /Hybrid/.test(trim) ? 'Hybrid' : 'Petrol');
  const transmission: Transmission = spec.manualShare && random() < spec.manualShare ? 'Manual' : 'Automatic';
  const pictures = pick(random, byBody.get(spec.body)!);
  const colour = colourName(demoCars[pictures]!.color);
  const city = pick(random, demoCities);
  const productName = [modelYear, spec.make, spec.model, trim].filter(Boolean).join(' ');
  const first = whole(random, 0, spec.features.length - 1);
  const features = [spec.features[first]!, spec.features[(first + whole(random, 1, spec.features.length - 1)) % spec.features.length]!];
  const resalePrice = hundreds(marketValue(spec, age, miles, condition) * pick(random, askingFactors) * between(random, 0.985, 1.015));
  const daysAgo = whole(random, 1, 45);
  const bought = Math.min(year, modelYear + (random() < 0.3 ? 1 : 0));
  return {
    category: spec.make,
    productName,
    condition,
    description: [
      `${productName} in ${colour.toLowerCase()}, ${miles.toLocaleString('en-US')} miles, ${transmission.toLowerCase()} gearbox, ${fuelWords[fuel]}.`,
      `With ${features.join(' and ')}.`,
      pick(random, conditionWords[condition]),
    ].join(' '),
    // What it cost new then: about 2% less a year back.
    originalPrice: hundreds(spec.newPrice * (1 - 0.02 * age) * between(random, 0.97, 1.06)),
    resalePrice,
    yearOfPurchase: String(bought),
    mobile: `(${city.areaCode}) 555-01${String(whole(random, 0, 99)).padStart(2, '0')}`,
    location: locationOf(city),
    zip: city.zip,
    seller: sellerOf(random),
    advertised: random() < 0.08,
    daysAgo,
    details: {
      model: spec.model,
      modelYear,
      mileage: miles,
      mileageUnit: 'mi',
      fuel,
      transmission,
      bodyType: bodyTypes[spec.body],
      colour,
      vin: demoVin({ category: spec.make, body: spec.body, productName }, modelYear, index),
    },
    pictures,
    earlierPrices: priceHistory(random, resalePrice, daysAgo),
  };
}

/**
 * Two made cars a listing check asks about, so that an admin has Listing checks to look at: a
 * car at most three years old with the mileage of a taxi (plausibility), and one asking half what
 * its model's cars ask (price, once the model is priced). Each is otherwise an honest listing.
 */
function questionable(car: DemoListing, kind: 'mileage' | 'price'): DemoListing {
  if (kind === 'mileage') {
    const miles = 190_000;
    return {
      ...car,
      description: car.description.replace(/[\d,]+ miles/, `${miles.toLocaleString('en-US')} miles`),
      details: { ...car.details, mileage: miles },
      questionable: 'plausibility: 190,000 miles in at most three years',
    };
  }
  return { ...car, resalePrice: hundreds(car.resalePrice * 0.5), earlierPrices: [], questionable: 'price: half what cars like it ask' };
}

/**
 * The demo's cars for the current `year` (the market keeps its ages: a demo started next year has
 * cars a year newer): the showcase cars first, then the made ones, model after model.
 */
export function demoListings(year: number): DemoListing[] {
  const random = seededRandom(FLEET_SEED);
  const showcase = demoCars.map((car, i): DemoListing => {
    const city = cityOf(car.location);
    if (!city) throw new Error(`demo car ${car.productName}: ${car.location} is not in cities.ts`);
    return {
      ...car,
      zip: city.zip,
      details: demoCarDetails(car, i),
      pictures: i,
      earlierPrices: priceHistory(random, car.resalePrice, car.daysAgo),
    };
  });
  const byBody = picturesByBody();
  const made = models.flatMap((spec) => Array.from({ length: spec.count }, () => spec)).map((spec, i) => madeCar(random, spec, demoCars.length + i, year, byBody));
  // A young Civic and a Camry of dealers: common models, so the price check has a fair price to compare with.
  const dealerCar = (model: string) => made.findIndex((car) => car.details.model === model && car.details.modelYear >= year - 3 && demoDealers.some((d) => d.email === car.seller));
  const [implausible, cheap] = [dealerCar('Civic'), dealerCar('Camry')];
  made[implausible] = questionable(made[implausible]!, 'mileage');
  made[cheap] = questionable(made[cheap]!, 'price');
  return [...showcase, ...made];
}
