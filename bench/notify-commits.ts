/**
 * `npx tsx bench/notify-commits.ts`: how PostgreSQL's NOTIFY shapes the commits of concurrent
 * writes (issue 35), on an embedded PostgreSQL of its own. Each of CONNECTIONS clients writes one
 * row per transaction, over and over, for SECONDS per way:
 *
 * - `no notify`: the write alone; concurrent commits share their WAL flushes (group commit).
 * - `notify in the transaction`: the write and a pg_notify in one transaction. At commit PostgreSQL
 *   takes one lock per database for every notifying transaction and holds it through the commit's
 *   WAL flush, so these commits flush one after another.
 * - `notify after commit`: the write commits, then the notify goes in a statement of its own, a
 *   transaction of its own that takes the same lock.
 * - `notify after commit, asynchronous`: the same with `synchronous_commit` off for that statement
 *   alone (what publishLive in modules/notifications/notify.ts sends): the lock is not held across a flush.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.ts';
import { createPool } from '../apps/server/src/db/pool.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const SECONDS = Number(process.env.SECONDS ?? 3);

const ways: Record<string, string[]> = {
  'no notify': ['begin', 'insert into t (v) values (1)', 'commit'],
  'notify in the transaction': ['begin', 'insert into t (v) values (1)', `select pg_notify('bench', 'x')`, 'commit'],
  'notify after commit': ['begin', 'insert into t (v) values (1)', 'commit', `select pg_notify('bench', 'x')`],
  'notify after commit, asynchronous': [
    'begin',
    'insert into t (v) values (1)',
    'commit',
    `select set_config('synchronous_commit', 'off', true), pg_notify('bench', 'x')`,
  ],
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notify-commits-'));
const db = await startEmbeddedPostgres(path.join(dir, 'db'), () => {});
const pool = createPool(db.url, CONNECTIONS + 1);
try {
  await pool.query('create table t (id bigint generated always as identity primary key, v int)');
  const listener = await pool.connect();
  await listener.query('listen bench');
  let heard = 0;
  listener.on('notification', () => heard++);
  console.log(`${CONNECTIONS} connections, ${SECONDS} s each, ${os.cpus().length} CPUs`);
  console.log('| way | writes/s | p50 ms | p99 ms | notifications heard |\n|---|---|---|---|---|');
  for (const [name, statements] of Object.entries(ways)) {
    heard = 0;
    const times: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        const client = await pool.connect();
        try {
          while (performance.now() < until) {
            const start = performance.now();
            for (const sql of statements) await client.query(sql);
            times.push(performance.now() - start);
          }
        } finally {
          client.release();
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.ceil(p * times.length) - 1]!.toFixed(1);
    console.log(`| ${name} | ${Math.round(times.length / SECONDS)} | ${at(0.5)} | ${at(0.99)} | ${heard} |`);
  }
  listener.release();
} finally {
  await pool.end();
  await db.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
