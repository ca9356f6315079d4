import { bodyTypes, conditions, distanceIn, fuels, milesBetween, transmissions, type LatLon, type MileageUnit, type SearchQuery, type SearchSort } from '@second-gear/contract';
import { BandedColumn } from './banded-column.ts';
import { bitOf, bitWords, clearBit, countIn, grownBits, maskOf, movedBits, setBit, slotOfBit } from './bits.ts';
import { CarIds } from './car-ids.ts';
import { Numbering, Vocabulary, wordsOf, wordMatches } from './keyword.ts';
import { placeFilterOf, type PlaceFilter } from './near.ts';

/** What the search knows of one car on the market, as loaded from PostgreSQL (live-index.ts). */
export interface SearchableCar {
  id: string;
  makeId: string;
  model: string | null;
  price: number;
  /** Model year, or the year of purchase where the car has none. */
  year: number;
  /** Mileage in km; Infinity when not given (it sorts last and passes no Max Mileage). */
  km: number;
  /** Posting time in microseconds, PostgreSQL's own precision, so that the order is the database's. */
  postedUs: number;
  fuel: string | null;
  transmission: string | null;
  bodyType: string | null;
  condition: string;
  verifiedSeller: boolean;
  location: string;
  /** Its ZIP code's centre (products.lat, lon); NaN for both when it is not placed (it passes no radius, map area or Nearest first). */
  lat: number;
  lon: number;
  /**
   * Best deal's key: the asking price over the fair price's estimate; without an estimate
   * NO_ESTIMATE, after every rated car; with an open listing-check flag Infinity, after every car
   * without one, however cheap it looks.
   */
  dealRatio: number;
  /** Rated a great or a good price. */
  goodPrice: boolean;
  /** Name, model and description. */
  text: string;
}

/** Best deal's key of a car without a fair price: after every rated car, before every flagged one (Infinity). */
export const NO_ESTIMATE = Number.MAX_VALUE;

/** The filters with options, as the query names them; each option is counted under every other filter but its own. */
export type Facet = 'make' | 'fuel' | 'transmission' | 'bodyType' | 'condition';
const optionLists = { fuel: fuels, transmission: transmissions, bodyType: bodyTypes, condition: conditions } as const;

/** Each sort's key and direction; every sort ends with the id, so the order is total and pages never overlap. */
export const sortKeys: Record<SearchSort, { key: SortKey; desc: boolean; integer: boolean }> = {
  newest: { key: 'postedUs', desc: true, integer: true },
  'price-asc': { key: 'price', desc: false, integer: true },
  'price-desc': { key: 'price', desc: true, integer: true },
  'mileage-asc': { key: 'km', desc: false, integer: false },
  'year-desc': { key: 'year', desc: true, integer: true },
  // The furthest below its fair price first.
  'best-deal': { key: 'dealRatio', desc: false, integer: false },
  // Miles from Near, worked out by each search (the query's Near is needed to have it).
  nearest: { key: 'miles', desc: false, integer: false },
};
type SortKey = 'postedUs' | 'price' | 'km' | 'year' | 'dealRatio' | 'miles';
/** The values kept per car, column by column (every sort key but Nearest first's, and the place). */
const COLUMNS = ['postedUs', 'price', 'km', 'year', 'dealRatio', 'lat', 'lon'] as const;
type Column = (typeof COLUMNS)[number];

export interface Position {
  key: number;
  id: string;
}

export interface IndexAnswer {
  /** The page's cars in order, one more than asked when there is a next page. */
  page: Position[];
  total: number;
  /** Per facet, option value → count (makes by category id). */
  counts: Record<Facet, Map<string, number>>;
}

/**
 * The most km a car may have to pass a Max Mileage of `max` given in `unit` (km when not given). A
 * mileage is a whole number of km or of miles, and a mile is 25,146/15,625 km, so two different
 * mileages are at least 1/15,625 km (6.4 cm) apart, while their km as float8 (products.mileage_km,
 * and the bound here) are within a billionth of a km of the exact values. Widened by a millionth of
 * a km, the bound keeps exactly the cars whose mileage is at most Max Mileage: 78,125 mi is 125,730 km
 * exactly, yet 125,730.00000000001 as float8, and such a car is within Max Mileage 125,730 km as it
 * is within 78,125 mi.
 */
export function maxKmOf(max: number, unit: MileageUnit = 'km'): number {
  return distanceIn(max, unit, 'km') + 1e-6;
}

/**
 * The columns kept in bands as well as by value. A radius or a map area is first a box of latitude
 * and longitude, answered from the bands as a price range is; the cars in the box are then measured.
 * The place first: a box keeps few of the cars, and the columns after it skip the words it emptied.
 */
