/**
 * The catalog's busiest reads (the home page's advertised grid, the first pages of each category)
 * are the same for everyone who may see them, so their checked JSON is kept for a moment instead
 * of being queried and serialised for every visitor. The writes that change what they show drop
 * what they change (their routes call `forget()`, or `clear()` for a change that shows everywhere),
 * so people see their own changes immediately; a write through another app process shows here
 * within `ttlMs`.
 */
export const CATALOG_READ_TTL_MS = 1000;

interface Entry<T> {
  value: Promise<T>;
  loadedAt: number;
}

/** T: what is sent, the serialised JSON as bytes (app.ts), so no request encodes it again. */
export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Lookups answered from memory (a load already under way for the key counts: it was not started again), and lookups that started a load; /metrics reads both. */
  hits = 0;
  misses = 0;

  constructor(
    private readonly ttlMs = CATALOG_READ_TTL_MS,
    /** Keys come from request addresses (a category and a cursor), so their number is bounded. */
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value under `key`, loading it (once, for everyone asking meanwhile) when missing or older than the time to live. */
  get(key: string, load: () => Promise<T>): Promise<T> {
    // Off (CATALOG_CACHE_SECONDS=0): nothing is kept, so nothing that could never be served fills the map.
    if (this.ttlMs === 0) {
      this.misses++;
      return load();
    }
    const found = this.entries.get(key);
    if (found && this.now() - found.loadedAt < this.ttlMs) {
      this.hits++;
      return found.value;
    }
    this.misses++;
    if (found) this.entries.delete(key);
    this.forgetExpired();
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const entry = { value: load(), loadedAt: this.now() };
    this.entries.set(key, entry);
    // A failed load (a 404, the database restarting) is not kept: the next request tries again.
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  /**
   * Drops the entries past their time to live. The map keeps entries in the order they were loaded
   * (a reloaded key goes to the end), so the expired ones are at its front. Left until the map was
   * full, up to a thousand expired answers (12 MB of category pages) were kept that no one would read.
   */
  private forgetExpired() {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (now - entry.loadedAt < this.ttlMs) return;
      this.entries.delete(key);
    }
  }

  /** Entries held, fresh or not (for tests: what a request did to the cache). */
  get size() {
    return this.entries.size;
  }

  /** A load already under way when this is called only answers the requests that were waiting for it. */
  clear() {
    this.entries.clear();
  }

  /** Drops the entries whose key passes `test`, as clear() drops them all. */
  forget(test: (key: string) => boolean) {
    for (const key of this.entries.keys()) if (test(key)) this.entries.delete(key);
  }
}
