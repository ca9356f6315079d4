import { describe, expect, it } from 'vitest';
import { searchQuery } from '@second-gear/contract';
import {
  activeFilters,
  apiQueryString,
  filterNames,
  filtersToSave,
  mileageUnitOf,
  sortOf,
  typedValueOf,
  unknownSortNote,
  withoutFilters,
  withoutLastFilter,
  withoutRefusedFilters,
  withParam,
  withTypedValue,
} from './search-params.ts';

const p = (s: string) => new URLSearchParams(s);

describe('the filters in the address', () => {
  it('lists the filters set, in the order of the address, leaving out blanks, the sort and unknown parameters', () => {
    expect(activeFilters(p('sort=price-asc&maxPrice=30000&utm=x&make=abc&keyword=&fuel=Diesel'))).toEqual([
      { name: 'maxPrice', value: '30000' },
      { name: 'make', value: 'abc' },
      { name: 'fuel', value: 'Diesel' },
    ]);
  });

  it('takes a filter given twice once, its first value', () => {
    expect(activeFilters(p('fuel=Diesel&fuel=Petrol'))).toEqual([{ name: 'fuel', value: 'Diesel' }]);
  });

  it('reads the sort as given, newest when there is none, and ignores one it does not offer with a note', () => {
    expect(sortOf(p(''))).toBe('newest');
    expect(sortOf(p('sort=price-desc'))).toBe('price-desc');
    expect(unknownSortNote(p('sort=price-desc'))).toBeUndefined();
    expect(sortOf(p('sort=cheapest'))).toBe('newest');
    expect(unknownSortNote(p('sort=cheapest'))).toBe('Unknown sort order ignored: showing the newest cars first.');
    expect(apiQueryString(p('sort=bogus&fuel=Diesel'))).toBe('fuel=Diesel');
    expect(withoutFilters(p('sort=bogus&fuel=Diesel')).toString()).toBe('');
  });

  it('moves a filter set again to the end, as the latest one set', () => {
    const next = withParam(p('fuel=Diesel&make=abc'), 'fuel', 'Petrol');
    expect(next.toString()).toBe('make=abc&fuel=Petrol');
  });

  it('takes a filter out when it is set blank, and the sort when it is set to newest', () => {
    expect(withParam(p('fuel=Diesel&make=abc'), 'fuel', '').toString()).toBe('make=abc');
    expect(withParam(p('make=abc&keyword=golf'), 'keyword', '   ').toString()).toBe('make=abc');
    expect(withParam(p('sort=price-asc&make=abc'), 'sort', 'newest').toString()).toBe('make=abc');
  });

  it('trims a typed value', () => {
    expect(withParam(p(''), 'keyword', '  camry ').toString()).toBe('keyword=camry');
  });

  it('does not change the address it is given', () => {
    const params = p('fuel=Diesel');
    withParam(params, 'make', 'abc');
    withoutLastFilter(params);
    expect(params.toString()).toBe('fuel=Diesel');
  });
});

describe('removing the last filter', () => {
  it('removes the filter set last and keeps the others and the sort', () => {
    let params = withParam(p(''), 'make', 'abc');
    params = withParam(params, 'sort', 'price-asc');
    params = withParam(params, 'minPrice', '10000');
    params = withParam(params, 'fuel', 'Electric');
    params = withParam(params, 'minPrice', '12000');
    // minPrice was set again last: it goes first.
    expect(withoutLastFilter(params).toString()).toBe('make=abc&sort=price-asc&fuel=Electric');
    expect(withoutLastFilter(withoutLastFilter(params)).toString()).toBe('make=abc&sort=price-asc');
  });

  it('passes over a blank parameter and the sort, which are not filters', () => {
    expect(withoutLastFilter(p('make=abc&keyword=&sort=year-desc')).toString()).toBe('keyword=&sort=year-desc');
  });

  it('leaves an address without filters as it is', () => {
    expect(withoutLastFilter(p('sort=price-asc')).toString()).toBe('sort=price-asc');
  });

  it('clears every filter but keeps the sort', () => {
    expect(withoutFilters(p('make=abc&sort=price-asc&fuel=Diesel')).toString()).toBe('sort=price-asc');
    expect(withoutFilters(p('make=abc')).toString()).toBe('');
  });
});

