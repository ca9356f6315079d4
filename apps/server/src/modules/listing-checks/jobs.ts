import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import { checkListing } from './service.ts';
import { CHECK_LISTING } from '../cars/car-written.ts';

export { CHECK_LISTING };

/** The job a car write enqueues (afterCarWrite, modules/cars/car-written.ts): runs the listing checks of one car. */
export const checkListingTask =
  (pool: Pool): Task =>
  async (payload) => {
    const { productId } = payload as { productId: string };
    await checkListing(pool, productId);
  };