const BANDED = ['lat', 'lon', 'price', 'year', 'km'] as const;
/** A facet's filter not set. */
const ANY = -1;
/** A facet's filter set to an option no car has (a make with no car yet): never equal to a car's value. */
const NO_CAR = -2;

/**
 * The cars on the market, one slot each, column by column in typed arrays: the counts beside every
 * option need every car that passes the other filters (decision 018 says why this is not left to
 * PostgreSQL), so a search works over sets of cars, not cars one by one (decision 030).
 *
 * The five facets' values of a car are kept as one number, its combination (of make, fuel,
 * transmission, body type and condition): there are few of them (hundreds for 100,000 cars), so a
 * search counts the passing cars per combination and works out every facet's counts from those
 * few numbers.
 *
 * The slots are kept in order of combination (settle), so that a combination's cars are one
 * range of slots: a search counts a range's passing cars at once, skips the ranges that count for
 * no option, and looks for the page only in the ranges of the combinations that pass every facet.
 * Within a range the cars are in order of place (placeOrder), so that a radius's are neighbours.
 * A car added or changed since goes to a slot after the ranges, counted one by one until the next
 * settle orders them again.
 *
 * Whether each car passes is a bit (bits.ts), 32 cars to a word; the price, year and mileage are
 * cut into bands (banded-column.ts), so that a bound costs a word operation per 32 cars and a
 * comparison for the cars of its own band; a keyword's words, a model and a place are postings
 * (the cars that have each), marked as bits. A car's latitude and longitude are banded too: a
 * radius is the box around it from the bands, then the exact distance of each car in the box
 * (decision 043).
 */
export class CarIndex {
  private capacity = 0;
  /** The slots' ids (UUIDs) and the table that finds a car's slot by its id (car-ids.ts): 16 bytes a car, and 4 to 8 for the table. */
  private readonly ids = new CarIds();
  /** Slots after the ranges, freed for reuse (a slot in a range is only reused by the next ordering). */
  private readonly freeSlots: number[] = [];
  private slots = 0;
  /** The slots in order of combination: combination c's are [rangeStart[c], rangeStart[c + 1]), for the combinations known then. */
  private rangeStart = new Int32Array(1);
  /** Slots in the ranges whose car has gone or moved since they were ordered. */
  private goneFromRanges = 0;
  private alive = bitWords(0);
  /** Bumped whenever the slot's car changes or goes, so that its old words' postings are known to be stale. */
  private generation = new Uint32Array(0);
  private combo = new Int32Array(0);
  private verified = bitWords(0);
  private goodPrice = bitWords(0);
  /** The filters' columns in bands (their values are kept in `keys` below; BANDED names them). */
  private readonly bands = { price: new BandedColumn(true), year: new BandedColumn(true), km: new BandedColumn(false), lat: new BandedColumn(false), lon: new BandedColumn(false) };
  private keys: Record<Column, Float64Array> = {
    postedUs: new Float64Array(0),
    price: new Float64Array(0),
    km: new Float64Array(0),
    year: new Float64Array(0),
    dealRatio: new Float64Array(0),
    lat: new Float64Array(0),
    lon: new Float64Array(0),
  };
  /**
   * Per slot, its car's miles from the Near of the search under way, written by the search for the
   * cars it measured (those that pass every other filter) and read for those only: Nearest first's key.
   */
  private miles = new Float64Array(0);
  private readonly makes = new Numbering();
  private readonly models = new Numbering();
  private readonly locations = new Numbering();
  /** Per combination's key (its five values as one number, see put), its number. */
  private readonly comboOf = new Map<number, number>();
  /** Per combination, its five facets' values: make number, then each option's place (the place after the last when not given). */
  private readonly comboValues: number[][] = [];
  /** Puts so far, and per word of the vocabulary the last put that saw it (so a car's words are each posted once). */
  private puts = 0;
  private readonly wordSeenAt: number[] = [];
  private readonly vocabulary = new Vocabulary();
  /** Per word of the vocabulary, the cars that have it. */
  private readonly postings = new Postings();
  /** Per make, its cars: a typed word that names the make finds all of them. */
  private readonly byMake = new Postings();
  /** Per model (in lower case, as numbered), its cars. */
  private readonly byModel = new Postings();
  /** Per place (in lower case, as numbered), its cars. */
  private readonly byPlace = new Postings();

  private get allPostings(): Postings[] {
    return [this.postings, this.byMake, this.byModel, this.byPlace];
  }