describe("the API's query string", () => {
  it('is the same for the same search in any order, with the sort and without unknown parameters', () => {
    const a = apiQueryString(p('fuel=Diesel&make=abc&sort=price-asc&utm=x'));
    const b = apiQueryString(p('sort=price-asc&make=abc&fuel=Diesel'));
    expect(a).toBe(b);
    expect(a).toBe('make=abc&fuel=Diesel&sort=price-asc');
  });

  it('passes a bad value on for the server to name (the page resets it with the server’s sentence)', () => {
    expect(apiQueryString(p('minPrice=cheap'))).toBe('minPrice=cheap');
  });

  it('names only parameters the API takes', () => {
    const everything = Object.fromEntries(filterNames.map((name) => [name, 'x']));
    const keys = [...p(apiQueryString(p(`${new URLSearchParams(everything).toString()}&sort=newest`))).keys()];
    const accepted = Object.keys(searchQuery.shape);
    expect(keys.filter((key) => !accepted.includes(key))).toEqual([]);
  });
});

describe('resetting what the server refused', () => {
  it('takes out each refused filter with a note saying why, keeping the others and the sort', () => {
    const refused = { minPrice: 'Min Price must be a whole number.', maxYear: 'Max Year must be at most 2100.' };
    const { params, notes } = withoutRefusedFilters(p('fuel=Diesel&minPrice=abc&sort=price-asc&maxYear=3000'), refused);
    expect(params.toString()).toBe('fuel=Diesel&sort=price-asc');
    expect(notes).toEqual(['Min Price must be a whole number. Min Price was reset.', 'Max Year must be at most 2100. Max Year was reset.']);
  });

  it('leaves the address alone for a refusal about no filter of the address', () => {
    const { params, notes } = withoutRefusedFilters(p('fuel=Diesel'), { after: 'after is not a cursor this server gave out.', minPrice: 'x' });
    expect(params.toString()).toBe('fuel=Diesel');
    expect(notes).toEqual([]);
  });
});

describe('Max Mileage and its unit', () => {
  it('writes the reader’s unit beside a typed Max Mileage, so the link finds the same cars for anyone who opens it', () => {
    const typed = withTypedValue(p('make=abc'), 'maxMileage', ' 40000 ', 'mi');
    expect(typed.toString()).toBe('make=abc&maxMileage=40000&mileageUnit=mi');
    expect(apiQueryString(typed)).toBe('make=abc&maxMileage=40000&mileageUnit=mi');
    expect(searchQuery.parse(Object.fromEntries(new URLSearchParams(apiQueryString(withParam(typed, 'make', '')))))).toMatchObject({ maxMileage: 40000, mileageUnit: 'mi' });
    expect(withTypedValue(typed, 'maxMileage', '60000', 'km').toString()).toBe('make=abc&maxMileage=60000&mileageUnit=km');
    expect(filtersToSave(typed)).toEqual({ make: 'abc', maxMileage: '40000', mileageUnit: 'mi' });
  });

  it('reads an address without a unit (every link made before it) in km, and shows it in the reader’s unit without changing it', () => {
    const old = p('maxMileage=64374');
    expect(mileageUnitOf(old)).toBe('km');
    expect(typedValueOf(old, 'maxMileage', 'mi')).toBe('40000');
    expect(typedValueOf(old, 'maxMileage', 'km')).toBe('64374');
    expect(typedValueOf(p('maxMileage=40000&mileageUnit=mi'), 'maxMileage', 'km')).toBe('64374');
    expect(apiQueryString(old)).toBe('maxMileage=64374');
    // A value the server will refuse is shown as typed, for the refusal to name it.
    expect(typedValueOf(p('maxMileage=lots&mileageUnit=mi'), 'maxMileage', 'km')).toBe('lots');
  });

  it('takes the unit away with Max Mileage, and resets both when the server refuses the unit', () => {
    const set = p('fuel=Diesel&maxMileage=40000&mileageUnit=mi');
    expect(withParam(set, 'maxMileage', '').toString()).toBe('fuel=Diesel');
    expect(withoutLastFilter(set).toString()).toBe('fuel=Diesel');
    expect(withoutFilters(set).toString()).toBe('');
    expect(apiQueryString(p('mileageUnit=mi&fuel=Diesel'))).toBe('fuel=Diesel');
    const reset = withoutRefusedFilters(p('fuel=Diesel&maxMileage=40000&mileageUnit=miles'), { mileageUnit: 'Max Mileage unit must be one of: km, mi.' });
    expect(reset.params.toString()).toBe('fuel=Diesel');
    expect(reset.notes).toEqual(['Max Mileage unit must be one of: km, mi. Max Mileage was reset.']);
  });
});
