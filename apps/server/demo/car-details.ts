import { vinYearCode, withCheckDigit, type BodyType, type Fuel, type MileageUnit, type Transmission } from '@second-gear/contract/constants';
import type { DemoCar } from './catalog.ts';

/**
 * A demo car's details (those beyond the specification's fields), worked out from its demo data so
 * the catalog keeps one entry per car: model and model year from its name, mileage from its
 * description, fuel from its make and name, the gearbox its description names, a colour name from its paint, and a made-up VIN of the
 * make's real manufacturer code with a valid check digit. Pure data, like catalog.ts.
 */
export interface DemoCarDetails {
  model: string;
  modelYear: number;
  mileage: number;
  mileageUnit: MileageUnit;
  fuel: Fuel;
  transmission: Transmission;
  bodyType: BodyType;
  colour: string;
  vin: string;
}

const bodyTypes: Record<DemoCar['body'], BodyType> = { sedan: 'Sedan', suv: 'SUV', hatchback: 'Hatchback', pickup: 'Pickup', coupe: 'Coupe' };

/** Models named in two words (`Model 3`, `C 300`, `Santa Cruz`); every other model is one word (`RAV4`, `F-150`). */
const twoWordModels = /^(Model \w|[A-Z]{1,3} \d{3}|Santa Cruz)/;

/** What a demo VIN is made from: the car's make, body and name. */
type VinSource = Pick<DemoCar, 'category' | 'body' | 'productName'>;

/** North American manufacturer codes (whose VINs carry a check digit) per demo make and body. */
function manufacturerCode(car: VinSource): string {
  const truck = car.body === 'pickup' || car.body === 'suv';
  switch (car.category) {
    case 'Toyota':
      return truck ? '5TD' : '4T1';
    case 'Honda':
      return truck ? '5J6' : '1HG';
    case 'BMW':
      return truck ? '5UX' : '3MW';
    case 'Ford':
      return car.body === 'pickup' ? '1FT' : truck ? '1FM' : '1FA';
    case 'Tesla':
      return '5YJ';
    case 'Hyundai':
      return truck ? '5NM' : '5NP';
    default:
      return '4JG';
  }
}

/**
 * A VIN in the North American format: code, five descriptor characters, check digit, year, plant,
 * serial. The serial comes from `index`, so demo cars of different indexes never share a VIN.
 */
export function demoVin(car: VinSource, modelYear: number, index: number): string {
  const descriptor = [...car.productName.toUpperCase().replace(/[^A-HJ-NPR-Z0-9]/g, '')].slice(4, 7).join('').padEnd(3, '0');
  // A letter in the 7th place: a 2010-or-later model year (49 CFR 565).
  const draft = `${manufacturerCode(car)}${descriptor}AA0${vinYearCode(modelYear)}A${String(100_000 + index * 7919).slice(-6)}`;
  return withCheckDigit(draft);
}

const colourNames: [name: string, rgb: [number, number, number]][] = [
  ['White', [245, 245, 243]],
  ['Silver', [184, 190, 198]],
  ['Grey', [90, 95, 105]],
  ['Black', [25, 27, 31]],
  ['Blue', [40, 80, 150]],
  ['Navy', [28, 40, 64]],
  ['Red', [180, 25, 35]],
  ['Maroon', [122, 31, 43]],
  ['Green', [110, 135, 90]],
  ['Yellow', [240, 195, 20]],
  ['Orange', [217, 72, 15]],
  ['Brown', [120, 70, 50]],
];

/** The nearest colour name to a paint's hex value. */
export function colourName(hex: string): string {
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const distance = (other: number[]) => other.reduce((sum, value, i) => sum + (value - rgb[i]!) ** 2, 0);
  return colourNames.reduce((best, entry) => (distance(entry[1]) < distance(best[1]) ? entry : best))[0];
}

export function demoCarDetails(car: DemoCar, index: number): DemoCarDetails {
  const modelYear = Number(car.productName.slice(0, 4));
  const afterMake = car.productName.slice(5 + car.category.length + 1);
  const model = twoWordModels.exec(afterMake)?.[0] ?? afterMake.split(' ')[0]!;
  // "41,000 miles" (a figure such as "310 miles" is a range, not the odometer).
  const statedMiles = /(\d{1,3}(?:,\d{3})+) miles/.exec(car.description)?.[1];
  const mileage = statedMiles ? Number(statedMiles.replace(/,/g, '')) : (new Date().getFullYear() - modelYear) * 11_000;
  const fuel: Fuel = car.category === 'Tesla' ? 'Electric' : /hybrid|prius/i.test(`${car.productName} ${car.description}`) ? 'Hybrid' : 'Petrol';
  return {
    model,
    modelYear,
    mileage,
    mileageUnit: 'mi',
    fuel,
    // As the description says it ("six-speed manual", "manual transmission"); automatic otherwise.
    transmission: /\bmanual\b/i.test(car.description) ? 'Manual' : 'Automatic',
    bodyType: bodyTypes[car.body],
    colour: colourName(car.color),
    vin: demoVin(car, modelYear, index),
  };
}