  /** How many cars the copy holds. */
  get size(): number {
    return this.ids.size;
  }

  /** Adds the car, or replaces what was known of it. */
  put(car: SearchableCar): void {
    const slot = this.ids.slotOf(car.id);
    if (slot === undefined) return this.add(car);
    // A car in a range whose combination changes leaves its range for a slot after the ranges.
    if (slot < this.ordered && this.combo[slot] !== this.comboNumber(car)) {
      this.remove(car.id);
      return this.add(car);
    }
    this.fill(slot, car);
  }

  /** How many slots the ranges take. */
  private get ordered(): number {
    return this.rangeStart[this.rangeStart.length - 1]!;
  }

  /** Adds a car the copy does not have (a load reads each car once), without looking for it. */
  add(car: SearchableCar): void {
    this.fill(this.newSlot(car.id), car);
  }

  private newSlot(id: string): number {
    const slot = this.freeSlots.pop() ?? this.slots++;
    if (slot >= this.capacity) this.grow();
    this.ids.add(id, slot);
    return slot;
  }

  /** The number of the car's combination of make and options, numbered when first seen. */
  private comboNumber(car: SearchableCar): number {
    const make = this.makes.numberOf(car.makeId);
    const fuel = optionNumber('fuel', car.fuel);
    const transmission = optionNumber('transmission', car.transmission);
    const bodyType = optionNumber('bodyType', car.bodyType);
    const condition = optionNumber('condition', car.condition);
    // Each option's place is below 64 (the lists are short), so the five places make one exact number.
    const key = (((make * 64 + fuel) * 64 + transmission) * 64 + bodyType) * 64 + condition;
    let combo = this.comboOf.get(key);
    if (combo === undefined) {
      combo = this.comboValues.length;
      this.comboOf.set(key, combo);
      this.comboValues.push([make, fuel, transmission, bodyType, condition]);
    }
    return combo;
  }

  private fill(slot: number, car: SearchableCar): void {
    const generation = ++this.generation[slot]!;
    setBit(this.alive, slot);
    const combo = this.comboNumber(car);
    this.combo[slot] = combo;
    (car.verifiedSeller ? setBit : clearBit)(this.verified, slot);
    (car.goodPrice ? setBit : clearBit)(this.goodPrice, slot);
    this.keys.postedUs[slot] = car.postedUs;
    this.keys.dealRatio[slot] = car.dealRatio;
    for (const column of BANDED) {
      this.bands[column].clear(slot);
      this.bands[column].set(slot, car[column]);
      this.keys[column][slot] = car[column];
    }
    // Each of the car's words once: a word's last sighting is marked with this put's number.
    const put = ++this.puts;
    for (const word of wordsOf(car.text)) {
      if (!isKeyword(word)) continue;
      const n = this.vocabulary.numberOf(word);
      if (this.wordSeenAt[n] === put) continue;
      this.wordSeenAt[n] = put;
      this.postings.add(n, slot, generation);
    }
    this.byMake.add(this.comboValues[combo]![0]!, slot, generation);
    if (car.model !== null) this.byModel.add(this.models.numberOf(car.model.toLowerCase()), slot, generation);
    this.byPlace.add(this.locations.numberOf(car.location.toLowerCase()), slot, generation);
    for (const postings of this.allPostings) postings.compactWhenStale(this.generation);
  }

  /**
   * Orders the slots by combination again once the cars added, changed or gone since the last
   * ordering come to an eighth of the ranges (after a load, every car): until then a search counts
   * those one by one, at about eight times a ranged car's cost, so the ordering (tens of
   * milliseconds at 100,000 cars, linear in the cars and their words) is paid for as often as the
   * scattered cars cost as much as the rest. Called after a load and after each batch of changes.
   */
  settle(): void {
    const scattered = this.slots - this.ordered + this.goneFromRanges;
    if (scattered > 0 && scattered >= this.ordered / 8) this.order();
  }

