import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addProductBody } from './catalog.ts';
import { kmPerMile, mileageBound, productLimits, vehicleLimits } from './constants.ts';

// Every number a seller could mistype is bounded at what no real used car exceeds, and the refusal
// says the bound. The specification's own messages for its fields stay as they are.

const valid = {
  productName: 'Honda Civic',
  categoryId: '6f1c0d0e-0000-4000-8000-000000000000',
  condition: 'Good',
  description: 'One owner.',
  originalPrice: 24_000,
  resalePrice: 15_000,
  yearsOfUse: '2020',
  mobile: '555-0100',
  location: 'Leeds',
  image: 'https://example.com/car.jpg',
};

/** The refusals of a body, by field. */
function refusals(body: Record<string, unknown>): Record<string, string[]> {
  const parsed = addProductBody.safeParse(body);
  if (parsed.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (byField[String(issue.path[0])] ??= []).push(issue.message);
  return byField;
}

const thisYear = new Date().getFullYear();

describe('the plausibility bounds of a listing (property)', () => {
  it('takes a Resale Price or Original Price from $1 to $5,000,000, and says the bound above it', () => {
    fc.assert(
      fc.property(fc.constantFrom('resalePrice', 'originalPrice'), fc.integer({ min: 1, max: 1_000_000_000 }), (field, price) => {
        const label = field === 'resalePrice' ? 'Resale Price' : 'Original Price';
        const found = refusals({ ...valid, [field]: price })[field];
        if (price <= productLimits.maxPrice) expect(found).toBeUndefined();
        else expect(found).toEqual([`${label} must be at most $5,000,000`]);
      }),
      { numRuns: 500 },
    );
  });

  it('takes a Mileage up to 1,000,000 km or the same in miles, in whichever unit, with one sentence for both', () => {
    fc.assert(
      fc.property(fc.constantFrom('km', 'mi'), fc.integer({ min: 0, max: 5_000_000 }), (unit, mileage) => {
        const found = refusals({ ...valid, mileage, mileageUnit: unit }).mileage;
        const km = unit === 'mi' ? mileage * kmPerMile : mileage;
        if (km <= vehicleLimits.maxKm) expect(found).toBeUndefined();
        else expect(found).toEqual([mileageBound]);
      }),
      { numRuns: 500 },
    );
    expect(mileageBound).toBe('Mileage must be at most 1,000,000 km (621,371 mi)');
  });

  it('takes a Model Year from 1900 to next year and a Year of Purchase from 1900 to this year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), (year) => {
        const model = refusals({ ...valid, modelYear: year }).modelYear;
        if (year >= 1900 && year <= thisYear + 1) expect(model).toBeUndefined();
        else expect(model).toEqual([year < 1900 ? 'Model Year cannot be before 1900' : 'Model Year cannot be more than a year ahead']);
        const bought = refusals({ ...valid, yearsOfUse: String(year) }).yearsOfUse;
        if (year >= 1900 && year <= thisYear) expect(bought).toBeUndefined();
        else expect(bought).toEqual(['Year of Purchase cannot be in the future or before 1900']);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses the 2099 Flying Car at $99,999,999 with 1,999,999 km field by field, in sentences', () => {
    const found = refusals({ ...valid, productName: '2099 Flying Car', resalePrice: 99_999_999, originalPrice: 1, modelYear: 2099, mileage: 1_999_999, mileageUnit: 'km', location: 'Mars' });
    expect(found).toEqual({
      resalePrice: ['Resale Price must be at most $5,000,000'],
      modelYear: ['Model Year cannot be more than a year ahead'],
      mileage: ['Mileage must be at most 1,000,000 km (621,371 mi)'],
    });
  });

  it('keeps the specification’s message for a missing Year of Purchase word for word', () => {
    const { yearsOfUse, ...rest } = valid;
    expect(yearsOfUse).toBe('2020');
    expect(refusals(rest)).toEqual({ yearsOfUse: ['Year of Purchase is Required'] });
  });
});
