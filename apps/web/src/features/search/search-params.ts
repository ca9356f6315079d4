import { distanceIn, mileageUnits, searchRadii, searchSorts, type DistanceUnit, type MileageUnit, type SearchSort } from '@second-gear/contract/constants';
import { formatRadius } from '../../lib/format.ts';
import type { KeptNear } from '../settings/index.ts';
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
  'near',
  'distance',
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
  near: 'Near',
  distance: 'Distance',
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
  nearest: 'Nearest first',
};
export const defaultSort: SearchSort = 'newest';

const isFilterName = (name: string): name is FilterName => (filterNames as readonly string[]).includes(name);

/**
 * Max Mileage's unit rides beside it in the address (`maxMileage=40000&mileageUnit=mi`) as the API
 * takes it, so a shared link finds the same cars whoever opens it; without one it is km, as in the
 * addresses made before a unit could be chosen. It is part of Max Mileage, not a filter of its own.
 */
export const MILEAGE_UNIT = 'mileageUnit';

/** Distance's unit, beside it in the same way (`distance=50&distanceUnit=km`); without one it is miles, as the API reads it. */
export const DISTANCE_UNIT = 'distanceUnit';

/** The filters whose value is in a unit, and the parameter that carries it (said with it, saved with it, reset with it). */
export const unitParams: Partial<Record<FilterName, string>> = { maxMileage: MILEAGE_UNIT, distance: DISTANCE_UNIT };
const filterOfUnit = (param: string): FilterName | undefined => filterNames.find((name) => unitParams[name] === param);

/** Max Mileage's unit in the address: km when none is given (or one the API refuses: the refusal resets both). */
export function mileageUnitOf(params: URLSearchParams): MileageUnit {
  return mileageUnits.find((unit) => unit === params.get(MILEAGE_UNIT)) ?? 'km';
}

