import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import { matchSavedSearches } from '../modules/alerts/matching.ts';
import type { LiveCarIndex } from '../modules/search/live-index.ts';

export const MATCH_SAVED_SEARCHES = 'match_saved_searches';

/** The job the products trigger of migration 0016 enqueues: runs the saved searches over the cars now on the market. */
export const matchSavedSearchesTask =
  (pool: Pool, cars: LiveCarIndex): Task =>
  async () => {
    await matchSavedSearches(pool, cars);
  };
