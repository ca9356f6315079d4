import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import { repriceModel } from './service.ts';

export const REPRICE_MODEL = 'reprice_model';

/** The job the products trigger of migration 0014 enqueues: prices one make and model again. */
export const repriceModelTask =
  (pool: Pool): Task =>
  async (payload) => {
    const { makeId, model } = payload as { makeId: string; model: string };
    await repriceModel(pool, makeId, model);
  };
