import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import { checkListing } from './service.ts';

export const CHECK_LISTING = 'check_listing';

/** The job the triggers of migration 0017 enqueue: runs the listing checks of one car. */
export const checkListingTask =
  (pool: Pool): Task =>
  async (payload) => {
    const { productId } = payload as { productId: string };
    await checkListing(pool, productId);
  };
