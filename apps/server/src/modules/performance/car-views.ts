import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import type { Actor } from '../../auth/actor.ts';
import { ViewCounter, type ViewCounterOptions } from './view-counter.ts';
import { viewOf, writeViews } from './views.ts';

/** The app's view counting: which requests are views (views.ts), held by a counter that writes them in batches. */
export class CarViews {
  constructor(
    readonly counter: ViewCounter,
    private readonly clock: () => Date,
  ) {}

  /** Counts the car page's answer to `req` if it is a view; no database call. */
  count(req: FastifyRequest, viewer: Actor | null, car: { productId: string; sellerId: string | undefined }): void {
    const view = viewOf(req, viewer, car, this.clock());
    if (view) this.counter.record(view);
  }

  /** Writes what is pending: before a seller's Performance is read, so the visits just made show. */
  flush(): Promise<void> {
    return this.counter.flush();
  }

  close(): Promise<void> {
    return this.counter.close();
  }
}

/** The app's counter: written to `pool` every few seconds or every full batch; a failed batch is logged and kept. */
export function countedViews(pool: Pool, log: FastifyBaseLogger, clock: () => Date = () => new Date(), every?: ViewCounterOptions['every']): CarViews {
  const counter = new ViewCounter({ write: (views) => writeViews(pool, views), every, onError: (err) => log.warn({ err }, 'car views not written; kept for the next batch') });
  return new CarViews(counter, clock);
}
