import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import { tellWishlisters } from '../modules/wishlist/alerts.ts';

export const WISHLIST_ALERTS = 'wishlist_alerts';

/** The job a car write enqueues (afterCarWrite, modules/catalog/car-written.ts): tells a car's wishlisters what changed. */
export const wishlistAlertsTask =
  (pool: Pool): Task =>
  async (payload) => {
    const { productId } = payload as { productId: string };
    await tellWishlisters(pool, productId);
  };
