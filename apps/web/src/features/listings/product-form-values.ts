import type { AddProductBody, PlaceAnswer, Product } from '@second-gear/contract';
import {
  formatPrice,
  mileageBound,
  productLimits,
  vehicleLimits,
  zipCodeCheck,
  type BodyType,
  type Condition,
  type Fuel,
  type MileageUnit,
  type Transmission,
} from '@second-gear/contract/constants';

// What the Add A Product form holds (the add and edit screens share it), and how it becomes the body of
// `POST /addProducts` or `PUT /products/{id}`. Checks mirror the contract's messages; the server checks again.

export interface ProductFormValues {
  productName: string;
  categoryId: string;
  description: string;
  condition: Condition | '';
  originalPrice: string;
  resalePrice: string;
  yearsOfUse: string;
  mobile: string;
  location: string;
  /** The optional `ZIP code` beside Location (issue 48). */
  zip: string;
  model: string;
  modelYear: string;
  mileage: string;
  mileageUnit: MileageUnit;
  fuel: Fuel | '';
  transmission: Transmission | '';
  bodyType: BodyType | '';
  colour: string;
  vin: string;
}

export const emptyProductForm: ProductFormValues = {
  productName: '',
  categoryId: '',
  description: '',
  condition: '',
  originalPrice: '',
  resalePrice: '',
  yearsOfUse: '',
  mobile: '',
  location: '',
  zip: '',
  model: '',
  modelYear: '',
  mileage: '',
  // Until the seller's unit is known (use-mileage-unit-default.ts).
  mileageUnit: 'mi',
  fuel: '',
  transmission: '',
  bodyType: '',
  colour: '',
  vin: '',
};

/** The edit form's starting values: the car as stored (its photos, the cover first, are the photo list's). */
export function formValuesOf(product: Product): ProductFormValues {
  const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));
  return {
    productName: product.productName,
    categoryId: product.categoryId,
    description: product.description,
    condition: product.condition,
    originalPrice: String(product.originalPrice),
    resalePrice: String(product.resalePrice),
    yearsOfUse: product.yearsOfUse,
    mobile: product.mobile,
    location: product.location,
    // Only a ZIP code the seller typed: one worked out from the Location follows the Location.
    zip: product.zipGiven ? text(product.zip) : '',
    model: text(product.model),
    modelYear: text(product.modelYear),
    mileage: text(product.mileage),
    mileageUnit: product.mileageUnit ?? 'km',
    fuel: product.fuel ?? '',
    transmission: product.transmission ?? '',
    bodyType: product.bodyType ?? '',
    colour: text(product.colour),
    vin: text(product.vin),
  };
}

/** Prices are parsed to integers (whole dollars: docs/product.md, "Fixed timings and limits"). */
function parsePrice(value: string): number {
  return Number.parseInt(value, 10);
}

/** A VIN as stored: upper case, without spaces (as the contract's `checkVin` reads it). */
export function normalVin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * The body to send: the specification's fields, then only the details the seller filled in (an empty
 * optional field is not sent), and the photos after the cover. An Edit sends the whole car, so a ZIP
 * code emptied is simply not sent, and the car is placed from its Location again.
 */
export function productBody(values: ProductFormValues, image: string, photos: readonly string[]): AddProductBody {
  const body: AddProductBody = {
    productName: values.productName.trim(),
    categoryId: values.categoryId,
    condition: values.condition as Condition,
    description: values.description.trim(),
    originalPrice: parsePrice(values.originalPrice),
    resalePrice: parsePrice(values.resalePrice),
    yearsOfUse: values.yearsOfUse.trim(),
    mobile: values.mobile.trim(),
    location: values.location.trim(),
    image,
  };
  const model = values.model.trim();
  if (model) body.model = model;
  if (values.modelYear.trim()) body.modelYear = Number(values.modelYear.trim());
  if (values.mileage.trim()) {
    body.mileage = Number(values.mileage.trim());
    body.mileageUnit = values.mileageUnit;
  }
  if (values.fuel) body.fuel = values.fuel;
  if (values.transmission) body.transmission = values.transmission;
  if (values.bodyType) body.bodyType = values.bodyType;
  const colour = values.colour.trim();
  if (colour) body.colour = colour;
  const vin = normalVin(values.vin);
  if (vin) body.vin = vin;
  if (photos.length > 0) body.photos = [...photos];
  const zip = values.zip.trim();
  if (zip) body.zip = zip;
  return body;
}

// The specification's fields.

export function requiredText(name: string) {
  return { required: `${name} is Required`, validate: (value: string) => value.trim() !== '' || `${name} is Required` };
}

export function priceRule(name: string) {
  return {
    required: `${name} is Required`,
    validate: (value: string) => {
      const price = parsePrice(value);
      if (!(price > 0)) return `${name} must be more than 0`;
      return price <= productLimits.maxPrice || `${name} must be at most ${formatPrice(productLimits.maxPrice)}`;
    },
  };
}

export function yearOfPurchaseProblem(value: string): string | true {
  const year = value.trim();
  if (!/^\d{4}$/.test(year)) return 'Year of Purchase must be a year like 2019';
  if (Number(year) < productLimits.firstYear || Number(year) > new Date().getFullYear()) {
    return `Year of Purchase cannot be in the future or before ${productLimits.firstYear}`;
  }
  return true;
}

/** The ZIP code field's own check (the server then says whether it is a US ZIP code). */
export const zipProblem = zipCodeCheck('ZIP code must be 5 digits.');

/** The Location a ZIP code fills in: its city and state, as the search and the cards read a Location (`Austin, TX`). */
export function locationOfPlace(place: Pick<PlaceAnswer, 'city' | 'state'>): string {
  return `${place.city}, ${place.state}`;
}

// The details (all optional: an empty field is always fine).

/** A number written plainly, as the contract's schema reads one (`plainNumberPattern` there). */
const plainNumber = /^-?\d+(\.\d+)?$/;

export function modelYearProblem(value: string): string | true {
  const year = value.trim();
  if (year === '') return true;
  if (!plainNumber.test(year) || !Number.isInteger(Number(year))) return 'Model Year must be a year like 2019';
  if (Number(year) < vehicleLimits.firstModelYear) return `Model Year cannot be before ${vehicleLimits.firstModelYear}`;
  if (Number(year) > new Date().getFullYear() + 1) return 'Model Year cannot be more than a year ahead';
  return true;
}

/** The Mileage field's refusal, as the server's: its bound depends on the unit chosen beside it. */
export function mileageProblem(value: string, unit: MileageUnit = 'km'): string | true {
  const mileage = value.trim();
  if (mileage === '') return true;
  if (!plainNumber.test(mileage)) return 'Mileage must be a number';
  const number = Number(mileage);
  if (!Number.isInteger(number)) return 'Mileage must be a whole number';
  if (number < 0) return 'Mileage cannot be negative';
  if (number > (unit === 'mi' ? vehicleLimits.maxMiles : vehicleLimits.maxKm)) return mileageBound;
  return true;
}
