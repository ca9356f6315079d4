import { describe, expect, it } from 'vitest';
import { filtersInWords } from './filters-in-words.ts';

describe('filtersInWords', () => {
  it('names each filter as the search page labels it, in the page’s order, with prices and mileage written out', () => {
    const filters = { maxPrice: '20000', verified: 'true', make: '6f1c0d0e-0000-4000-8000-000000000000', maxMileage: '80000', keyword: 'estate' };
    expect(filtersInWords({ filters, makeName: 'Škoda' }, 'km')).toEqual(['Keyword: estate', 'Make: Škoda', 'Max Price: $20,000', 'Max Mileage: 80,000 km', 'Verified sellers only']);
  });

  it('says Max Mileage in the reader’s unit whichever unit it was saved in (km when none, as older searches were), and its unit as no filter', () => {
    expect(filtersInWords({ filters: { maxMileage: '80000' }, makeName: null }, 'mi')).toEqual(['Max Mileage: 49,710 mi']);
    expect(filtersInWords({ filters: { maxMileage: '50000', mileageUnit: 'mi' }, makeName: null }, 'km')).toEqual(['Max Mileage: 80,467 km']);
    expect(filtersInWords({ filters: { maxMileage: '50000', mileageUnit: 'mi' }, makeName: null }, 'mi')).toEqual(['Max Mileage: 50,000 mi']);
    // Before the reader's unit is known: the one it was saved in.
    expect(filtersInWords({ filters: { maxMileage: '50000', mileageUnit: 'mi' }, makeName: null }, undefined)).toEqual(['Max Mileage: 50,000 mi']);
  });

  it('says Near by its ZIP code and Distance in the unit it was saved in (miles when none), its unit as no filter', () => {
    expect(filtersInWords({ filters: { distance: '50', near: '78701', distanceUnit: 'km' }, makeName: null }, 'mi')).toEqual(['Near: 78701', 'Distance: 50 km']);
    expect(filtersInWords({ filters: { near: '78701', distance: '100' }, makeName: null }, 'km')).toEqual(['Near: 78701', 'Distance: 100 miles']);
  });

  it('says a yes-or-no filter by its label alone', () => {
    expect(filtersInWords({ filters: { goodPrice: 'true', verified: 'true' }, makeName: null }, 'mi')).toEqual(['Verified sellers only', 'Great or good price']);
  });

  it('says a filter it does not know by its name, and a make no longer listed as such', () => {
    expect(filtersInWords({ filters: { make: 'gone', dealRating: 'great-or-good' }, makeName: null }, 'mi')).toEqual(['Make: a make no longer listed', 'dealRating: great-or-good']);
  });
});
