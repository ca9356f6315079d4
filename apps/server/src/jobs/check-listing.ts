import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import { checkListing } from '../modules/listing-checks/service.ts';

export const CHECK_LISTING = 'check_listing';

/** The job a car write enqueues (afterCarWrite, modules/catalog/car-written.ts): runs the listing checks of one car. */
export const checkListingTask =
  (pool: Pool): Task =>
  async (payload) => {
    const { productId } = payload as { productId: string };
    await checkListing(pool, productId);
  };
