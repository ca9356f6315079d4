import nodemailer from 'nodemailer';
import type { Pool } from 'pg';
import type { LogLevel } from 'graphile-worker';
import type { Config } from '../config.ts';
import type { DevMailbox } from '../mail/dev-mailbox.ts';
import { ALERT_DIGESTS_CRONTAB, MATCH_SAVED_SEARCHES, matchSavedSearchesTask, SEND_ALERT_DIGESTS, sendAlertDigestsTask } from '../modules/alerts/jobs.ts';
import { CHECK_LISTING, checkListingTask } from '../modules/listing-checks/jobs.ts';
import {
  FORGET_DATA_EXPORTS,
  FORGET_DATA_EXPORTS_CRONTAB,
  forgetDataExportsTask,
  PREPARE_DATA_EXPORT,
  prepareDataExportTask,
} from '../modules/account/data-exports.ts';
import { FORGET_PICTURES, forgetPicturesTask } from '../modules/account/leaving-pictures.ts';
import {
  DELIVER_EMAIL,
  deliverEmail,
  REQUEUE_EMAIL_DELIVERIES,
  REQUEUE_EMAIL_DELIVERIES_CRONTAB,
  requeueEmailDeliveriesTask,
} from '../modules/notifications/deliver-email.ts';
import { REPRICE_MODEL, repriceModelTask } from '../modules/pricing/jobs.ts';
import { PLACE_LISTED_CARS, placeListedCarsTask } from '../modules/places/jobs.ts';
import { REFRESH_PRICE_DROPS, REFRESH_PRICE_DROPS_CRONTAB, refreshPriceDropsTask } from '../modules/cars/price-drops.ts';
import { LiveCarIndex } from '../modules/search/live-index.ts';
import { WISHLIST_ALERTS, wishlistAlertsTask } from '../modules/wishlist/jobs.ts';
import { SETTLE_MONEY, SETTLE_MONEY_CRONTAB, settleMoneyTask } from '../modules/money/jobs.ts';
import { REMIND_REVIEWS, REMIND_REVIEWS_CRONTAB, remindReviewsTask } from '../modules/reviews/jobs.ts';
import { PRUNE_CAR_VIEWS, PRUNE_CAR_VIEWS_CRONTAB, pruneCarViewsTask } from '../modules/performance/jobs.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { ImageStorage } from '../images/storage.ts';
import { jobLogger } from '../db/job-logger.ts';
import { superviseRunner } from './supervise.ts';

export interface JobRunnerOptions {
  pool: Pool;
  config: Pick<Config, 'publicUrl' | 'mail'>;
  /** The app's auth secret (signs the unsubscribe links). */
  secret: string;
  /** The serving process's copy of the cars on the market, which the saved searches run over; a runner on its own keeps one. */
  liveCars?: LiveCarIndex;
  /** Jobs run at once in this process; emails are few and small. */
  concurrency?: number;
  /** How often to look for jobs due later (a retry); new jobs are heard at once (LISTEN). */
  pollIntervalMs?: number;
  log?: (level: LogLevel, message: string) => void;
  /** Held payments: their automatic release and the refunds and transfers decided (modules/money/jobs.ts). A runner without it leaves them to one with it. */
  money?: { provider: PaymentProvider; feePercent: number };
  /** Where pictures live: the files of a deleted account's pictures are deleted by a job (account/leaving-pictures.ts). A runner without it leaves them to one with it. */
  images?: ImageStorage;
}

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * The background jobs of this process (graphile-worker on the app's PostgreSQL): the email
 * deliveries of the outbox, pricing a model’s cars again after a change, and the saved searches'
 * alerts (matching new cars; the hourly digests, from the crontab). Every app process may
 * run one; the database shares the jobs out. With no SMTP_URL on a server only its own machine
 * reaches, it first starts the development mailbox and sends there; anywhere else without one it
 * sends nothing (each email is marked not sent, see deliverEmail). A worker lost to a database outage
 * is made up for by a new runner (superviseRunner).
 */
export async function startJobRunner({ pool, config, secret, liveCars = new LiveCarIndex(pool), concurrency = 2, pollIntervalMs = 2000, log, money, images }: JobRunnerOptions): Promise<JobRunner> {
  const where = config.mail.transport;
  // Loaded only here: production never runs the mailbox, and its SMTP server and parser stay out of it.
  const mailbox: DevMailbox | undefined = where === 'dev-mailbox' ? await (await import('../mail/dev-mailbox.ts')).startDevMailbox(pool) : undefined;
  const transport = where === 'off' ? null : nodemailer.createTransport(where === 'dev-mailbox' ? mailbox!.smtpUrl : where.smtpUrl);
  try {
    const runner = await superviseRunner({
      pgPool: pool,
      concurrency,
      pollInterval: pollIntervalMs,
      noHandleSignals: true,
      logger: jobLogger(log),
      taskList: {
        [DELIVER_EMAIL]: deliverEmail(pool, transport, { publicUrl: config.publicUrl, from: config.mail.from, secret }),
        [REQUEUE_EMAIL_DELIVERIES]: requeueEmailDeliveriesTask(pool),
        [REPRICE_MODEL]: repriceModelTask(pool),
        [WISHLIST_ALERTS]: wishlistAlertsTask(pool),
        [MATCH_SAVED_SEARCHES]: matchSavedSearchesTask(pool, liveCars),
        [SEND_ALERT_DIGESTS]: sendAlertDigestsTask(pool),
        [CHECK_LISTING]: checkListingTask(pool),
        [PREPARE_DATA_EXPORT]: prepareDataExportTask(pool, config.publicUrl),
        [FORGET_DATA_EXPORTS]: forgetDataExportsTask(pool),
        [REFRESH_PRICE_DROPS]: refreshPriceDropsTask(pool),
        [PLACE_LISTED_CARS]: placeListedCarsTask(pool),
        [REMIND_REVIEWS]: remindReviewsTask(pool),
        [PRUNE_CAR_VIEWS]: pruneCarViewsTask(pool),
        ...(images && { [FORGET_PICTURES]: forgetPicturesTask(images) }),
        ...(money && {
          [SETTLE_MONEY]: settleMoneyTask(
            { pool, provider: money.provider, log: { warn: (obj, message) => log?.('warning' as LogLevel, `${message} ${JSON.stringify(obj)}`) } },
            { provider: money.provider.name, feePercent: money.feePercent },
          ),
        }),
      },
      crontab: [ALERT_DIGESTS_CRONTAB, FORGET_DATA_EXPORTS_CRONTAB, REFRESH_PRICE_DROPS_CRONTAB, REQUEUE_EMAIL_DELIVERIES_CRONTAB, REMIND_REVIEWS_CRONTAB, PRUNE_CAR_VIEWS_CRONTAB, ...(money ? [SETTLE_MONEY_CRONTAB] : [])].join('\n'),
    });
    return {
      async stop() {
        await runner.stop();
        transport?.close();
        await mailbox?.close();
      },
    };
  } catch (err) {
    transport?.close();
    await mailbox?.close();
    throw err;
  }
}