  /** Moves every car to its combination's range; gone cars' slots and stale postings are dropped. */
  private order(): void {
    const combos = this.comboValues.length;
    const start = new Int32Array(combos + 1);
    for (let slot = 0; slot < this.slots; slot++) if (bitOf(this.alive, slot)) start[this.combo[slot]! + 1]!++;
    for (let c = 0; c < combos; c++) start[c + 1]! += start[c]!;
    const next = start.slice(0, combos);
    // Per slot, the slot its car moves to; -1 for a slot without a car. Within its combination's
    // range, the cars in order of place (placeOrder).
    const moveTo = new Int32Array(this.slots).fill(-1);
    for (const slot of this.placeOrder()) moveTo[slot] = next[this.combo[slot]!]!++;
    const moved = <T extends Uint32Array | Int32Array | Float64Array>(old: T): T => {
      const next = new (old.constructor as new (n: number) => T)(this.capacity);
      for (let slot = 0; slot < moveTo.length; slot++) if (moveTo[slot]! >= 0) next[moveTo[slot]!] = old[slot]!;
      return next;
    };
    const generation = moved(this.generation);
    for (const postings of this.allPostings) postings.moveSlots(moveTo, this.generation, generation);
    this.generation = generation;
    this.ids.moveSlots(moveTo);
    this.alive = movedBits(this.alive, moveTo, this.capacity);
    this.verified = movedBits(this.verified, moveTo, this.capacity);
    this.goodPrice = movedBits(this.goodPrice, moveTo, this.capacity);
    this.combo = moved(this.combo);
    for (const k of COLUMNS) this.keys[k] = moved(this.keys[k]);
    this.slots = start[combos]!;
    for (const column of BANDED) this.bands[column].placeBands(this.keys[column], this.alive, this.slots);
    this.freeSlots.length = 0;
    this.rangeStart = start;
    this.goneFromRanges = 0;
  }

  /**
   * The slots of the cars alive in order of place: by rows of half a degree of latitude (about 35
   * miles), each from west to east, the cars without a place last. A radius or a map area then
   * finds, in each combination's range, a few runs of neighbouring slots rather than cars scattered
   * through the copy, and measuring them reads the columns in order instead of one cache miss a car.
   */
  private placeOrder(): Int32Array {
    // Each car as one exact number: its place's key (row, and longitude to a hundredth of a degree) above its slot.
    const slotBits = 2 ** 24;
    if (this.slots > slotBits) throw new Error(`the search copy orders at most ${slotBits} slots`);
    const { lat, lon } = this.keys;
    const unplaced = 361 * 36_001;
    const keyed = new Float64Array(this.size);
    let n = 0;
    for (let slot = 0; slot < this.slots; slot++) {
      if (!bitOf(this.alive, slot)) continue;
      const row = Math.floor((lat[slot]! + 90) * 2);
      const place = Number.isNaN(row) || Number.isNaN(lon[slot]!) ? unplaced : row * 36_001 + Math.round((lon[slot]! + 180) * 100);
      keyed[n++] = place * slotBits + slot;
    }
    keyed.subarray(0, n).sort();
    return Int32Array.from(keyed.subarray(0, n), (key) => key % slotBits);
  }

  /** Forgets the car (sold, withdrawn or deleted); nothing happens for a car it does not know. */
  remove(id: string): void {
    const slot = this.ids.slotOf(id);
    if (slot === undefined) return;
    this.ids.delete(id, slot);
    clearBit(this.alive, slot);
    for (const column of BANDED) this.bands[column].clear(slot);
    this.generation[slot]!++;
    // A range's slot is not reused: another combination's car would sit in the range.
    if (slot < this.ordered) this.goneFromRanges++;
    else this.freeSlots.push(slot);
  }

  private grow(): void {
    const capacity = Math.max(1024, this.capacity * 2);
    const grown = <T extends Uint32Array | Int32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.alive = grownBits(this.alive, capacity);
    this.verified = grownBits(this.verified, capacity);
    this.goodPrice = grownBits(this.goodPrice, capacity);
    for (const column of BANDED) this.bands[column].grow(capacity);
    this.generation = grown(this.generation, (n) => new Uint32Array(n));
    this.combo = grown(this.combo, (n) => new Int32Array(n));
    for (const k of COLUMNS) this.keys[k] = grown(this.keys[k], (n) => new Float64Array(n));
    this.miles = new Float64Array(capacity);
    this.ids.grow(capacity);
    this.capacity = capacity;
  }

