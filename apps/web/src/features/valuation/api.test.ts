import { describe, expect, it } from 'vitest';
import { carValueQuery as carValueSchema } from '@second-gear/contract';
import { isAsked, valueFormOf, valueSearchOf } from './api.ts';

const make = '3f1c2a43-1111-4aaa-8aaa-000000000001';

describe('What’s my car worth?’s question in the address', () => {
  it('asks the server only once every field but the ZIP code is given, and sends what the server’s schema takes', () => {
    const form = valueFormOf(new URLSearchParams({ make, model: ' Camry ', modelYear: '2021', mileage: '55000', mileageUnit: 'mi', condition: 'Good', zip: '' }));
    expect(isAsked(form)).toBe(true);
    const sent = valueSearchOf(form);
    expect(sent.toString()).toBe(`make=${make}&model=Camry&modelYear=2021&mileage=55000&mileageUnit=mi&condition=Good`);
    expect(carValueSchema.safeParse(Object.fromEntries(sent)).success).toBe(true);
    expect(carValueSchema.safeParse(Object.fromEntries(valueSearchOf({ ...form, zip: '78701' }))).success).toBe(true);
  });

  it('does not ask with a field missing, and starts an empty form from an empty address', () => {
    expect(isAsked(valueFormOf(new URLSearchParams({ make, model: 'Camry', modelYear: '2021', mileage: '55000', mileageUnit: 'mi' })))).toBe(false);
    expect(valueFormOf(new URLSearchParams())).toEqual({ make: '', model: '', modelYear: '', mileage: '', mileageUnit: '', condition: '', zip: '' });
  });
});
