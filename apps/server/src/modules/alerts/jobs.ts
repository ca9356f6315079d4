import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import type { LiveCarIndex } from '../search/live-index.ts';
import { sendAlertDigests } from './digest.ts';
import { matchAfterWrite } from './matching.ts';
import { MATCH_SAVED_SEARCHES } from '../cars/car-written.ts';

export { MATCH_SAVED_SEARCHES };

/** The job a car write enqueues (afterCarWrite, modules/cars/car-written.ts): runs the saved searches over the cars now on the market. */
export const matchSavedSearchesTask =
  (pool: Pool, cars: LiveCarIndex): Task =>
  async (payload) => {
    await matchAfterWrite(pool, cars, (payload as { txid: string }).txid);
  };

export const SEND_ALERT_DIGESTS = 'send_alert_digests';

/** Every hour at minute 0 (graphile-worker's crontab runs it once across processes): the digests due. */
export const ALERT_DIGESTS_CRONTAB = `0 * * * * ${SEND_ALERT_DIGESTS}`;

export const sendAlertDigestsTask =
  (pool: Pool): Task =>
  async () => {
    await sendAlertDigests(pool);
  };