  /**
   * The cars matching every filter (the total, and the page after `after` in the sort's order),
   * and for each facet the cars that match every filter but that facet's own, by option.
   * `makeNames` gives each make's name, which a typed word may match; `near` is the centre of the
   * query's Near (its ZIP code's), which its Distance and Nearest first measure from.
   */
  search(q: SearchQuery, after: Position | undefined, makeNames: Map<string, string>, near?: LatLon): IndexAnswer {
    // Whether each combination passes every facet's filter, and the one facet it fails if only one.
    const wanted = [
      q.make === undefined ? ANY : (this.makes.find(q.make) ?? NO_CAR),
      q.fuel === undefined ? ANY : optionNumber('fuel', q.fuel),
      q.transmission === undefined ? ANY : optionNumber('transmission', q.transmission),
      q.bodyType === undefined ? ANY : optionNumber('bodyType', q.bodyType),
      q.condition === undefined ? ANY : optionNumber('condition', q.condition),
    ];
    const comboCount = this.comboValues.length;
    const fails = new Uint8Array(comboCount);
    const matchesAll = new Uint8Array(comboCount);
    for (let c = 0; c < comboCount; c++) {
      const values = this.comboValues[c]!;
      for (let f = 0; f < wanted.length; f++) if (wanted[f] !== ANY && values[f] !== wanted[f]) fails[c]! |= 1 << f;
      matchesAll[c] = +(fails[c] === 0);
    }

    // Whether each car passes the other filters, counted per combination, and offered to the page
    // when it also passes the facets'.
    const key = sortKeys[q.sort].key;
    const sortKey = key === 'miles' ? this.miles : this.keys[key];
    const tally: Tally = {
      perCombo: new Uint32Array(comboCount),
      matchesAll,
      page: new PageCollector(q.sort, q.limit + 1, after, sortKey, this.ids),
      sortKey,
      direction: sortKeys[q.sort].desc ? -1 : 1,
    };
    this.spareBitsUsed = 0;
    this.tally(this.carsWithin(q, makeNames), q, placeFilterOf(q, near), fails, tally);
    const { perCombo, page } = tally;

    // A combination's cars count for a facet's options when the only facet filter it fails, if any, is that facet's own.
    const counts = [this.makes.values.length, fuels.length, transmissions.length, bodyTypes.length, conditions.length].map((n) => new Uint32Array(n + 1));
    let total = 0;
    for (let c = 0; c < comboCount; c++) {
      const cars = perCombo[c]!;
      if (cars === 0) continue;
      const values = this.comboValues[c]!;
      for (let f = 0; f < wanted.length; f++) if ((fails[c]! & ~(1 << f)) === 0) counts[f]![values[f]!]! += cars;
      if (matchesAll[c]) total += cars;
    }

    const counted = (values: readonly string[], f: number) => new Map(values.map((v, i) => [v, counts[f]![i]!]));
    return {
      page: page.positions(),
      total,
      counts: {
        make: counted(this.makes.values, 0),
        fuel: counted(fuels, 1),
        transmission: counted(transmissions, 2),
        bodyType: counted(bodyTypes, 3),
        condition: counted(conditions, 4),
      },
    };
  }

  /**
   * The cars of the ranges that count and those after the ranges, 32 to a word; with a keyword,
   * only those `within` its cars. A combination failing two facets' filters counts for no option,
   * so its range is skipped.
   */
  private tally(within: Int32Array | null, q: SearchQuery, place: PlaceFilter | null, fails: Uint8Array, tally: Tally): void {
    if (this.passesBits.length !== this.alive.length) {
      this.passesBits = bitWords(this.capacity);
      this.unsureBits = bitWords(this.capacity);
    }
    const passes = this.passesBits;
    const counted: number[] = [];
    // The slots to filter, as spans of neighbouring ranges (each [from, to)).
    const spans: number[][] = [];
    const span = (from: number, to: number) => {
      const last = spans.at(-1);
      if (last !== undefined && last[1] === from) last[1] = to;
      else spans.push([from, to]);
    };
    for (let c = 0; c + 1 < this.rangeStart.length; c++) {
      if ((fails[c]! & (fails[c]! - 1)) !== 0 || this.rangeStart[c] === this.rangeStart[c + 1]) continue;
      counted.push(c);
      span(this.rangeStart[c]!, this.rangeStart[c + 1]!);
    }
    if (this.slots > this.ordered) span(this.ordered, this.slots);
    // A word shared by two spans is filtered twice, to the same bits.
    for (const [from, to] of spans) this.filterWords(passes, from! >>> 5, (to! - 1) >>> 5, within, q, place);
    for (const c of counted) {
      const from = this.rangeStart[c]!;
      const to = this.rangeStart[c + 1]!;
      const cars = countIn(passes, from, to);
      tally.perCombo[c]! += cars;
      if (tally.matchesAll[c] === 1 && cars > 0) offerPassing(passes, from, to, null, tally);
    }
    offerPassing(passes, this.ordered, this.slots, this.combo, tally);
  }

