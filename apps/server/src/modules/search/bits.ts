/**
 * Sets of slots as bits in `Int32Array` words: slot s is bit `s & 31` of word `s >>> 5`. A filter
 * over a set of slots is then one operation per 32 cars where it can be, instead of one per car.
 */

/** Words for `capacity` slots (a multiple of 32). */
export const bitWords = (capacity: number): Int32Array => new Int32Array(capacity >>> 5);

export function setBit(bits: Int32Array, slot: number): void {
  bits[slot >>> 5]! |= 1 << (slot & 31);
}

export function clearBit(bits: Int32Array, slot: number): void {
  bits[slot >>> 5]! &= ~(1 << (slot & 31));
}

/** 1 when the slot's bit is set, else 0. */
export function bitOf(bits: Int32Array, slot: number): number {
  return (bits[slot >>> 5]! >>> (slot & 31)) & 1;
}

/** How many bits of the word are set. */
export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** The bits of word `w` that stand for slots in [from, to) (from < to, and word w holds one of them). */
export function maskOf(w: number, from: number, to: number): number {
  const low = Math.max(from - w * 32, 0);
  const high = Math.min(to - w * 32, 32);
  return (high === 32 ? -1 : (1 << high) - 1) & (-1 << low);
}

/** How many of the slots in [from, to) are set. */
export function countIn(bits: Int32Array, from: number, to: number): number {
  if (from >= to) return 0;
  let count = 0;
  const last = (to - 1) >>> 5;
  for (let w = from >>> 5; w <= last; w++) count += popcount(bits[w]! & maskOf(w, from, to));
  return count;
}

/** The slot of the lowest bit set in word `w` (its value `low`, a power of two). */
export const slotOfBit = (w: number, low: number): number => (w << 5) | (31 - Math.clz32(low));

/** The same set in new words for `capacity` slots, each slot moved to `moveTo[slot]` (-1: dropped). */
export function movedBits(bits: Int32Array, moveTo: Int32Array, capacity: number): Int32Array {
  const moved = bitWords(capacity);
  for (let slot = 0; slot < moveTo.length; slot++) if (moveTo[slot]! >= 0 && bitOf(bits, slot)) setBit(moved, moveTo[slot]!);
  return moved;
}

/** The same set in words for a larger capacity. */
export function grownBits(bits: Int32Array, capacity: number): Int32Array {
  const grown = bitWords(capacity);
  grown.set(bits);
  return grown;
}
