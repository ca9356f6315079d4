import { distanceIn, mileageUnits, searchSorts, type DistanceUnit, type MileageUnit, type SearchSort } from '@second-gear/contract/constants';
import { BOUNDS, viewOf, withView } from './map-params.ts';

/**
 * The search's filters as the address and the API name them (`/search?make=…&maxPrice=…`), so a search
 * can be shared and Back brings it again. The order of the parameters in the address is the order
 * the filters were set in: setting one moves it to the end, which is how "remove the last filter" knows it.
 * What the page cannot use is never offered: an unknown sort or parameter is ignored, a refused filter reset, each with a note.
 */
export const filterNames = [
  'keyword',
  'make',
  'model',
  'minPrice',
  'maxPrice',
  'minYear',
  'maxYear',
  'maxMileage',
  'fuel',
  'transmission',
  'bodyType',
  'condition',
  'location',
  'verified',
  'goodPrice',
] as const;
export type FilterName = (typeof filterNames)[number];

/** The filters typed in (applied on Enter or after a pause in typing). */
export const textFilters = ['keyword', 'model', 'minPrice', 'maxPrice', 'minYear', 'maxYear', 'maxMileage', 'location'] as const;
export type TextFilter = (typeof textFilters)[number];

/** The filters chosen among options, each with its counts in the answer. */
export const optionFilters = ['make', 'fuel', 'transmission', 'bodyType', 'condition'] as const;
export type OptionFilter = (typeof optionFilters)[number];

/** Each filter's label on the page (docs/product.md, the names people rely on). */
export const filterLabels: Record<FilterName, string> = {
  keyword: 'Keyword',
  make: 'Make',
  model: 'Model',
  minPrice: 'Min Price',
  maxPrice: 'Max Price',
  minYear: 'Min Year',
  maxYear: 'Max Year',
  maxMileage: 'Max Mileage',
  fuel: 'Fuel',
  transmission: 'Transmission',
  bodyType: 'Body Type',
  condition: 'Condition',
  location: 'Location',
  verified: 'Verified sellers only',
  goodPrice: 'Great or good price',
};

export const sortLabels: Record<SearchSort, string> = {
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'mileage-asc': 'Mileage: low to high',
  'year-desc': 'Year: newest first',
  'best-deal': 'Best deal',
};
export const defaultSort: SearchSort = 'newest';

const isFilterName = (name: string): name is FilterName => (filterNames as readonly string[]).includes(name);

/**
 * Max Mileage's unit rides beside it in the address (`maxMileage=40000&mileageUnit=mi`) as the API
 * takes it, so a shared link finds the same cars whoever opens it; without one it is km, as in the
 * addresses made before a unit could be chosen. It is part of Max Mileage, not a filter of its own.
 */
export const MILEAGE_UNIT = 'mileageUnit';

/** Max Mileage's unit in the address: km when none is given (or one the API refuses: the refusal resets both). */
export function mileageUnitOf(params: URLSearchParams): MileageUnit {
  return mileageUnits.find((unit) => unit === params.get(MILEAGE_UNIT)) ?? 'km';
}

/**
 * A typed filter's value as its field shows it: Max Mileage in the reader's unit (whole units), the
 * others as the address has them. An address in the other unit is shown converted and left as it is.
 */
export function typedValueOf(params: URLSearchParams, name: TextFilter, unit: DistanceUnit): string {
  const value = params.get(name) ?? '';
  if (name !== 'maxMileage' || !/^[0-9]+$/.test(value.trim()) || mileageUnitOf(params) === unit) return value;
  return String(Math.round(distanceIn(Number(value), mileageUnitOf(params), unit)));
}

/** The address after typing a value into a typed filter: Max Mileage with the reader's unit beside it. */
export function withTypedValue(params: URLSearchParams, name: TextFilter, value: string, unit: DistanceUnit): URLSearchParams {
  const next = withParam(params, name, value);
  if (name === 'maxMileage' && next.has(name)) {
    // Right after the value it belongs to, which withParam moved to the end.
    next.delete(MILEAGE_UNIT);
    next.append(MILEAGE_UNIT, unit);
  }
  return next;
}

/** The filters set in the address as a saved search keeps them: each filter's value, and Max Mileage's unit beside it. */
export function filtersToSave(params: URLSearchParams): Record<string, string> {
  const filters = Object.fromEntries(activeFilters(params).map((f) => [f.name, f.value]));
  if (filters.maxMileage !== undefined && params.has(MILEAGE_UNIT)) filters[MILEAGE_UNIT] = params.get(MILEAGE_UNIT)!;
  return filters;
}