  /** Sets in `passes`, over words `from` to `to` (inclusive), the cars alive (and `within`) that pass every filter but the facets'. */
  private filterWords(passes: Int32Array, from: number, to: number, within: Int32Array | null, q: SearchQuery, place: PlaceFilter | null): void {
    passes.set(this.alive.subarray(from, to + 1), from);
    if (within !== null) for (let w = from; w <= to; w++) passes[w]! &= within[w]!;
    if (q.verified) for (let w = from; w <= to; w++) passes[w]! &= this.verified[w]!;
    if (q.goodPrice) for (let w = from; w <= to; w++) passes[w]! &= this.goodPrice[w]!;
    // Price, year, mileage and place from their bands, a word at a time; the cars in a bound's own
    // band are unsure, and compared on that column alone. A car without a place (NaN) is in band 0
    // and fails every comparison and every measure, so no map area, radius or Nearest first finds it.
    const maxKm = q.maxMileage === undefined ? undefined : maxKmOf(q.maxMileage, q.mileageUnit);
    const box = place?.box;
    const bounds = {
      price: [q.minPrice, q.maxPrice],
      year: [q.minYear, q.maxYear],
      km: [undefined, maxKm],
      lat: [box?.south, box?.north],
      lon: [box?.west, box?.east],
    } as const;
    for (const column of BANDED) {
      const [min, max] = bounds[column];
      if (min === undefined && max === undefined) continue;
      const unsure = this.unsureBits;
      unsure.fill(0, from, to + 1);
      if (min !== undefined) this.bands[column].keepAtLeast(passes, unsure, from, to, min);
      if (max !== undefined) this.bands[column].keepAtMost(passes, unsure, from, to, max);
      keepWithin(passes, unsure, from, to, this.keys[column], min ?? -Infinity, max ?? Infinity);
    }
    if (place?.measure) this.measure(passes, from, to, place.measure.from, place.measure.withinMiles);
  }

  /**
   * Of the cars passing over words `from` to `to` (inclusive), keeps those at most `withinMiles`
   * from `near` and writes each one's miles from it (Nearest first's key). The distance is the
   * contract's milesBetween, as a card's "12 mi away" is, so that the two never disagree.
   */
  private measure(passes: Int32Array, from: number, to: number, near: LatLon, withinMiles: number): void {
    const { lat, lon } = this.keys;
    // One point reused for every car: a new object per car cost a tenth of a radius search.
    const at = { lat: 0, lon: 0 };
    for (let w = from; w <= to; w++) {
      let left = passes[w]!;
      let kept = left;
      while (left !== 0) {
        const low = left & -left;
        left ^= low;
        const slot = slotOfBit(w, low);
        at.lat = lat[slot]!;
        at.lon = lon[slot]!;
        const miles = milesBetween(near, at);
        if (miles <= withinMiles) this.miles[slot] = miles;
        else kept ^= low;
      }
      passes[w] = kept;
    }
  }

  /**
   * The cars the keyword, the model and the place allow, as bits (from the postings of the words,
   * the models and the places); null when none of them is given.
   */
  private carsWithin(q: SearchQuery, makeNames: Map<string, string>): Int32Array | null {
    const sets: Int32Array[] = [];
    if (q.keyword !== undefined) sets.push(...this.carsWithEachWord(q.keyword, makeNames));
    if (q.model !== undefined) sets.push(this.marked(this.byModel, [this.models.find(q.model.toLowerCase())]));
    if (q.location !== undefined) sets.push(this.marked(this.byPlace, this.placesContaining(q.location)));
    const [first, ...others] = sets;
    if (first === undefined) return null;
    for (const other of others) for (let w = 0; w < first.length; w++) first[w]! &= other[w]!;
    return first;
  }

  /** The cars of the given keys' postings, as bits. */
  private marked(postings: Postings, keys: Iterable<number | undefined>): Int32Array {
    const found = this.freshBits();
    for (const key of keys) if (key !== undefined) postings.mark(key, this.generation, found);
    return found;
  }

  /** Words for whether each slot passes, and whether it is still to be compared, kept between searches (a search runs to its end before the next). */
  private passesBits = bitWords(0);
  private unsureBits = bitWords(0);
  /**
   * Sets of cars kept between searches and handed out zeroed in turn (`freshBits`), one per
   * posting marked: a new set per search and word came to 128 KB at a million cars, and its
   * collection to a tenth of a search's time.
   */
  private readonly spareBits: Int32Array[] = [];
  private spareBitsUsed = 0;
  private freshBits(): Int32Array {
    let bits = this.spareBits[this.spareBitsUsed];
    if (bits === undefined || bits.length !== this.capacity >>> 5) this.spareBits[this.spareBitsUsed] = bits = bitWords(this.capacity);
    else bits.fill(0);
    this.spareBitsUsed++;
    return bits;
  }

  /** The places (as numbered) that contain the text in any case. */
  private placesContaining(text: string): number[] {
    const part = text.toLowerCase();
    return this.locations.values.flatMap((place, n) => (place.includes(part) ? [n] : []));
  }

