import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import { repriceModel } from './service.ts';
import { REPRICE_MODEL } from '../cars/car-written.ts';

export { REPRICE_MODEL };

/** The job a car write enqueues (afterCarWrite, modules/cars/car-written.ts): prices one make and model again. */
export const repriceModelTask =
  (pool: Pool): Task =>
  async (payload) => {
    const { makeId, model } = payload as { makeId: string; model: string };
    await repriceModel(pool, makeId, model);
  };
