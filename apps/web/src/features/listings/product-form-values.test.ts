import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addProductBody, vehicleDetails, type Product } from '@second-gear/contract';
import { emptyProductForm, formValuesOf, locationOfPlace, mileageProblem, modelYearProblem, priceRule, productBody, zipProblem } from './product-form-values.ts';

// The Add A Product form checks what the seller types before sending it; the server checks again
// with the contract's schema. These tests hold the two to the same answers and the same messages,
// and the edit form to sending back the car it was filled with.

const car: Product = {
  _id: '0b8e8a52-7f55-4c6a-9a55-2b0e1f7e6d11',
  productName: '2003 Honda Accord',
  categoryId: '6b1f3f7e-0c1d-4f55-9a55-2b0e1f7e6d12',
  categoryName: 'Honda',
  condition: 'Good',
  description: 'One owner.',
  originalPrice: 24000,
  resalePrice: 5200,
  yearsOfUse: '2003',
  mobile: '555-0100',
  location: 'Austin, TX',
  sellerName: 'Sam',
  email: 'sam@example.com',
  image: '/uploads/cover-800.webp',
  imageSrcSet: '',
  salesStatus: 'available',
  postingTime: '2026-11-01T10:00:00.000Z',
  paid: false,
  verification: '',
  advertisement: false,
  model: 'Accord',
  modelYear: 2003,
  mileage: 182000,
  mileageUnit: 'mi',
  fuel: 'Petrol',
  transmission: 'Manual',
  bodyType: 'Sedan',
  colour: 'Silver',
  vin: '1HGCM82633A004352',
};

/** The server's message for one field of the details, or true when it takes the value. */
function serverSays(field: 'modelYear' | 'mileage', value: string): string | true {
  const parsed = vehicleDetails.safeParse({ [field]: value, ...(field === 'mileage' && { mileageUnit: 'km' }) });
  return parsed.success ? true : parsed.error.issues[0]!.message;
}

describe('the plausibility bounds in the form, as the server says them', () => {
  it('refuses a price above $5,000,000 and a mileage above 1,000,000 km or 621,371 mi', () => {
    const { validate } = priceRule('Resale Price');
    expect(validate('5000000')).toBe(true);
    expect(validate('5000001')).toBe('Resale Price must be at most $5,000,000');
    expect(addProductBody.safeParse({ resalePrice: 5_000_001 }).error?.issues.find((i) => i.path[0] === 'resalePrice')?.message).toBe('Resale Price must be at most $5,000,000');
    expect(mileageProblem('621371', 'mi')).toBe(true);
    expect(mileageProblem('621372', 'mi')).toBe('Mileage must be at most 1,000,000 km (621,371 mi)');
    expect(mileageProblem('1000000', 'km')).toBe(true);
    expect(mileageProblem('1000001')).toBe('Mileage must be at most 1,000,000 km (621,371 mi)');
  });
});