  /**
   * Per typed word, the cars (as bits) that have it among their words or in their make's name; a
   * keyword without a word finds no car (one empty set).
   */
  private carsWithEachWord(keyword: string, makeNames: Map<string, string>): Int32Array[] {
    const sets = [...new Set(wordsOf(keyword))].map((typed) => {
      const found = this.marked(this.postings, this.vocabulary.matching(typed));
      for (const [id, name] of makeNames) {
        const make = this.makes.find(id);
        if (make !== undefined && wordsOf(name).some((part) => wordMatches(typed, part))) this.byMake.mark(make, this.generation, found);
      }
      return found;
    });
    return sets.length > 0 ? sets : [this.freshBits()];
  }
}

/** What a search counts into, and its page. */
interface Tally {
  perCombo: Uint32Array;
  matchesAll: Uint8Array;
  page: PageCollector;
  sortKey: Float64Array;
  direction: number;
}

/** Keeps in `passes`, of the cars marked in `unsure` over words `from` to `to` (inclusive), those whose value is from `min` to `max`. */
function keepWithin(passes: Int32Array, unsure: Int32Array, from: number, to: number, values: Float64Array, min: number, max: number): void {
  for (let w = from; w <= to; w++) {
    let left = unsure[w]! & passes[w]!;
    if (left === 0) continue;
    let kept = passes[w]!;
    while (left !== 0) {
      const low = left & -left;
      const value = values[slotOfBit(w, low)]!;
      if (!(value >= min && value <= max)) kept ^= low;
      left ^= low;
    }
    passes[w] = kept;
  }
}

/**
 * Offers the passing cars of slots [from, to) to the page: all of them, the cars of one range whose
 * combination passes every facet (`combo` null); or, after the ranges, each counted for its own
 * combination and offered when that passes every facet.
 */
function offerPassing(passes: Int32Array, from: number, to: number, combo: Int32Array | null, { perCombo, matchesAll, page, sortKey, direction }: Tally): void {
  if (from >= to) return;
  const last = (to - 1) >>> 5;
  for (let w = from >>> 5; w <= last; w++) {
    let left = passes[w]! & maskOf(w, from, to);
    while (left !== 0) {
      const low = left & -left;
      left ^= low;
      const slot = slotOfBit(w, low);
      if (combo !== null) {
        const c = combo[slot]!;
        perCombo[c]!++;
        if (matchesAll[c] === 0) continue;
      }
      // Most cars that pass come before the cursor or after the page so far: turned away here on
      // their key alone; a tie on the key is for offer() to settle by the id.
      const key = direction * sortKey[slot]!;
      if (key >= page.lowest && key <= page.highest) page.offer(slot);
    }
  }
}

/**
 * Per word of the vocabulary (or per make), the slots of the cars that have it, each with the slot's generation
 * when it was added: an entry whose generation is no longer the slot's is stale (the car changed
 * or went) and is skipped, and dropped when the stale entries outnumber the others.
 */
class Postings {
  private slots: Int32Array[] = [];
  private generations: Uint32Array[] = [];
  private lengths: number[] = [];
  private entries = 0;
  private entriesAtLastCompaction = 0;

  add(word: number, slot: number, generation: number): void {
    let length = this.lengths[word] ?? 0;
    if (length === (this.slots[word]?.length ?? 0)) {
      const size = Math.max(4, length * 2);
      const slots = new Int32Array(size);
      const generations = new Uint32Array(size);
      if (length) {
        slots.set(this.slots[word]!);
        generations.set(this.generations[word]!);
      }
      this.slots[word] = slots;
      this.generations[word] = generations;
    }
    this.slots[word]![length] = slot;
    this.generations[word]![length] = generation;
    this.lengths[word] = ++length;
    this.entries++;
  }

  /** Sets the bit in `found` of every slot whose car has the word now. */
  mark(word: number, current: Uint32Array, found: Int32Array): void {
    const slots = this.slots[word];
    const generations = this.generations[word];
    if (!slots || !generations) return;
    for (let i = 0, n = this.lengths[word]!; i < n; i++) {
      const slot = slots[i]!;
      if (generations[i] === current[slot]) setBit(found, slot);
    }
  }

  /** Drops the stale entries once there are as many entries again as after the last time. */
  compactWhenStale(current: Uint32Array): void {
    if (this.entries >= 2 * this.entriesAtLastCompaction + 65_536) this.keepCurrent(current, null);
  }