/** The filters set in the address, in the order they were set (blank values are not set). */
export function activeFilters(params: URLSearchParams): { name: FilterName; value: string }[] {
  const seen = new Set<string>();
  const active: { name: FilterName; value: string }[] = [];
  for (const [name, value] of params) {
    if (!isFilterName(name) || seen.has(name) || value.trim() === '') continue;
    seen.add(name);
    active.push({ name, value });
  }
  return active;
}

/** Whether `sort` is one the page offers (a hand-edited address may hold another). */
export const isSearchSort = (sort: string): sort is SearchSort => (searchSorts as readonly string[]).includes(sort);

/** The sort in the address; newest when there is none, or one the page does not offer (which is ignored, never shown as an option). */
export function sortOf(params: URLSearchParams): SearchSort {
  const sort = params.get('sort');
  return sort !== null && isSearchSort(sort) ? sort : defaultSort;
}

/** The note for a sort in the address that the page does not offer (a hand-edited or old link), if there is one. */
export function unknownSortNote(params: URLSearchParams): string | undefined {
  const sort = params.get('sort');
  return sort !== null && !isSearchSort(sort) ? 'Unknown sort order ignored: showing the newest cars first.' : undefined;
}

/**
 * The address without the filters the server refused (a malformed or impossible value typed into the
 * address: `minPrice=abc`), and a note for each saying why and that it was reset; a refusal about
 * anything else leaves the address as it is (`notes` empty).
 */
export function withoutRefusedFilters(params: URLSearchParams, refused: Record<string, string>): { params: URLSearchParams; notes: string[] } {
  const next = new URLSearchParams(params);
  const notes: string[] = [];
  for (const [refusedField, message] of Object.entries(refused)) {
    const field = refusedField === MILEAGE_UNIT ? 'maxMileage' : refusedField;
    if (!isFilterName(field) || !next.has(refusedField)) continue;
    next.delete(field);
    if (field === 'maxMileage') next.delete(MILEAGE_UNIT);
    notes.push(`${message} ${filterLabels[field]} was reset.`);
  }
  return { params: next, notes };
}

/**
 * The address after setting one filter (or the sort) to `value`: the parameter moves to the end as
 * the latest one set; blank (or the default sort) takes it out. Other parameters keep their order.
 */
export function withParam(params: URLSearchParams, name: FilterName | 'sort', value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(name);
  const blank = value.trim() === '' || (name === 'sort' && value === defaultSort);
  if (!blank) next.append(name, name === 'sort' ? value : value.trim());
  else if (name === 'maxMileage') next.delete(MILEAGE_UNIT);
  return next;
}

/** The address without the filter set last (the sort is not a filter and stays). */
export function withoutLastFilter(params: URLSearchParams): URLSearchParams {
  const last = activeFilters(params).at(-1);
  if (!last) return new URLSearchParams(params);
  const next = new URLSearchParams(params);
  next.delete(last.name);
  if (last.name === 'maxMileage') next.delete(MILEAGE_UNIT);
  return next;
}

/** The address without any filter (nor the map's searched area): the sort and the view (List or Map) stay. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  const sort = sortOf(params);
  if (sort !== defaultSort) next.set('sort', sort);
  return withView(next, viewOf(params));
}

/**
 * The API's query string for these filters and sort: every set filter and the sort, in a fixed order
 * so that the same search in another order is the same cached answer. Parameters the page does not
 * know are left out; a filter given twice is sent once (the first).
 */
export function apiQueryString(params: URLSearchParams): string {
  const query = new URLSearchParams();
  const active = new Map(activeFilters(params).map((f) => [f.name, f.value]));
  for (const name of filterNames) {
    const value = active.get(name);
    if (value !== undefined) query.set(name, value);
    if (name === 'maxMileage' && value !== undefined && params.has(MILEAGE_UNIT)) query.set(MILEAGE_UNIT, params.get(MILEAGE_UNIT)!);
  }
  // The map's searched area (map-params.ts) narrows the list as it does the map.
  const bounds = params.get(BOUNDS);
  if (bounds) query.set(BOUNDS, bounds);
  const sort = sortOf(params);
  if (sort !== defaultSort) query.set('sort', sort);
  return query.toString();
}
