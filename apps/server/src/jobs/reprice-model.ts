import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import { repriceModel } from '../modules/pricing/service.ts';

export const REPRICE_MODEL = 'reprice_model';

/** The job a car write enqueues (afterCarWrite, modules/catalog/car-written.ts): prices one make and model again. */
export const repriceModelTask =
  (pool: Pool): Task =>
  async (payload) => {
    const { makeId, model } = payload as { makeId: string; model: string };
    await repriceModel(pool, makeId, model);
  };
