/**
 * The ids (UUIDs, as PostgreSQL writes them: lower-case hex) of the copy's slots, kept as four
 * 32-bit words each in one typed array, and a table from id to slot (open addressing, linear
 * probing) in another: about 16 bytes a car for the ids and 8 to 16 for the table, where a string
 * per car and a Map from string to slot cost about 150 (decision 026). Two ids compare word by word
 * as their strings compare, so a page's order (the id breaks ties) is unchanged.
 */
export class CarIds {
  /** Per slot, its id's four words (big-endian: the string's hex digits 1–8, 9–16, 17–24, 25–32). */
  private words = new Uint32Array(0);
  /** Slot + 1 of the car whose id hashes here (or after, probing forward); 0 where empty. */
  private table = new Int32Array(1024);
  private count = 0;

  /** How many ids the table holds. */
  get size(): number {
    return this.count;
  }

  /** Makes room for slots below `capacity`. */
  grow(capacity: number): void {
    const words = new Uint32Array(capacity * 4);
    words.set(this.words);
    this.words = words;
  }

  /** The id's slot, if it is in the table. */
  slotOf(id: string): number | undefined {
    const w = CarIds.wordsOf(id);
    const mask = this.table.length - 1;
    for (let i = hash(w) & mask; ; i = (i + 1) & mask) {
      const entry = this.table[i]!;
      if (entry === 0) return undefined;
      if (this.equals(entry - 1, w)) return entry - 1;
    }
  }

  /** Moves each slot's id to the slot `moveTo` names for it (-1: the slot holds no id). */
  moveSlots(moveTo: Int32Array): void {
    const words = new Uint32Array(this.words.length);
    for (let slot = 0; slot < moveTo.length; slot++) {
      const to = moveTo[slot]!;
      if (to >= 0) for (let k = 0; k < 4; k++) words[to * 4 + k] = this.words[slot * 4 + k]!;
    }
    this.words = words;
    // An entry's place in the table follows its id's hash, which has not changed: only the slot it names does.
    for (let i = 0; i < this.table.length; i++) if (this.table[i] !== 0) this.table[i] = moveTo[this.table[i]! - 1]! + 1;
  }

  /** Records `id` at `slot` (not in the table yet). */
  add(id: string, slot: number): void {
    const w = CarIds.wordsOf(id);
    this.words.set(w, slot * 4);
    if (2 * (this.count + 1) > this.table.length) this.rehash(this.table.length * 2);
    this.insert(slot, hash(w));
    this.count++;
  }

  /** Takes `id`, held at `slot`, out of the table (its words stay until the slot is reused). */
  delete(id: string, slot: number): void {
    const mask = this.table.length - 1;
    let i = hash(CarIds.wordsOf(id)) & mask;
    while (this.table[i] !== slot + 1) i = (i + 1) & mask;
    // Backward shift: every entry after the hole that could sit in it moves into it, so no probe
    // stops early at the hole.
    for (let j = (i + 1) & mask; this.table[j] !== 0; j = (j + 1) & mask) {
      const home = this.homeOf(this.table[j]! - 1) & mask;
      // Whether `home` is cyclically outside (i, j]: then the entry at j may move back to i.
      if (i <= j ? home <= i || home > j : home <= i && home > j) {
        this.table[i] = this.table[j]!;
        i = j;
      }
    }
    this.table[i] = 0;
    this.count--;
  }

  /** The slot's id as a string. */
  idOf(slot: number): string {
    const w = this.words;
    const o = slot * 4;
    const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');
    return `${hex(w[o]!, 8)}-${hex(w[o + 1]! >>> 16, 4)}-${hex(w[o + 1]! & 0xffff, 4)}-${hex(w[o + 2]! >>> 16, 4)}-${hex(w[o + 2]! & 0xffff, 4)}${hex(w[o + 3]!, 8)}`;
  }

  /** Negative, zero or positive as slot a's id comes before, is, or comes after slot b's. */
  compare(a: number, b: number): number {
    const w = this.words;
    for (let k = 0; k < 4; k++) {
      const x = w[a * 4 + k]!;
      const y = w[b * 4 + k]!;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  /** As compare, against an id given as its words. */
  compareTo(a: number, id: Uint32Array): number {
    const w = this.words;
    for (let k = 0; k < 4; k++) {
      const x = w[a * 4 + k]!;
      const y = id[k]!;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  /** A UUID's four words; an id that is not one (never from PostgreSQL's uuid) is refused. */
  static wordsOf(id: string): Uint32Array {
    const w = new Uint32Array(4);
    if (id.length !== 36) throw new Error(`not a UUID: ${id}`);
    let digits = 0;
    let word = 0;
    for (let i = 0; i < 36; i++) {
      const c = id.charCodeAt(i);
      if (i === 8 || i === 13 || i === 18 || i === 23) {
        if (c !== 45) throw new Error(`not a UUID: ${id}`);
        continue;
      }
      // 0-9, then a-f (lower case only, as PostgreSQL writes them, so that equal ids are equal strings).
      const v = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
      if (v < 0) throw new Error(`not a lower-case UUID: ${id}`);
      word = word * 16 + v;
      if (++digits % 8 === 0) {
        w[digits / 8 - 1] = word;
        word = 0;
      }
    }
    return w;
  }

  private equals(slot: number, w: Uint32Array): boolean {
    const o = slot * 4;
    return this.words[o] === w[0] && this.words[o + 1] === w[1] && this.words[o + 2] === w[2] && this.words[o + 3] === w[3];
  }

  private homeOf(slot: number): number {
    return hash(this.words.subarray(slot * 4, slot * 4 + 4));
  }

  private insert(slot: number, h: number): void {
    const mask = this.table.length - 1;
    let i = h & mask;
    while (this.table[i] !== 0) i = (i + 1) & mask;
    this.table[i] = slot + 1;
  }

  private rehash(size: number): void {
    const old = this.table;
    this.table = new Int32Array(size);
    for (const entry of old) if (entry !== 0) this.insert(entry - 1, this.homeOf(entry - 1));
  }
}

/** A 32-bit mix of the four words (random UUIDs are random in most of them; others vary in the first or last). */
function hash(w: Uint32Array): number {
  let h = Math.imul(w[0]! ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ w[1]! ^ (h >>> 15), 0xc2b2ae35);
  h = Math.imul(h ^ w[2]! ^ (h >>> 13), 0x85ebca6b);
  h = Math.imul(h ^ w[3]! ^ (h >>> 16), 0xc2b2ae35);
  return (h ^ (h >>> 15)) >>> 0;
}
