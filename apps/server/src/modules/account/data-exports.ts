import type { Pool, PoolClient } from 'pg';
import type { Task } from 'graphile-worker';
import type { DataExport } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import type { Limit, RateLimits } from '../../auth/rate-limits.ts';
import { inTransaction } from '../../db/pool.ts';
import { AppError } from '../../errors.ts';
import { withinLimit } from '../../http/allowance.ts';
import { writeAccountEmail } from '../notifications/account-email.ts';
import { accountData } from './data-file.ts';

export const PREPARE_DATA_EXPORT = 'prepare_data_export';
export const FORGET_DATA_EXPORTS = 'forget_data_exports';
/** Every hour, the files past their date lose their contents. */
export const FORGET_DATA_EXPORTS_CRONTAB = `17 * * * * ${FORGET_DATA_EXPORTS}`;

/** How long a prepared file can be downloaded. */
export const EXPORT_HOURS = 48;
/** Files asked for per person: each one reads everything about them. */
export const EXPORTS_PER_DAY: Limit = { max: 3, minutes: 24 * 60 };
/** The files the Settings page lists. */
const LISTED = 5;

/** Where a file is downloaded: the owner's session is asked for as well. */
export const exportFileUrl = (id: string) => `/api/account/exports/${id}/file`;

interface ExportRow {
  id: string;
  state: DataExport['state'];
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
}

const COLUMNS = 'id, state, requested_at, ready_at, expires_at';

const toExport = (r: ExportRow): DataExport => ({
  id: r.id,
  state: r.state,
  requestedAt: r.requested_at.toISOString(),
  readyAt: r.ready_at?.toISOString() ?? null,
  expiresAt: r.expires_at?.toISOString() ?? null,
  downloadUrl: r.state === 'ready' ? exportFileUrl(r.id) : null,
});

/**
 * "Download my data": a file prepared by a job (it reads every table about the person), listed on
 * the Settings page and, at a confirmed address, announced by email. One is prepared at a time: a
 * second request while one is under way answers that one, and is not counted.
 */
export async function requestDataExport(pool: Pool, limits: RateLimits, actor: Actor): Promise<DataExport> {
  // Asked first outside the limit: a file under way is answered even to a person at their day's limit.
  const underWay = await fileUnderWay(pool, actor.id);
  if (underWay) return toExport(underWay);
  const { file } = await withinLimit(
    limits,
    `data-export:${actor.id}`,
    EXPORTS_PER_DAY,
    (wait) => `You asked for your data ${EXPORTS_PER_DAY.max} times today. Try again in ${wait}.`,
    () =>
      inTransaction(pool, async (client) => {
        // The person's row is the lock two simultaneous requests meet on: the second finds the first's file.
        await client.query('select 1 from users where id = $1 for update', [actor.id]);
        const found = await fileUnderWay(client, actor.id);
        if (found) return { file: found, created: false };
        const { rows } = await client.query<ExportRow>(`insert into data_exports (user_id) values ($1) returning ${COLUMNS}`, [actor.id]);
        await client.query(`select graphile_worker.add_job($1, json_build_object('id', $2::text), job_key := 'data-export:' || $2)`, [PREPARE_DATA_EXPORT, rows[0]!.id]);
        return { file: rows[0]!, created: true };
      }),
    ({ created }) => created,
  );
  return toExport(file);
}

/** The person's file being prepared, if there is one (at most one is). */
async function fileUnderWay(db: Pick<Pool, 'query'>, userId: string): Promise<ExportRow | undefined> {
  return (await db.query<ExportRow>(`select ${COLUMNS} from data_exports where user_id = $1 and state = 'preparing'`, [userId])).rows[0];
}

export async function listDataExports(pool: Pool, actor: Actor): Promise<DataExport[]> {
  const { rows } = await pool.query<ExportRow>(`select ${COLUMNS} from data_exports where user_id = $1 order by requested_at desc limit ${LISTED}`, [actor.id]);
  return rows.map(toExport);
}

/** The file itself, to its owner only (anyone else's id is "no such file"). */
export async function dataExportFile(pool: Pool, actor: Actor, id: string): Promise<{ body: string; readyAt: Date }> {
  const { rows } = await pool.query<{ state: DataExport['state']; body: string | null; ready_at: Date | null }>(
    'select state, body, ready_at from data_exports where id = $1 and user_id = $2',
    [id, actor.id],
  );
  const file = rows[0];
  if (!file) throw new AppError('NOT_FOUND', 'You have no such file. Ask for your data again under Settings.');
  if (file.state === 'preparing') throw new AppError('CONFLICT', 'This file is still being prepared. Try again in a moment.');
  if (file.state === 'expired' || !file.body) throw new AppError('NOT_FOUND', `This file expired ${EXPORT_HOURS} hours after it was ready. Ask for your data again under Settings.`);
  return { body: file.body, readyAt: file.ready_at! };
}

/** The job: writes the file, and tells a confirmed address it is ready, in one transaction. */
export function prepareDataExportTask(pool: Pool, publicUrl: string): Task {
  return async (payload) => {
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') throw new Error(`${PREPARE_DATA_EXPORT}: the job names no file`);
    await inTransaction(pool, async (client) => {
      const { rows } = await client.query<{ user_id: string; name: string; confirmed: boolean }>(
        `select x.user_id, u.name, u.email_verified as confirmed from data_exports x join users u on u.id = x.user_id
          where x.id = $1 and x.state = 'preparing' for update of x`,
        [id],
      );
      const file = rows[0];
      // Done already (a job run twice), or the account was deleted with its files.
      if (!file) return;
      const body = JSON.stringify(await accountData(client, file.user_id, publicUrl), null, 2);
      await client.query(
        `update data_exports set state = 'ready', body = $2, ready_at = now(), expires_at = now() + make_interval(hours => $3) where id = $1`,
        [id, body, EXPORT_HOURS],
      );
      if (file.confirmed) await tellReady(client, file.user_id, file.name, publicUrl);
    });
  };
}

async function tellReady(client: PoolClient, userId: string, name: string, publicUrl: string) {
  await writeAccountEmail(client, {
    userId,
    subject: 'Your Second Gear data is ready',
    body: [
      `Hello ${name},`,
      '',
      `The file of your data you asked for is ready. Download it from Settings within ${EXPORT_HOURS} hours (you will be asked to sign in):`,
      `${publicUrl}/dashboard/settings#your-data`,
      '',
      'If you did not ask for it, change your password: someone signed in to your account did.',
    ].join('\n'),
  });
}

/** The hourly job: the files past their date keep their row (the list says "expired") but not their contents. */
export function forgetDataExportsTask(pool: Pool): Task {
  return async () => {
    await pool.query(`update data_exports set state = 'expired', body = null where state = 'ready' and expires_at <= now()`);
  };
}
