import type { Pool } from 'pg';
import type { Task } from 'graphile-worker';
import { sendAlertDigests } from '../modules/alerts/digest.ts';

export const SEND_ALERT_DIGESTS = 'send_alert_digests';

/** Every hour at minute 0 (graphile-worker's crontab runs it once across processes): the digests due. */
export const ALERT_DIGESTS_CRONTAB = `0 * * * * ${SEND_ALERT_DIGESTS}`;

export const sendAlertDigestsTask =
  (pool: Pool): Task =>
  async () => {
    await sendAlertDigests(pool);
  };
