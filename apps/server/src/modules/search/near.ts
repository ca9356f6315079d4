import { distanceIn, milesBetween, type LatLon, type SearchQuery } from '@second-gear/contract';
import { knownZip } from '../places/known-zip.ts';

/**
 * The centre of the query's Near from the places' gazetteer, if it has one (the same centres the
 * cars are placed at); an unknown ZIP code is refused (400, as a listing's and Settings' are).
 */
export function nearOf(q: Pick<SearchQuery, 'near'>): LatLon | undefined {
  if (q.near === undefined) return undefined;
  const place = knownZip(q.near);
  return { lat: place.lat, lon: place.lon };
}

/** A box of latitudes and longitudes, in degrees. */
export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * What a search asks of a car's place: to be placed at all, inside `box` (the map's area, and the
 * box around a radius), and, with `measure`, at most `withinMiles` from `from` (Infinity for
 * Nearest first without a Distance: measured for the order only).
 */
export interface PlaceFilter {
  box?: Box;
  measure?: { from: LatLon; withinMiles: number };
}

/** The place filter of the query (null when it asks nothing of a car's place); `near` is the centre of its Near. */
export function placeFilterOf(q: SearchQuery, near: LatLon | undefined): PlaceFilter | null {
  const measured = q.distance !== undefined || q.sort === 'nearest';
  if (!measured && q.bounds === undefined) return null;
  const filter: PlaceFilter = {};
  if (q.bounds !== undefined) {
    const [south, west, north, east] = q.bounds;
    filter.box = { south, west, north, east };
  }
  if (measured) {
    // The contract refuses a Distance or Nearest first without a Near; the caller resolves the Near (nearOf).
    if (near === undefined) throw new Error('a Distance or Nearest first needs the centre of the search’s Near');
    const withinMiles = q.distance === undefined ? Infinity : distanceIn(q.distance, q.distanceUnit ?? 'mi', 'mi');
    filter.measure = { from: near, withinMiles };
    if (withinMiles !== Infinity) filter.box = within(filter.box, boxAround(near, withinMiles));
  }
  return filter;
}

/** Miles along a meridian per degree of latitude, as milesBetween measures them. */
const milesPerDegree = milesBetween({ lat: 0, lon: 0 }, { lat: 1, lon: 0 });
/**
 * Added to every side of a radius's box: a car on the circle's edge must be inside the box whatever
 * the rounding of the two computations, and a millionth of a degree (about 10 cm) is far more than that.
 */
const SLACK_DEGREES = 1e-6;

/**
 * The smallest box of latitudes and longitudes holding every point at most `miles` from `centre`
 * on the sphere milesBetween measures on: the latitudes `miles` either side, and the longitudes of
 * the circle's widest point, asin(sin δ / cos φ) either side (the whole circle of longitudes when the
 * circle holds a pole or crosses the 180th meridian, where the box would be two).
 */
export function boxAround(centre: LatLon, miles: number): Box {
  const degrees = miles / milesPerDegree;
  const south = centre.lat - degrees - SLACK_DEGREES;
  const north = centre.lat + degrees + SLACK_DEGREES;
  if (south <= -90 || north >= 90) return { south: Math.max(south, -90), west: -180, north: Math.min(north, 90), east: 180 };
  const rad = Math.PI / 180;
  const spread = Math.asin(Math.min(1, Math.sin(degrees * rad) / Math.cos(centre.lat * rad))) / rad + SLACK_DEGREES;
  const west = centre.lon - spread;
  const east = centre.lon + spread;
  if (west < -180 || east > 180) return { south, west: -180, north, east: 180 };
  return { south, west, north, east };
}

/** The part of box `b` inside box `a` (b itself without `a`). */
function within(a: Box | undefined, b: Box): Box {
  if (a === undefined) return b;
  return { south: Math.max(a.south, b.south), west: Math.max(a.west, b.west), north: Math.min(a.north, b.north), east: Math.min(a.east, b.east) };
}
