import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import { matchAfterWrite } from '../modules/alerts/matching.ts';
import type { LiveCarIndex } from '../modules/search/live-index.ts';

export const MATCH_SAVED_SEARCHES = 'match_saved_searches';

/** The job a car write enqueues (afterCarWrite, modules/catalog/car-written.ts): runs the saved searches over the cars now on the market. */
export const matchSavedSearchesTask =
  (pool: Pool, cars: LiveCarIndex): Task =>
  async (payload) => {
    await matchAfterWrite(pool, cars, (payload as { txid: string }).txid);
  };
