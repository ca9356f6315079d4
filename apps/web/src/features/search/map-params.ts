/**
 * `/search`'s Map view in the address (issue 48): `view=map` (the List view when absent) and the
 * area a person searched with `Search this area`, `bounds=south,west,north,east` in degrees, as the
 * API takes it. Both ride beside the filters, so a shared link opens the same map on the same cars.
 */

export type SearchView = 'list' | 'map';

/** The map's area in degrees (WGS 84). */
export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export const VIEW = 'view';
export const BOUNDS = 'bounds';

/** The view in the address: the map for `view=map`, the list otherwise (an unknown value too). */
export function viewOf(params: URLSearchParams): SearchView {
  return params.get(VIEW) === 'map' ? 'map' : 'list';
}

/** The address in that view; the list, the page's first view, leaves the parameter out. */
export function withView(params: URLSearchParams, view: SearchView): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(VIEW);
  if (view === 'map') next.set(VIEW, 'map');
  return next;
}

// As the API takes it (contract's searchQuery.bounds): four numbers of at most seven decimals.
const boundsPattern = /^-?[0-9]{1,3}(\.[0-9]{1,7})?(,-?[0-9]{1,3}(\.[0-9]{1,7})?){3}$/;

/** The searched area in the address, when there is one the API would take. */
export function boundsOf(params: URLSearchParams): MapBounds | undefined {
  const value = params.get(BOUNDS);
  if (value === null || !boundsPattern.test(value)) return undefined;
  const [south, west, north, east] = value.split(',').map(Number) as [number, number, number, number];
  const fits = south >= -90 && north <= 90 && south <= north && west >= -180 && east <= 180 && west <= east;
  return fits ? { south, west, north, east } : undefined;
}

/** Five decimals are about a metre: rounded outwards, so a car on the edge of the map stays in the search. */
const places = 1e5;
const down = (n: number) => Math.floor(n * places) / places;
const up = (n: number) => Math.ceil(n * places) / places;
const clamp = (n: number, limit: number) => Math.min(limit, Math.max(-limit, n));

/**
 * `bounds`' value for the map's visible area. A map panned past the date line or zoomed out beyond
 * the world reports longitudes outside ±180: the area is clamped to the one world the API knows.
 */
export function boundsParam(bounds: MapBounds): string {
  return [down(clamp(bounds.south, 90)), down(clamp(bounds.west, 180)), up(clamp(bounds.north, 90)), up(clamp(bounds.east, 180))].join(',');
}

/** The address after `Search this area` (or, with none, after clearing the area). */
export function withBounds(params: URLSearchParams, bounds: MapBounds | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(BOUNDS);
  if (bounds) next.set(BOUNDS, boundsParam(bounds));
  return next;
}
