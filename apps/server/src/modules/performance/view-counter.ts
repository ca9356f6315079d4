/** One distinct visitor's view of a car on a UTC day, as the counter holds it until written. */
export interface CarView {
  productId: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  /** Who, already hashed (visitor.ts): never an address or an account id. */
  visitor: string;
}

export interface ViewCounterOptions {
  /** Writes one batch; the counter never calls it twice at once. */
  write: (views: CarView[]) => Promise<void>;
  /** Views held before a batch is written without waiting for the timer. */
  maxPending?: number;
  /** Calls `flush` every so often; returns how to stop. Default every 5 s (tests pass a trigger of their own). */
  every?: (flush: () => void) => () => void;
  /** Where a failed batch is told (its views are kept for the next one). */
  onError?: (err: unknown) => void;
}

const keyOf = (view: CarView) => `${view.productId} ${view.day} ${view.visitor}`;

export const FLUSH_EVERY_MS = 5000;
export const MAX_PENDING = 1000;

const timer = (ms: number) => (flush: () => void) => {
  const handle = setInterval(flush, ms);
  // The counter never keeps a process alive: its close hook writes what is left.
  handle.unref();
  return () => clearInterval(handle);
};

/**
 * The car page's views, counted in memory and written in batches (decision 045), so that serving a
 * car page adds no database write: `record` only adds to a set. The same visitor's view of a car
 * twice in a day is one entry here, and one row in the table (its key), whichever process counted it.
 */
export class ViewCounter {
  private pending = new Map<string, CarView>();
  private writing: Promise<void> = Promise.resolve();
  private readonly stop: () => void;
  private readonly maxPending: number;

  constructor(private readonly options: ViewCounterOptions) {
    this.maxPending = options.maxPending ?? MAX_PENDING;
    this.stop = (options.every ?? timer(FLUSH_EVERY_MS))(() => void this.flush());
  }

  /** Counts a view in memory; a full batch is written in the background. */
  record(view: CarView): void {
    this.pending.set(keyOf(view), view);
    if (this.pending.size >= this.maxPending) void this.flush();
  }

  /** Views counted and not yet written. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * Writes what is pending, after any batch already being written. Resolves once the views counted
   * before the call are in the table (or kept for the next try, told to `onError`).
   */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (!this.pending.size) return;
      const batch = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.options.write(batch);
      } catch (err) {
        // Kept for the next batch: the table's key makes a view written twice one row.
        for (const view of batch) this.pending.set(keyOf(view), view);
        this.options.onError?.(err);
      }
    });
    return this.writing;
  }

  /** Stops the timer and writes what is left (the app's close hook). */
  async close(): Promise<void> {
    this.stop();
    await this.flush();
  }
}