describe('the form’s checks and the server’s', () => {
  const typed = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer({ min: -10, max: 3_000_000 }).map(String),
    fc.constantFrom('', ' ', '2019', ' 2019 ', '1899', '1900', '1e3', '12.5', '-0', '0x10', '٢٠١٩', `${new Date().getFullYear() + 1}`, `${new Date().getFullYear() + 2}`),
  );

  it('agree on every Model Year and Mileage a seller can type, message for message', () => {
    fc.assert(
      fc.property(typed, (value) => {
        // An empty field is "not given" on both sides.
        expect(modelYearProblem(value), `Model Year ${JSON.stringify(value)}`).toBe(serverSays('modelYear', value.trim()));
        expect(mileageProblem(value), `Mileage ${JSON.stringify(value)}`).toBe(serverSays('mileage', value.trim()));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the body the form sends', () => {
  it('is, for a car opened for editing, the car as it was', () => {
    const photos = ['/uploads/a-800.webp', '/uploads/b-800.webp'];
    const body = productBody(formValuesOf(car), car.image, photos);
    expect(addProductBody.parse(body)).toEqual({
      productName: car.productName,
      categoryId: car.categoryId,
      condition: car.condition,
      description: car.description,
      originalPrice: car.originalPrice,
      resalePrice: car.resalePrice,
      yearsOfUse: car.yearsOfUse,
      mobile: car.mobile,
      location: car.location,
      image: car.image,
      model: car.model,
      modelYear: car.modelYear,
      mileage: car.mileage,
      mileageUnit: car.mileageUnit,
      fuel: car.fuel,
      transmission: car.transmission,
      bodyType: car.bodyType,
      colour: car.colour,
      vin: car.vin,
      photos,
    });
  });

  it('leaves out every detail the seller did not fill in, and sends the mileage unit only with a mileage', () => {
    const values = {
      ...emptyProductForm,
      productName: ' A car ',
      categoryId: car.categoryId,
      condition: 'Fair' as const,
      description: 'Runs.',
      originalPrice: '9000',
      resalePrice: '4000',
      yearsOfUse: '2015',
      mobile: '555',
      location: 'Town',
      mileageUnit: 'mi' as const,
      vin: ' 1hgcm8 2633a004352 ',
    };
    const body = productBody(values, '/uploads/c-800.webp', []);
    expect(body).toEqual({
      productName: 'A car',
      categoryId: car.categoryId,
      condition: 'Fair',
      description: 'Runs.',
      originalPrice: 9000,
      resalePrice: 4000,
      yearsOfUse: '2015',
      mobile: '555',
      location: 'Town',
      image: '/uploads/c-800.webp',
      vin: '1HGCM82633A004352',
    });
    expect(addProductBody.safeParse(body).success).toBe(true);
  });
});

describe('the ZIP code beside Location', () => {
  const placed: Product = { ...car, zip: '78701', place: { lat: 30.27, lon: -97.74 }, zipGiven: true };

  it('is shown on Edit as the seller typed it, and sent back with the car', () => {
    expect(formValuesOf(placed).zip).toBe('78701');
    expect(formValuesOf(car).zip).toBe('');
    expect(addProductBody.parse(productBody(formValuesOf(placed), car.image, []))).toMatchObject({ zip: '78701', location: 'Austin, TX' });
  });

  it('is left empty on Edit when it was worked out from the Location, so saving the form does not pin it', () => {
    const fromLocation: Product = { ...car, zip: '73301', place: { lat: 30.33, lon: -97.77 } };
    expect(formValuesOf(fromLocation).zip).toBe('');
    expect(productBody(formValuesOf(fromLocation), car.image, [])).not.toHaveProperty('zip');
  });

  it('is sent only when given: a new car without one is placed from its Location', () => {
    expect(productBody(formValuesOf(car), car.image, [])).not.toHaveProperty('zip');
    expect(productBody({ ...formValuesOf(car), zip: ' 73301 ' }, car.image, [])).toMatchObject({ zip: '73301' });
  });

  it('is left out when the seller empties the car’s, so the car is placed from its Location again', () => {
    const body = productBody({ ...formValuesOf(placed), zip: '' }, car.image, []);
    expect(body).not.toHaveProperty('zip');
    expect(addProductBody.safeParse(body).success).toBe(true);
  });

  it('takes five digits or nothing, as the server does, message for message', () => {
    for (const typed of ['', ' ', '78701', ' 78701 ', '7870', '787011', 'abcde', '7870a']) {
      const server = typed.trim() === '' ? true : (addProductBody.safeParse({ zip: typed }).error?.issues.find((i) => i.path[0] === 'zip')?.message ?? true);
      expect(zipProblem(typed), JSON.stringify(typed)).toBe(server);
    }
  });

  it('fills Location with its city and state', () => {
    expect(locationOfPlace({ city: 'Austin', state: 'TX' })).toBe('Austin, TX');
  });
});
