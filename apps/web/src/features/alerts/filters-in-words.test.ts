import { describe, expect, it } from 'vitest';
import { filtersInWords } from './filters-in-words.ts';

describe('filtersInWords', () => {
  it('names each filter as the search page labels it, in the page’s order, with prices and mileage written out', () => {
    const filters = { maxPrice: '20000', verified: 'true', make: '6f1c0d0e-0000-4000-8000-000000000000', maxMileage: '80000', keyword: 'estate' };
    expect(filtersInWords({ filters, makeName: 'Škoda' })).toEqual(['Keyword: estate', 'Make: Škoda', 'Max Price: $20,000', 'Max Mileage: 80,000 km', 'Verified sellers only']);
  });

  it('says a filter it does not know by its name, and a make no longer listed as such', () => {
    expect(filtersInWords({ filters: { make: 'gone', dealRating: 'great-or-good' }, makeName: null })).toEqual(['Make: a make no longer listed', 'dealRating: great-or-good']);
  });
});
