import { searchSorts, type SearchSort } from '@second-gear/contract/constants';

/**
 * The search's filters as the address and the API name them (`/search?make=…&maxPrice=…`), so a search
 * can be shared and Back brings it again. The order of the parameters in the address is the order
 * the filters were set in: setting one moves it to the end, which is how "remove the last filter" knows it.
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

/** The sort in the address, as given (the server refuses one it does not know, naming `Sort by`); newest when none. */
export function sortOf(params: URLSearchParams): string {
  return params.get('sort') ?? defaultSort;
}

/** Whether `sort` is one the page offers (a hand-edited address may hold another). */
export const isSearchSort = (sort: string): sort is SearchSort => (searchSorts as readonly string[]).includes(sort);

/**
 * The address after setting one filter (or the sort) to `value`: the parameter moves to the end as
 * the latest one set; blank (or the default sort) takes it out. Other parameters keep their order.
 */
export function withParam(params: URLSearchParams, name: FilterName | 'sort', value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(name);
  const blank = value.trim() === '' || (name === 'sort' && value === defaultSort);
  if (!blank) next.append(name, name === 'sort' ? value : value.trim());
  return next;
}

/** The address without the filter set last (the sort is not a filter and stays). */
export function withoutLastFilter(params: URLSearchParams): URLSearchParams {
  const last = activeFilters(params).at(-1);
  if (!last) return new URLSearchParams(params);
  const next = new URLSearchParams(params);
  next.delete(last.name);
  return next;
}

/** The address without any filter: the sort stays. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  const sort = params.get('sort');
  if (sort) next.set('sort', sort);
  return next;
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
  }
  const sort = params.get('sort');
  if (sort) query.set('sort', sort);
  return query.toString();
}