/** Distance's unit in the address: miles when none is given. */
export function distanceUnitOf(params: URLSearchParams): DistanceUnit {
  return mileageUnits.find((unit) => unit === params.get(DISTANCE_UNIT)) ?? 'mi';
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

/** The address after setting `name` to `value` with its unit right after it (withParam moves it to the end). */
function withUnitValue(params: URLSearchParams, name: 'maxMileage' | 'distance', value: string, unit: DistanceUnit): URLSearchParams {
  const next = withParam(params, name, value);
  if (next.has(name)) {
    next.delete(unitParams[name]!);
    next.append(unitParams[name]!, unit);
  }
  return next;
}

/** The address after typing a value into a typed filter: Max Mileage with the reader's unit beside it. */
export function withTypedValue(params: URLSearchParams, name: TextFilter, value: string, unit: DistanceUnit): URLSearchParams {
  return name === 'maxMileage' ? withUnitValue(params, name, value, unit) : withParam(params, name, value);
}

/**
 * `Distance`'s choices as the page offers them: `Any distance`, then the radii in the reader's unit
 * (`10 miles` … or `10 km` …), each an option value `50 mi`. An address in the other unit (a link
 * shared by someone who reads the other) keeps its own distance as one more choice, said in its own
 * unit: it finds exactly those cars, where a converted figure would be none of the radii.
 */
export function distanceChoices(params: URLSearchParams, unit: DistanceUnit): { value: string; label: string }[] {
  const choices = [{ value: '', label: 'Any distance' }, ...searchRadii.map((radius) => ({ value: `${radius} ${unit}`, label: formatRadius(radius, unit) }))];
  const chosen = distanceChoiceOf(params);
  if (chosen && !choices.some((choice) => choice.value === chosen)) {
    const [radius, ownUnit] = chosen.split(' ');
    choices.push({ value: chosen, label: formatRadius(Number(radius), ownUnit as DistanceUnit) });
  }
  return choices;
}

/** The address's Distance as a choice of `distanceChoices` (`50 mi`); '' for any distance. */
export function distanceChoiceOf(params: URLSearchParams): string {
  const distance = params.get('distance')?.trim();
  return distance ? `${distance} ${distanceUnitOf(params)}` : '';
}

/** The address after choosing a Distance (`50 km`, or '' for any distance): its unit beside it. */
export function withDistanceChoice(params: URLSearchParams, choice: string): URLSearchParams {
  const [radius = '', unit] = choice.split(' ');
  const chosenUnit = mileageUnits.find((known) => known === unit);
  return chosenUnit ? withUnitValue(params, 'distance', radius, chosenUnit) : withParam(params, 'distance', '');
}

/** The filters set in the address as a saved search keeps them: each filter's value, and the unit of Max Mileage and Distance beside it. */
export function filtersToSave(params: URLSearchParams): Record<string, string> {
  const filters: Record<string, string> = Object.fromEntries(activeFilters(params).map((f) => [f.name, f.value]));
  for (const [name, unitParam] of Object.entries(unitParams)) {
    if (filters[name] !== undefined && params.has(unitParam)) filters[unitParam] = params.get(unitParam)!;
  }
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

/** Whether the address has a Near, which Distance and Nearest first measure from. */
const hasNear = (params: URLSearchParams) => (params.get('near') ?? '').trim() !== '';

/** The sorts the page offers for this address: Nearest first only with a Near. */
export function sortsFor(params: URLSearchParams): SearchSort[] {
  return searchSorts.filter((sort) => sort !== 'nearest' || hasNear(params));
}

/** The sort in the address; newest when there is none, or one the page does not offer (which is ignored, never shown as an option). */
export function sortOf(params: URLSearchParams): SearchSort {
  const sort = params.get('sort');
  return sort !== null && (sortsFor(params) as string[]).includes(sort) ? (sort as SearchSort) : defaultSort;
}

/** The note for a sort in the address that the page does not offer (a hand-edited or old link), if there is one. */
export function sortNote(params: URLSearchParams): string | undefined {
  const sort = params.get('sort');
  if (sort === 'nearest' && !hasNear(params)) return 'Nearest first needs Near: showing the newest cars first.';
  return sort !== null && !isSearchSort(sort) ? 'Unknown sort order ignored: showing the newest cars first.' : undefined;
}

/**
 * The address without one filter, and without what leans on it: Max Mileage's or Distance's unit;
 * and for Near, the Distance measured from it and Nearest first (the sort goes back to the default).
 */
function withoutFilter(params: URLSearchParams, name: FilterName): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(name);
  if (unitParams[name]) next.delete(unitParams[name]);
  if (name === 'near') {
    next.delete('distance');
    next.delete(DISTANCE_UNIT);
    if (next.get('sort') === 'nearest') next.delete('sort');
  }
  return next;
}

/**
 * The address without the filters the server refused (a malformed or impossible value typed into the
 * address: `minPrice=abc`), and a note for each saying why and that it was reset; a refusal about
 * anything else leaves the address as it is (`notes` empty).
 */
export function withoutRefusedFilters(params: URLSearchParams, refused: Record<string, string>): { params: URLSearchParams; notes: string[] } {
  let next = new URLSearchParams(params);
  const notes: string[] = [];
  for (const [refusedField, message] of Object.entries(refused)) {
    const field = filterOfUnit(refusedField) ?? refusedField;
    if (!isFilterName(field) || !next.has(refusedField)) continue;
    next = withoutFilter(next, field);
    notes.push(`${message} ${filterLabels[field]} was reset.`);
  }
  return { params: next, notes };
}

/**
 * The address after setting one filter (or the sort) to `value`: the parameter moves to the end as
 * the latest one set; blank (or the default sort) takes it out. Other parameters keep their order.
 */
export function withParam(params: URLSearchParams, name: FilterName | 'sort', value: string): URLSearchParams {
  const blank = value.trim() === '' || (name === 'sort' && value === defaultSort);
  if (blank && name !== 'sort') return withoutFilter(params, name);
  const next = new URLSearchParams(params);
  next.delete(name);
  if (!blank) next.append(name, name === 'sort' ? value : value.trim());
  return next;
}

/** The address without the filter set last (the sort is not a filter and stays). */
export function withoutLastFilter(params: URLSearchParams): URLSearchParams {
  const last = activeFilters(params).at(-1);
  return last ? withoutFilter(params, last.name) : new URLSearchParams(params);
}

/** The address without any filter (nor the map's searched area): the sort stays (unless it measures from the Near that goes), and the view (List or Map). */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  const sort = sortOf(params);
  if (sort !== defaultSort && sort !== 'nearest') next.set('sort', sort);
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
    const unitParam = unitParams[name];
    if (unitParam && value !== undefined && params.has(unitParam)) query.set(unitParam, params.get(unitParam)!);
  }
  // The map's searched area (map-params.ts) narrows the list as it does the map.
  const bounds = params.get(BOUNDS);
  if (bounds) query.set(BOUNDS, bounds);
  const sort = sortOf(params);
  if (sort !== defaultSort) query.set('sort', sort);
  return query.toString();
}

/**
 * The address a search opens with, given the reader's kept Near and Distance: the address's own when
 * it has a Near or a Distance, or when it is a link from outside the app (`fromOutside`: a shared or
 * bookmarked link, the first page of the visit) that names filters: that link shows exactly the cars
 * it names. Otherwise (a bare `/search`, or the app's own way in, the navbar's keyword) the kept Near
 * and Distance are added, so the search is near the reader as they left it.
 */
export function withKeptNear(params: URLSearchParams, kept: KeptNear | undefined, unit: DistanceUnit, fromOutside: boolean): URLSearchParams {
  if (!kept?.nearZip || params.has('near') || params.has('distance')) return params;
  if (fromOutside && activeFilters(params).length > 0) return params;
  let next = withParam(params, 'near', kept.nearZip);
  if (kept.searchRadius !== null) next = withUnitValue(next, 'distance', String(kept.searchRadius), unit);
  return next;
}

/** The Near and Distance of an address as they are kept (the Distance in the address's own unit, converted to the reader's is never a radius: left out then). */
export function keptNearOf(params: URLSearchParams, unit: DistanceUnit): KeptNear {
  const near = params.get('near')?.trim() || null;
  const radius = Number(params.get('distance'));
  const sameUnit = distanceUnitOf(params) === unit;
  return { nearZip: near, searchRadius: near && sameUnit && (searchRadii as readonly number[]).includes(radius) ? radius : null };
}
