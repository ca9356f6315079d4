import { bitOf, bitWords, clearBit, grownBits, setBit } from './bits.ts';

/**
 * Bands a column's values are cut into: a filter reads one bit a car and compares the cars of one
 * band. 64 rather than 32 halved the cars compared, for 4 more bytes a car (at 900,000 cars a
 * filter-only search took 1.45 ms on average instead of 1.69).
 */
const BANDS = 64;
/** Values looked at to place the bands' bounds: enough for bands of even size, few enough to sort in a millisecond. */
const SAMPLE = 65_536;

/**
 * A numeric column's values cut into bands of about as many cars each, so that a minimum or a
 * maximum is answered from bits: every car of a band above the minimum's passes, every car below
 * fails, and only the cars of the minimum's own band are left to compare one by one. Band k holds the
 * values from bounds[k - 1] (inclusive) to bounds[k]; `atLeast[k - 1]` has a bit for every car in
 * band k or above. Before the first `placeBands` there is one band, and every car is compared.
 */
export class BandedColumn {
  /** `integers`: every value is a whole number, so a band's highest value is known to be below its upper bound by 1 at least. */
  constructor(private readonly integers: boolean) {}

  private bounds = new Float64Array(0);
  private band = new Uint8Array(0);
  private atLeast: Int32Array[] = [];
  private capacity = 0;

  grow(capacity: number): void {
    const band = new Uint8Array(capacity);
    band.set(this.band);
    this.band = band;
    this.atLeast = this.atLeast.map((bits) => grownBits(bits, capacity));
    this.capacity = capacity;
  }

  /** The band a value falls in: how many bounds are at or below it. */
  private bandOf(value: number): number {
    let low = 0;
    let high = this.bounds.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (value >= this.bounds[middle]!) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Records the slot's value (a slot emptied first with `clear`). */
  set(slot: number, value: number): void {
    const band = this.bandOf(value);
    this.band[slot] = band;
    for (let k = 0; k < band; k++) setBit(this.atLeast[k]!, slot);
  }

  /** Forgets the slot's value. */
  clear(slot: number): void {
    for (let k = 0; k < this.band[slot]!; k++) clearBit(this.atLeast[k]!, slot);
    this.band[slot] = 0;
  }

  /**
   * Places the bands' bounds at even steps through the values of the slots in `alive` (a sample of
   * them), and puts every slot in its band. Called whenever the slots are ordered (CarIndex.order),
   * as the slots have moved anyway.
   */
  placeBands(values: Float64Array, alive: Int32Array, slots: number): void {
    // A value that is no number (a car without a place) is in band 0, and takes no part in placing the bounds.
    const counted = (slot: number) => bitOf(alive, slot) === 1 && !Number.isNaN(values[slot]);
    let living = 0;
    for (let slot = 0; slot < slots; slot++) living += +counted(slot);
    // Every step-th car alive, in slot order.
    const step = Math.ceil(living / SAMPLE);
    const taken: number[] = [];
    for (let slot = 0, seen = 0; slot < slots; slot++) if (counted(slot) && seen++ % step === 0) taken.push(values[slot]!);
    const sample = Float64Array.from(taken).sort();
    // Distinct bounds only: a value as common as a model year is a band of its own.
    const bounds: number[] = [];
    for (let k = 1; k < BANDS; k++) {
      const bound = sample[Math.floor((k * sample.length) / BANDS)];
      if (bound !== undefined && bound > (bounds.at(-1) ?? -Infinity) && bound > sample[0]!) bounds.push(bound);
    }
    this.bounds = Float64Array.from(bounds);
    this.atLeast = bounds.map(() => bitWords(this.capacity));
    this.band.fill(0);
    // Each slot's bit in its own band's set first, then every set takes in the sets above it.
    for (let slot = 0; slot < slots; slot++) {
      if (!bitOf(alive, slot)) continue;
      const band = this.bandOf(values[slot]!);
      this.band[slot] = band;
      if (band > 0) setBit(this.atLeast[band - 1]!, slot);
    }
    for (let k = this.atLeast.length - 1; k > 0; k--) {
      const above = this.atLeast[k]!;
      const here = this.atLeast[k - 1]!;
      for (let w = 0; w < here.length; w++) here[w]! |= above[w]!;
    }
  }

  /**
   * Keeps in `passes`, over words `from` to `to` (inclusive), the cars whose value may be at least
   * `min`: those of the bands above the minimum's, which are, and those of its own band, which are
   * also marked in `unsure`, to be compared one by one (unless the minimum is the band's lower
   * bound, as a model year often is: then the whole band is). A word with no car passing any more
   * is skipped: after a box, most are.
   */
  keepAtLeast(passes: Int32Array, unsure: Int32Array, from: number, to: number, min: number): void {
    const band = this.bandOf(min);
    const inOrAbove = band === 0 ? null : this.atLeast[band - 1]!;
    const above = band === this.bounds.length ? null : this.atLeast[band]!;
    const whole = band > 0 && this.bounds[band - 1] === min;
    for (let w = from; w <= to; w++) {
      if (passes[w] === 0) continue;
      const inOrAboveBits = inOrAbove === null ? -1 : inOrAbove[w]!;
      passes[w]! &= inOrAboveBits;
      if (!whole) unsure[w]! |= inOrAboveBits & (above === null ? -1 : ~above[w]!);
    }
  }

  /**
   * As keepAtLeast, for the cars whose value may be at most `max`: those of the bands below the
   * maximum's, and of its own (whole when the values are whole numbers and the maximum is just
   * below the next band's lower bound).
   */
  keepAtMost(passes: Int32Array, unsure: Int32Array, from: number, to: number, max: number): void {
    const band = this.bandOf(max);
    const inOrAbove = band === 0 ? null : this.atLeast[band - 1]!;
    const above = band === this.bounds.length ? null : this.atLeast[band]!;
    const whole = this.integers && band < this.bounds.length && max >= this.bounds[band]! - 1;
    for (let w = from; w <= to; w++) {
      if (passes[w] === 0) continue;
      const aboveBits = above === null ? 0 : above[w]!;
      passes[w]! &= ~aboveBits;
      if (!whole) unsure[w]! |= (inOrAbove === null ? -1 : inOrAbove[w]!) & ~aboveBits;
    }
  }
}
