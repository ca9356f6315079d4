import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import { tellWishlisters } from './alerts.ts';
import { WISHLIST_ALERTS } from '../cars/car-written.ts';

export { WISHLIST_ALERTS };

/** The job a car write enqueues (afterCarWrite, modules/cars/car-written.ts): tells a car's wishlisters what changed. */
export const wishlistAlertsTask =
  (pool: Pool): Task =>
  async (payload) => {
    const { productId } = payload as { productId: string };
    await tellWishlisters(pool, productId);
  };
