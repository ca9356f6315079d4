import type { Task } from 'graphile-worker';
import type { Pool } from 'pg';
import { pruneViews } from './views.ts';

export const PRUNE_CAR_VIEWS = 'prune_car_views';
/**
 * Every hour (decision 045): a day's salt is gone within the hour after the day ends, and views past
 * KEPT_DAYS with it. A batch written in that hour for the day just over makes that day's salt again,
 * and the next run deletes it.
 */
export const PRUNE_CAR_VIEWS_CRONTAB = `41 * * * * ${PRUNE_CAR_VIEWS}`;

export const pruneCarViewsTask =
  (pool: Pool): Task =>
  async () => {
    await pruneViews(pool, new Date());
  };
