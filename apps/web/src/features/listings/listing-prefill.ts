import { conditions, mileageUnits, vehicleLimits, zipCodePattern, type Condition, type MileageUnit } from '@second-gear/contract/constants';
import { emptyProductForm, type ProductFormValues } from './product-form-values.ts';

// `List it at this price` (What's my car worth?): Add A Product opened with the car valued filled in.
// The car travels in the page's address, so it survives signing in or up on the way (the login and
// sign-up pages come back to `?next=`, this address whole), and nothing is kept anywhere else.

/** A car valued, as Add A Product takes it: the make's category id, the description, its fair price as the price, and its place when one was given. */
export interface ValuedListing {
  make: string;
  model: string;
  modelYear: number;
  mileage: number;
  mileageUnit: MileageUnit;
  condition: Condition;
  price: number;
  zip?: string;
  /** "City, ST" of the ZIP code, as the ZIP code field fills Location. */
  location?: string;
}

export const addProductPath = '/dashboard/addProduct';

/** Add A Product's address with `car` filled in. */
export function addProductPathFor(car: ValuedListing): string {
  const params = new URLSearchParams({
    make: car.make,
    model: car.model,
    modelYear: String(car.modelYear),
    mileage: String(car.mileage),
    mileageUnit: car.mileageUnit,
    condition: car.condition,
    price: String(car.price),
  });
  if (car.zip) params.set('zip', car.zip);
  if (car.location) params.set('location', car.location);
  return `${addProductPath}?${params}`;
}

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => (values as readonly (string | null)[]).includes(value);

/**
 * Add A Product's starting values from its address: an empty form with what `addProductPathFor` put
 * there. A value of the wrong shape (an address typed or cut short) is left out, so the form starts
 * as empty there rather than with something the seller did not mean; the form's own checks then
 * hold as for anything typed.
 */
export function prefilledProductForm(params: URLSearchParams): ProductFormValues {
  const values = { ...emptyProductForm };
  const take = (name: string, pattern: RegExp) => {
    const value = params.get(name)?.trim() ?? '';
    return pattern.test(value) ? value : '';
  };
  values.categoryId = take('make', /^[0-9a-f-]{36}$/i);
  const model = params.get('model')?.trim() ?? '';
  if (model.length <= vehicleLimits.model) values.model = model;
  values.modelYear = take('modelYear', /^[0-9]{4}$/);
  values.mileage = take('mileage', /^[0-9]{1,7}$/);
  const unit = params.get('mileageUnit');
  if (isOneOf(mileageUnits, unit)) values.mileageUnit = unit;
  const condition = params.get('condition');
  if (isOneOf(conditions, condition)) values.condition = condition;
  values.resalePrice = take('price', /^[1-9][0-9]{0,8}$/);
  values.zip = take('zip', zipCodePattern);
  if (values.zip) values.location = params.get('location')?.trim().slice(0, 200) ?? '';
  return values;
}
