/**
 * The home page's advertised grid is the busiest public read and the same for everyone, so its JSON
 * is kept for a moment instead of being queried and serialised for every visitor. Any successful
 * write through this process drops it at once (app.ts), so people see their own changes
 * immediately; a write through another app process shows here within `ttlMs`.
 */
export const ADVERTISED_TTL_MS = 1000;

export class AdvertisedCache {
  private json: Promise<string> | null = null;
  private loadedAt = 0;

  constructor(
    private readonly load: () => Promise<string>,
    private readonly ttlMs = ADVERTISED_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<string> {
    if (!this.json || this.now() - this.loadedAt >= this.ttlMs) {
      const loading = this.load();
      this.json = loading;
      this.loadedAt = this.now();
      // A failed load is not kept: the next request tries again.
      loading.catch(() => {
        if (this.json === loading) this.json = null;
      });
    }
    return this.json;
  }

  /** A load already under way when this is called only answers the requests that were waiting for it. */
  clear() {
    this.json = null;
  }
}