  /**
   * Drops the stale entries and moves the others to their car's new slot (`moveTo`, by slot;
   * `moved` is the slots' generations after the move), each list at its exact length (after a
   * load: growing by doubling leaves a third of them empty on average) and in order of slot, so
   * that marking a word's cars reads the generations and writes the bits front to back (at 900,000
   * cars a keyword search took 1.43 ms on average instead of 1.77, and an ordering 720 ms instead
   * of 460).
   */
  moveSlots(moveTo: Int32Array, current: Uint32Array, moved: Uint32Array): void {
    this.keepCurrent(current, moveTo);
    for (let word = 0; word < this.slots.length; word++) {
      const length = this.lengths[word];
      if (length === undefined) continue;
      const slots = this.slots[word]!.slice(0, length).sort();
      const generations = new Uint32Array(length);
      for (let i = 0; i < length; i++) generations[i] = moved[slots[i]!]!;
      this.slots[word] = slots;
      this.generations[word] = generations;
    }
  }

  private keepCurrent(current: Uint32Array, moveTo: Int32Array | null): void {
    let kept = 0;
    for (let word = 0; word < this.slots.length; word++) {
      const slots = this.slots[word];
      const generations = this.generations[word];
      if (!slots || !generations) continue;
      let length = 0;
      for (let i = 0, n = this.lengths[word]!; i < n; i++) {
        const slot = slots[i]!;
        if (generations[i] !== current[slot]) continue;
        slots[length] = moveTo === null ? slot : moveTo[slot]!;
        generations[length++] = generations[i]!;
      }
      this.lengths[word] = length;
      kept += length;
    }
    this.entries = kept;
    this.entriesAtLastCompaction = kept;
  }
}

/**
 * Numbers of five digits or more (mileages, prices, telephone numbers) are not searched for as
 * words: they would fill the vocabulary with words nobody types. Years and model numbers are.
 */
function isKeyword(word: string): boolean {
  if (word.length < 5) return true;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < 48 || c > 57) return true;
  }
  return false;
}

/** The option's place in its list; a car without one is in the place after the last option. */
function optionNumber(facet: Exclude<Facet, 'make'>, value: string | null): number {
  const list = optionLists[facet] as readonly string[];
  return value === null ? list.length : list.indexOf(value);
}

/**
 * The first `size` cars, in the sort's order, that come after the cursor, kept sorted. `lowest`
 * and `highest` bound the keys (times the sort's direction, so that lower always comes first) a
 * car may have to be offered at all: not before the cursor's, and not after the last kept one's
 * once the page is full.
 */
class PageCollector {
  private readonly kept: number[] = [];
  private readonly desc: boolean;
  readonly lowest: number;
  highest = Infinity;

  constructor(
    sort: SearchSort,
    private readonly size: number,
    private readonly after: Position | undefined,
    private readonly key: Float64Array,
    private readonly ids: CarIds,
  ) {
    this.desc = sortKeys[sort].desc;
    this.lowest = after ? (this.desc ? -after.key : after.key) : -Infinity;
    this.afterId = after ? CarIds.wordsOf(after.id) : new Uint32Array(4);
  }

  /** The cursor's id as CarIds keeps ids. */
  private readonly afterId: Uint32Array;

  /** Negative when slot a's car comes first in the sort's order. */
  private compare(a: number, b: number): number {
    const aKey = this.key[a]!;
    const bKey = this.key[b]!;
    const order = aKey < bKey ? -1 : aKey > bKey ? 1 : this.ids.compare(a, b);
    return this.desc ? -order : order;
  }

  /** Negative when slot a's car comes before the cursor in the sort's order. */
  private compareToAfter(a: number): number {
    const aKey = this.key[a]!;
    const bKey = this.after!.key;
    const order = aKey < bKey ? -1 : aKey > bKey ? 1 : this.ids.compareTo(a, this.afterId);
    return this.desc ? -order : order;
  }

  offer(slot: number): void {
    if (this.after && this.compareToAfter(slot) <= 0) return;
    const kept = this.kept;
    if (kept.length === this.size) {
      const last = kept[kept.length - 1]!;
      if (this.compare(slot, last) >= 0) return;
      kept.pop();
    }
    let i = kept.length;
    while (i > 0 && this.compare(slot, kept[i - 1]!) < 0) i--;
    kept.splice(i, 0, slot);
    if (kept.length === this.size) {
      const lastKey = this.key[kept[kept.length - 1]!]!;
      this.highest = this.desc ? -lastKey : lastKey;
    }
  }

  positions(): Position[] {
    return this.kept.map((slot) => ({ key: this.key[slot]!, id: this.ids.idOf(slot) }));
  }
}
