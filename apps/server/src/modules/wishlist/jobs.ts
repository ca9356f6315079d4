import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import { tellWishlisters } from './alerts.ts';

export const WISHLIST_ALERTS = 'wishlist_alerts';

/** The job the price_changes and products triggers of migration 0015 enqueue: tells a car's wishlisters what changed. */
export const wishlistAlertsTask =
  (pool: Pool): Task =>
  async (payload) => {
    const { productId } = payload as { productId: string };
    await tellWishlisters(pool, productId);
  };
