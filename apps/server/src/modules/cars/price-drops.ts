import type { Task } from 'graphile-worker';
import type { Pool } from 'pg';

export const REFRESH_PRICE_DROPS = 'refresh_price_drops';
/** Every hour: the cars whose price-drop window moved since their drop was written. */
export const REFRESH_PRICE_DROPS_CRONTAB = `23 * * * * ${REFRESH_PRICE_DROPS}`;

/**
 * Writes the price drop again of every car whose window's oldest change has left it (migration
 * 0032). Until then the lists work such a car's drop out as they read it (product.ts), so this
 * changes what they cost, never what they show.
 */
export function refreshPriceDropsTask(pool: Pool): Task {
  return async () => {
    await pool.query('select refresh_price_drops(array(select id from products where price_window_ends <= now()))');
  };
}
