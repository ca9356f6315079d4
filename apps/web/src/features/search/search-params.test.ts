import { describe, expect, it } from 'vitest';
import { searchQuery } from '@second-gear/contract';
import {
  activeFilters,
  apiQueryString,
  distanceChoiceOf,
  distanceChoices,
  filterNames,
  filtersToSave,
  keptNearOf,
  mileageUnitOf,
  sortOf,
  sortsFor,
  typedValueOf,
  sortNote,
  withoutFilters,
  withoutLastFilter,
  withDistanceChoice,
  withKeptNear,
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
    expect(sortNote(p('sort=price-desc'))).toBeUndefined();
    expect(sortOf(p('sort=cheapest'))).toBe('newest');
    expect(sortNote(p('sort=cheapest'))).toBe('Unknown sort order ignored: showing the newest cars first.');
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

describe('Near, Distance and Nearest first', () => {
  it('round-trips a Near, a Distance in the reader’s unit and Nearest first through the address to the API', () => {
    let params = withParam(p('keyword=golf'), 'near', ' 78701 ');
    params = withDistanceChoice(params, '50 km');
    params = withParam(params, 'sort', 'nearest');
    expect(params.toString()).toBe('keyword=golf&near=78701&distance=50&distanceUnit=km&sort=nearest');
    expect(distanceChoiceOf(params)).toBe('50 km');
    const api = apiQueryString(params);
    expect(api).toBe('keyword=golf&near=78701&distance=50&distanceUnit=km&sort=nearest');
    expect(searchQuery.parse(Object.fromEntries(new URLSearchParams(api)))).toMatchObject({ near: '78701', distance: 50, distanceUnit: 'km', sort: 'nearest' });
    expect(filtersToSave(params)).toEqual({ keyword: 'golf', near: '78701', distance: '50', distanceUnit: 'km' });
  });

  it('offers Nearest first only with a Near, and reads it as the newest first without one, with a note', () => {
    expect(sortsFor(p('near=78701'))).toContain('nearest');
    expect(sortsFor(p('make=abc'))).not.toContain('nearest');
    expect(sortOf(p('sort=nearest'))).toBe('newest');
    expect(sortNote(p('sort=nearest'))).toBe('Nearest first needs Near: showing the newest cars first.');
    expect(apiQueryString(p('sort=nearest&make=abc'))).toBe('make=abc');
    expect(sortNote(p('near=78701&sort=nearest'))).toBeUndefined();
  });

  it('takes the Distance, its unit and Nearest first out with the Near, however the Near goes', () => {
    const params = p('near=78701&sort=nearest&distance=25&distanceUnit=mi&make=abc');
    expect(withParam(params, 'near', '').toString()).toBe('make=abc');
    expect(withoutLastFilter(p('make=abc&near=78701&distance=25&distanceUnit=mi&sort=nearest')).toString()).toBe('make=abc&near=78701&sort=nearest');
    expect(withoutLastFilter(p('make=abc&distance=25&distanceUnit=mi&near=78701&sort=nearest')).toString()).toBe('make=abc');
    expect(withoutFilters(params).toString()).toBe('');
    const reset = withoutRefusedFilters(params, { near: 'No US ZIP code 00000.' });
    expect(reset.params.toString()).toBe('make=abc');
    expect(reset.notes).toEqual(['No US ZIP code 00000. Near was reset.']);
  });

  it('takes the Distance’s unit out with it, and resets both when the server refuses the unit', () => {
    expect(withDistanceChoice(p('near=78701&distance=25&distanceUnit=mi'), '').toString()).toBe('near=78701');
    const reset = withoutRefusedFilters(p('near=78701&distance=25&distanceUnit=yd'), { distanceUnit: 'Distance unit must be one of: km, mi.' });
    expect(reset.params.toString()).toBe('near=78701');
    expect(reset.notes).toEqual(['Distance unit must be one of: km, mi. Distance was reset.']);
  });

  it('offers the radii in the reader’s unit, and a shared link’s Distance in its own unit as one more choice', () => {
    expect(distanceChoices(p('near=78701'), 'mi').map((c) => c.label)).toEqual(['Any distance', '10 miles', '25 miles', '50 miles', '100 miles', '250 miles']);
    expect(distanceChoices(p('near=78701'), 'km').map((c) => c.label)).toEqual(['Any distance', '10 km', '25 km', '50 km', '100 km', '250 km']);
    // Miles when the address names no unit, as the API reads it.
    const shared = p('near=78701&distance=50');
    expect(distanceChoiceOf(shared)).toBe('50 mi');
    expect(distanceChoices(shared, 'km').at(-1)).toEqual({ value: '50 mi', label: '50 miles' });
    expect(distanceChoices(shared, 'mi')).toHaveLength(6);
  });
});

describe('the kept Near and Distance', () => {
  const kept = { nearZip: '78701', searchRadius: 50 };

  it('fill a bare search, and the app’s own way in, with the reader’s unit beside the Distance', () => {
    expect(withKeptNear(p(''), kept, 'km', true).toString()).toBe('near=78701&distance=50&distanceUnit=km');
    expect(withKeptNear(p('keyword=golf'), kept, 'mi', false).toString()).toBe('keyword=golf&near=78701&distance=50&distanceUnit=mi');
    expect(withKeptNear(p('sort=price-asc'), { nearZip: '78701', searchRadius: null }, 'mi', true).toString()).toBe('sort=price-asc&near=78701');
  });

  it('leave a shared link as it is: its own Near or Distance, or its filters, win', () => {
    expect(withKeptNear(p('make=abc'), kept, 'mi', true).toString()).toBe('make=abc');
    expect(withKeptNear(p('near=10001'), kept, 'mi', false).toString()).toBe('near=10001');
    expect(withKeptNear(p('keyword=golf&distance=25'), kept, 'mi', false).toString()).toBe('keyword=golf&distance=25');
    expect(withKeptNear(p(''), { nearZip: null, searchRadius: 50 }, 'mi', true).toString()).toBe('');
    expect(withKeptNear(p(''), undefined, 'mi', true).toString()).toBe('');
  });

  it('are read back from the address as they are kept, a Distance in another unit than the reader’s left out', () => {
    expect(keptNearOf(p('near=78701&distance=25&distanceUnit=km'), 'km')).toEqual({ nearZip: '78701', searchRadius: 25 });
    expect(keptNearOf(p('near=78701&distance=25'), 'km')).toEqual({ nearZip: '78701', searchRadius: null });
    expect(keptNearOf(p('make=abc'), 'mi')).toEqual({ nearZip: null, searchRadius: null });
  });
});
