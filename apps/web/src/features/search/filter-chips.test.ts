import { describe, expect, it } from 'vitest';
import { filterChips } from './filter-chips.tsx';

describe('filterChips', () => {
  it('names each active filter in the order of the address, in a saved search’s words, the make by its name', () => {
    expect(filterChips(new URLSearchParams('sort=price-asc&maxPrice=20000&make=abc&fuel=Diesel&verified=true&keyword='), 'Honda')).toEqual([
      { name: 'maxPrice', words: 'Max Price: $20,000' },
      { name: 'make', words: 'Make: Honda' },
      { name: 'fuel', words: 'Fuel: Diesel' },
      { name: 'verified', words: 'Verified sellers only' },
    ]);
  });

  it('says Make alone while the makes load, and a make no longer listed as such', () => {
    expect(filterChips(new URLSearchParams('make=abc'), undefined)).toEqual([{ name: 'make', words: 'Make' }]);
    expect(filterChips(new URLSearchParams('make=abc'), null)).toEqual([{ name: 'make', words: 'Make: a make no longer listed' }]);
  });

  it('has no chip without a filter, the sort alone being none', () => {
    expect(filterChips(new URLSearchParams('sort=price-asc'), undefined)).toEqual([]);
  });
});
