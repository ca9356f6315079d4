import { describe, expect, it } from 'vitest';
import { addProductPathFor, prefilledProductForm } from './listing-prefill.ts';
import { emptyProductForm } from './product-form-values.ts';

const make = '3f1c2a43-1111-4aaa-8aaa-000000000001';
const valued = { make, model: 'Corolla', modelYear: 2019, mileage: 31_000, mileageUnit: 'mi', condition: 'Good', price: 15_400 } as const;
const formOf = (path: string) => prefilledProductForm(new URL(path, 'https://second-gear.test').searchParams);

describe('List it at this price: Add A Product filled in from its address', () => {
  it('fills the make, model, model year, mileage and unit, condition and the fair price as the Resale Price, and nothing else', () => {
    expect(formOf(addProductPathFor(valued))).toEqual({
      ...emptyProductForm,
      categoryId: make,
      model: 'Corolla',
      modelYear: '2019',
      mileage: '31000',
      mileageUnit: 'mi',
      condition: 'Good',
      resalePrice: '15400',
    });
  });

  it('carries the ZIP code and the Location it names', () => {
    expect(formOf(addProductPathFor({ ...valued, mileageUnit: 'km', zip: '78701', location: 'Austin, TX' }))).toMatchObject({ zip: '78701', location: 'Austin, TX', mileageUnit: 'km' });
  });

  it('keeps the car through a sign-up: the whole address survives as a return path', () => {
    const path = addProductPathFor({ ...valued, model: 'Model 3 & more', zip: '78701', location: 'Austin, TX' });
    const signUp = new URL(`/signup?${new URLSearchParams({ next: path })}`, 'https://second-gear.test');
    expect(signUp.searchParams.get('next')).toBe(path);
    expect(formOf(signUp.searchParams.get('next')!)).toMatchObject({ model: 'Model 3 & more', zip: '78701' });
  });

  it('leaves out what is not of its shape, so the form starts empty there', () => {
    const form = formOf('/dashboard/addProduct?make=volvo&modelYear=19&mileage=-5&mileageUnit=furlongs&condition=New&price=0&zip=7870&location=Nowhere');
    expect(form).toEqual(emptyProductForm);
    expect(formOf('/dashboard/addProduct')).toEqual(emptyProductForm);
  });
});
