import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool } from '../db/pool.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/until.ts';
import { jobLogger } from '../db/job-logger.ts';
import { isConnectionLoss, superviseRunner, waitingThroughOutages, type SupervisedRunner } from './supervise.ts';

/**
 * The database goes away for the job runner alone: the runner connects as a login role of its own,
 * which the test refuses (nologin) and cuts off (pg_terminate_backend) in the middle of jobs, while
 * its own connections (a superuser's) go on working.
 */
const role = `job_runner_${randomBytes(4).toString('hex')}`;
let t: TestApp;
let runnerPool: pg.Pool;
let runner: SupervisedRunner | undefined;
/** The names of the jobs run (started), once per run. */
let runs: string[] = [];
/** What the runner logged. */
let lines: string[] = [];
/** Holds the jobs run until the test lets them end. */
let letJobsEnd: () => void;
let jobsMayEnd: Promise<void>;

beforeAll(async () => {
  t = await createTestApp();
  // graphile-worker's tables keep everyone but their owner out (row-level security).
  await t.pool.query(`create role ${role} login bypassrls password 'runner'`);
  await t.pool.query(`grant usage on schema graphile_worker to ${role}; grant all on all tables in schema graphile_worker to ${role}; grant all on all sequences in schema graphile_worker to ${role}`);
  const url = new URL(t.databaseUrl);
  url.username = role;
  url.password = 'runner';
  runnerPool = createPool(url.toString(), 10);
});

afterEach(async () => {
  letJobsEnd();
  await runner?.stop();
  runner = undefined;
  await allowBack();
});

afterAll(async () => {
  await runnerPool?.end();
  await t?.close();
  // A role belongs to the whole server, not to the test's database (dropped above).
  const admin = createPool(inject('pgUrl'), 1);
  await admin.query(`drop role if exists ${role}`);
  await admin.end();
});

async function startRunner() {
  runs = [];
  lines = [];
  jobsMayEnd = new Promise((resolve) => (letJobsEnd = resolve));
  runner = await superviseRunner(
    {
      pgPool: runnerPool,
      concurrency: 2,
      pollInterval: 100,
      noHandleSignals: true,
      logger: jobLogger((level, message) => lines.push(`${level}: ${message}`)),
      taskList: {
        async record(payload) {
          runs.push((payload as { name: string }).name);
          await jobsMayEnd;
        },
      },
    },
    { firstMs: 10, maxMs: 50 },
  );
}

const addJob = (name: string) => t.pool.query(`select graphile_worker.add_job('record', json_build_object('name', $1::text), job_key := $1)`, [name]);
const jobsLeft = async (names: string[]) => (await t.pool.query('select 1 from graphile_worker.jobs where key = any($1)', [names])).rowCount;
const timesRun = (name: string) => runs.filter((n) => n === name).length;
const logged = (pattern: RegExp) => lines.filter((line) => pattern.test(line)).length;

/** The runner's connections are cut and it cannot make new ones: the database is away, for it. */
async function cutOff() {
  await t.pool.query(`alter role ${role} nologin`);
  await t.pool.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [role]);
}
const allowBack = () => t.pool.query(`alter role ${role} login`);

/** Two jobs run, one on each worker; the database goes away and they end: neither end can be recorded, both workers are lost. */
async function loseBothWorkers(names: [string, string]) {
  await Promise.all(names.map(addJob));
  await until(() => names.every((name) => runs.includes(name)), 'each worker took a job');
  await cutOff();
  letJobsEnd();
  await until(() => logged(/^error: Failed to release job .* committing seppuku/) === 2, 'both workers were lost');
}

describe('superviseRunner', () => {
  it('replaces a runner whose workers were lost with their jobs once the database answers: the lost jobs run again, new ones run', async () => {
    await startRunner();
    await loseBothWorkers(['lost-1', 'lost-2']);
    await until(() => logged(/^warning: Replacing the job runner failed/) > 0, 'a replacement was refused while the database was away');
    await allowBack();
    await addJob('after');
    await until(async () => (await jobsLeft(['lost-1', 'lost-2', 'after'])) === 0, 'the lost jobs ran again and a new one ran');
    expect([timesRun('lost-1'), timesRun('lost-2'), timesRun('after')]).toEqual([2, 2, 1]);
    expect(logged(/^warning: A job worker was lost/)).toBe(1);
    expect(logged(/^info: Started a new job runner/)).toBe(1);
  });

  it('stops while the database is away, ending the replacement under way', async () => {
    await startRunner();
    await loseBothWorkers(['cut-short-1', 'cut-short-2']);
    await until(() => logged(/^warning: Replacing the job runner failed/) > 0, 'a replacement was refused while the database was away');
    await runner!.stop();
    runner = undefined;
    expect(logged(/^info: Started a new job runner/)).toBe(0);
  });
});

describe("the job schedule's pool", () => {
  const schedulePool = (stopped = () => false) =>
    waitingThroughOutages(runnerPool, {
      pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      pauses: { firstMs: 10, maxMs: 50 },
      stopped,
      logger: jobLogger((level, message) => lines.push(`${level}: ${message}`)),
    });

  it('waits through an outage and answers once the database is back, where a plain query fails', async () => {
    lines = [];
    await cutOff();
    await expect(runnerPool.query('select 1')).rejects.toSatisfy(isConnectionLoss);
    let answered = false;
    const asked = schedulePool()
      .query<{ n: number }>('select 41 + 1 as n')
      .then((result) => ((answered = true), result));
    await until(() => logged(/^warning: The job schedule could not reach the database/) >= 2, 'the query was tried again while the database was away');
    expect(answered).toBe(false);
    await allowBack();
    expect((await asked).rows).toEqual([{ n: 42 }]);
  });

  it('fails at once on a statement error, and gives up with an empty answer once the runner stops', async () => {
    lines = [];
    await expect(schedulePool().query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
    expect(logged(/could not reach/)).toBe(0);
    let stopped = false;
    await cutOff();
    const asked = schedulePool(() => stopped).query('select 1');
    await until(() => logged(/could not reach/) > 0, 'the query was tried again while the database was away');
    stopped = true;
    expect((await asked).rows).toEqual([]);
  });

  it('is the pool itself for everything but query', async () => {
    const pool = schedulePool();
    const client = await pool.connect();
    try {
      expect((await client.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
    } finally {
      client.release();
    }
    expect(pool.totalCount).toBe(runnerPool.totalCount);
  });
});
