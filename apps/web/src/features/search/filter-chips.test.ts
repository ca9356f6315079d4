import { describe, expect, it } from 'vitest';
import { filterChips } from './filter-chips.tsx';

describe('filterChips', () => {
  it('names each active filter in the order of the address, in a saved search’s words, the make by its name', () => {
    expect(filterChips(new URLSearchParams('sort=price-asc&maxPrice=20000&make=abc&fuel=Diesel&verified=true&keyword='), 'Honda', 'mi')).toEqual([
      { name: 'maxPrice', words: 'Max Price: $20,000' },
      { name: 'make', words: 'Make: Honda' },
      { name: 'fuel', words: 'Fuel: Diesel' },
      { name: 'verified', words: 'Verified sellers only' },
    ]);
  });

  it('says Make alone while the makes load, and a make no longer listed as such', () => {
    expect(filterChips(new URLSearchParams('make=abc'), undefined, 'mi')).toEqual([{ name: 'make', words: 'Make' }]);
    expect(filterChips(new URLSearchParams('make=abc'), null, 'mi')).toEqual([{ name: 'make', words: 'Make: a make no longer listed' }]);
  });

  it('says Max Mileage in the reader’s unit, whichever unit the address gives it in (km when it names none)', () => {
    expect(filterChips(new URLSearchParams('maxMileage=40000&mileageUnit=mi'), undefined, 'km')).toEqual([{ name: 'maxMileage', words: 'Max Mileage: 64,374 km' }]);
    expect(filterChips(new URLSearchParams('maxMileage=40000&mileageUnit=mi'), undefined, 'mi')).toEqual([{ name: 'maxMileage', words: 'Max Mileage: 40,000 mi' }]);
    expect(filterChips(new URLSearchParams('maxMileage=80000'), undefined, 'mi')).toEqual([{ name: 'maxMileage', words: 'Max Mileage: 49,710 mi' }]);
  });

  it('says Near by its ZIP code and Distance in the unit the search was made in, the sort being no chip', () => {
    expect(filterChips(new URLSearchParams('near=78701&distance=50&distanceUnit=km&sort=nearest'), undefined, 'mi')).toEqual([
      { name: 'near', words: 'Near: 78701' },
      { name: 'distance', words: 'Distance: 50 km' },
    ]);
    expect(filterChips(new URLSearchParams('near=78701&distance=25'), undefined, 'km')).toEqual([
      { name: 'near', words: 'Near: 78701' },
      { name: 'distance', words: 'Distance: 25 miles' },
    ]);
  });

  it('has no chip without a filter, the sort alone being none', () => {
    expect(filterChips(new URLSearchParams('sort=price-asc'), undefined, 'mi')).toEqual([]);
  });
});
