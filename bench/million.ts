/**
 * The search at 1,000,000 cars (issue 35): one production server per data set (100,000 and
 * 1,000,000 cars, each seeded once into its own database), and for each: the time from listening to
 * the search's copy loaded, what a search does meanwhile, the resident memory with the copy loaded
 * and per car, and the p95 of both search lists (bench/searches.ts) at 16 connections; then the
 * ratios from 100,000 to 1,000,000 cars. `npm run bench` runs it after the other scenarios
 * (bench/run.ts); `npx tsx bench/million.ts` runs it alone, on an embedded PostgreSQL in
 * BENCH_MILLION_DIR (kept, so that its seeded databases are reused) or a temporary directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { freePort } from '../apps/server/src/free-port.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createPool } from '../apps/server/src/db/pool.ts';
import { withDatabase } from '../apps/server/test/database-url.ts';
import { ON_MARKET } from '../apps/server/src/modules/cars/market.ts';
import { DEPLOYED_NODE_FLAGS } from './deployed-flags.ts';
import { searchLists } from './searches.ts';
import { seedCars } from './seed.ts';
import { stopProcess } from './stop-process.ts';

const root = path.resolve(import.meta.dirname, '..');
/** The data sets, smallest first (BENCH_MILLION_SIZES while working on one; the ratios compare the first and the last). */
const SIZES = (process.env.BENCH_MILLION_SIZES ?? '100000,1000000').split(',').map(Number);
const CONNECTIONS = 16;
/** The targets (35): p95s at a million cars, the process's memory, the load, and the cost of 10× the cars. */
export const MILLION_TARGETS = { keywordP95Ms: 100, filtersP95Ms: 50, rssBytes: 2 ** 30, loadMs: 20_000, memoryRatio: 10, p95Ratio: 2, radiusP95Ms: 100 } as const;

/** The database of `cars` seeded cars; `placed`: seeded since cars have places (issue 48), so an older seeding is not reused. */
export const benchDatabase = (cars: number) => `bench_placed_${cars}`;

/**
 * The database `benchDatabase(cars)` with `cars` seeded cars: made once, and reused by a later run
 * on the same PostgreSQL (a table `bench_seeded` says the seeding finished).
 */
export async function seededDatabase(adminUrl: string, cars: number): Promise<string> {
  const database = benchDatabase(cars);
  const url = withDatabase(adminUrl, database);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select from pg_database where datname = $1', [database]);
    if (rowCount) {
      const probe = new pg.Client({ connectionString: url });
      await probe.connect();
      const { rows } = await probe.query<{ done: boolean }>(`select to_regclass('bench_seeded') is not null as done`);
      await probe.end();
      if (rows[0]!.done) return url;
      await admin.query(`drop database ${database}`);
    }
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const pool = createPool(url, 2);
  try {
    await migrate(pool);
    await seedCars(pool, cars, `seeding ${cars.toLocaleString('en-US')} cars`.padEnd(24), { priceModels: false });
    await priceSetBased(pool);
    await pool.query('create table bench_seeded (at timestamptz not null default now())');
    await pool.query('insert into bench_seeded default values');
    await pool.query('checkpoint');
  } finally {
    await pool.end();
  }
  return url;
}

/**
 * Every car on the market given a fair price and a rating in one statement: the mean price of the
 * cars of its make, model and year (4 or more), rated as dealRating rates. The pricing job's
 * comparison of every car with every other of its model (what bench/seed.ts runs) grows with the
 * square of a model's cars, hours at a million; the search only needs each car to have an estimate
 * and a rating or none, as its load reads them, and the search lists sort and filter by neither.
 */
async function priceSetBased(pool: pg.Pool): Promise<void> {
  await pool.query(`
    insert into price_estimates (product_id, comparables, estimate, low, high, rating)
    select id, n - 1, estimate, round(estimate * 0.9), round(estimate * 1.1),
           case when resale_price <= 0.85 * estimate then 'Great price' when resale_price <= 0.95 * estimate then 'Good price'
                when resale_price <= 1.05 * estimate then 'Fair price' when resale_price <= 1.15 * estimate then 'High price'
                else 'Overpriced' end
      from (select id, resale_price, count(*) over w as n, round(avg(resale_price) over w)::int as estimate
              from products p where ${ON_MARKET} and model is not null
            window w as (partition by category_id, lower(model), year_key)) priced
     where n >= 4`);
  await pool.query('delete from graphile_worker._private_jobs');
  await pool.query('vacuum analyze');
}

/** What one data set's server did. */
export interface ScaleFigures {
  cars: number;
  /** Cars in the copy (on the market), from the server's log line. */
  carsInCopy: number;
  /** From listening to the copy loaded, as the server logs it. */
  loadMs: number;
  /** Searches sent while the copy loaded: how long each took, and whether its answer was the one given after. */
  duringLoad: { sentAtMs: number; tookMs: number; sameAsAfter: boolean; status: number }[];
  /** Resident memory at listening, its peak during the load, and 3 s after the load (the copy loaded, no searches yet). */
  rssAtListen: number;
  rssPeakLoad: number;
  rssLoaded: number;
  /** The peak while both search lists ran. */
  rssPeakSearching: number;
  keyword: { p95: number; rps: number; non2xx: number; errors: number };
  filters: { p95: number; rps: number; non2xx: number; errors: number };
  /** A Distance from a Near with filters (issue 48). */
  radius: { p95: number; rps: number; non2xx: number; errors: number };
}

const rssOf = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.ceil(p * sorted.length) - 1]!;
}

/** A search's answer without what may differ between two asks of the same search (nothing should). */
const answerOf = async (res: Response) => (res.status === 200 ? JSON.stringify(await res.json()) : `status ${res.status}`);

/**
 * One production server (the compiled apps/server/dist/main.js, as bench/run.ts starts it) on the
 * database at `url`, measured from its start: the load of its copy, searches sent during the load,
 * its memory, and both search lists at 16 connections for `seconds` each after `warmup` seconds.
 */
async function measureServer(url: string, cars: number, opts: { seconds: number; warmup: number; track: (c: ChildProcess) => void }): Promise<ScaleFigures> {
  const pool = createPool(url, 1);
  const { rows: categories } = await pool.query<{ id: string; name: string }>('select id, name from categories order by name');
  await pool.end();
  const lists = searchLists(Object.fromEntries(categories.map((c) => [c.name, c.id])));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-million-app-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DEMO_DATA: 'off',
    PAYMENTS: 'test',
    ALLOW_TEST_PAYMENTS: 'on',
    // The default logging, as deployed (a line per request); the copy's line is one of them.
  };
  // BENCH_PROFILE: a directory for the server's CPU profile (node --cpu-prof), as in bench/run.ts.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  const child = spawn(process.execPath, [...DEPLOYED_NODE_FLAGS, ...profile, 'apps/server/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  opts.track(child);
  let tail = '';
  let loaded: { cars: number; ms: number } | undefined;
  let listenedAt: number | undefined;
  const lines = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8000);
    if (loaded) return;
    for (const line of chunk.toString().split('\n')) {
      if (line.includes('Server listening')) listenedAt ??= performance.now();
      const m = /"cars":(\d+),"ms":(\d+).*the search loaded its copy/.exec(line);
      if (m) loaded = { cars: Number(m[1]), ms: Number(m[2]) };
    }
  };
  child.stdout!.on('data', lines);
  child.stderr!.on('data', lines);
  try {
    const deadline = Date.now() + 60_000;
    while (!(await fetch(`${origin}/api/health`).then((r) => r.ok, () => false))) {
      if (child.exitCode !== null) throw new Error(`the server stopped during start:\n${tail}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer /api/health within 60 s:\n${tail}`);
      await sleep(10);
    }
    listenedAt ??= performance.now();
    const rssAtListen = rssOf(child.pid!);
    // A search sent at once and then every second until the copy is loaded, each answered when it is.
    const probe = lists.keyword[0]!;
    const probes: Promise<{ sentAtMs: number; tookMs: number; answer: string; status: number }>[] = [];
    let rssPeakLoad = rssAtListen;
    while (!loaded) {
      if (child.exitCode !== null) throw new Error(`the server stopped during the load:\n${tail}`);
      if (probes.length < 30 && performance.now() - listenedAt >= probes.length * 1000) {
        const sentAt = performance.now();
        probes.push(
          fetch(`${origin}${probe}`).then(
            async (res) => ({ sentAtMs: sentAt - listenedAt!, tookMs: performance.now() - sentAt, status: res.status, answer: await answerOf(res) }),
            // The server closes a connection silent for 60 s (http/timeouts.ts): a search that waited that long gets no answer.
            () => ({ sentAtMs: sentAt - listenedAt!, tookMs: performance.now() - sentAt, status: 0, answer: 'no answer' }),
          ),
        );
      }
      rssPeakLoad = Math.max(rssPeakLoad, rssOf(child.pid!));
      await sleep(100);
    }
    const during = await Promise.all(probes);
    await sleep(3000);
    const rssLoaded = rssOf(child.pid!);
    const after = await answerOf(await fetch(`${origin}${probe}`));
    let rssPeakSearching = rssLoaded;
    const sampler = setInterval(() => (rssPeakSearching = Math.max(rssPeakSearching, rssOf(child.pid!))), 100);
    const run = async (paths: string[]) => {
      await load(origin, paths, opts.warmup);
      return load(origin, paths, opts.seconds);
    };
    const keyword = await run(lists.keyword);
    const filters = await run(lists.filters);
    const radius = await run(lists.radius);
    clearInterval(sampler);
    return {
      cars,
      carsInCopy: loaded.cars,
      loadMs: loaded.ms,
      duringLoad: during.map(({ sentAtMs, tookMs, answer, status }) => ({ sentAtMs, tookMs, status, sameAsAfter: answer === after })),
      rssAtListen,
      rssPeakLoad,
      rssLoaded,
      rssPeakSearching,
      keyword,
      filters,
      radius,
    };
  } finally {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Searches drawn at random from `paths` at 16 connections for `seconds`: p95 of the 2xx answers' exact times. */
async function load(origin: string, paths: string[], seconds: number) {
  const pick = () => paths[Math.floor(Math.random() * paths.length)]!;
  const request: Request = { method: 'GET', path: paths[0]!, setupRequest: (req) => ({ ...req, path: pick() }) };
  const times: number[] = [];
  const run = autocannon({ url: origin, connections: CONNECTIONS, duration: seconds, requests: [request], timeout: 10 });
  run.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = await run;
  return { p95: percentile(times, 0.95), rps: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

/**
 * Both data sets, seeded once on the PostgreSQL at `adminUrl` (1,000,000 cars took 10 minutes here
 * to seed), each measured by its own server, one after the other; returns the figures and a report.
 */
export async function searchAtScale(adminUrl: string, opts: { seconds: number; warmup: number; track: (c: ChildProcess) => void }): Promise<{ figures: ScaleFigures[]; text: string }> {
  const figures: ScaleFigures[] = [];
  for (const cars of SIZES) figures.push(await measureServer(await seededDatabase(adminUrl, cars), cars, opts));
  return { figures, text: scaleReport(figures) };
}

const MB = 2 ** 20;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

export function scaleReport(figures: ScaleFigures[]): string {
  const t = MILLION_TARGETS;
  const head = ['cars', 'in the copy', 'load (≤ 20 s)', 'searches during the load', 'RSS at listen', 'RSS loaded (≤ 1 GB)', 'peak in load', 'peak searching', 'bytes a car', 'keyword p95 (< 100 ms)', 'filters p95 (< 50 ms)', 'radius with filters p95 (< 100 ms)', 'keyword/s', 'filters/s', 'radius/s', 'non-2xx', 'errors'];
  const rows = figures.map((f) => {
    const unanswered = f.duringLoad.filter((d) => d.status !== 200).length;
    const wrong = f.duringLoad.filter((d) => d.status === 200 && !d.sameAsAfter).length;
    const verdict = wrong ? `${wrong} WRONG` : unanswered ? `${unanswered} NOT ANSWERED, the rest exact` : 'all answers exact';
    const waited = f.duringLoad.length ? `${f.duringLoad.length} waited ${fmt(Math.min(...f.duringLoad.map((d) => d.tookMs)) / 1000, 1)}–${fmt(Math.max(...f.duringLoad.map((d) => d.tookMs)) / 1000, 1)} s, ${verdict}` : 'none sent';
    return [
      fmt(f.cars),
      fmt(f.carsInCopy),
      `${fmt(f.loadMs / 1000, 1)} s ${mark(f.loadMs <= t.loadMs)}`,
      waited,
      `${fmt(f.rssAtListen / MB)} MB`,
      `${fmt(f.rssLoaded / MB)} MB ${mark(f.rssLoaded <= t.rssBytes)}`,
      `${fmt(f.rssPeakLoad / MB)} MB`,
      `${fmt(f.rssPeakSearching / MB)} MB ${mark(f.rssPeakSearching <= t.rssBytes)}`,
      fmt((f.rssLoaded - f.rssAtListen) / f.carsInCopy),
      `${fmt(f.keyword.p95, 1)} ${f.cars >= 1_000_000 ? mark(f.keyword.p95 < t.keywordP95Ms) : ''}`,
      `${fmt(f.filters.p95, 1)} ${f.cars >= 1_000_000 ? mark(f.filters.p95 < t.filtersP95Ms) : ''}`,
      `${fmt(f.radius.p95, 1)} ${f.cars >= 1_000_000 ? mark(f.radius.p95 < t.radiusP95Ms) : ''}`,
      fmt(f.keyword.rps),
      fmt(f.filters.rps),
      fmt(f.radius.rps),
      fmt(f.keyword.non2xx + f.filters.non2xx + f.radius.non2xx),
      fmt(f.keyword.errors + f.filters.errors + f.radius.errors),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const table = [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
  const [small, large] = [figures[0]!, figures.at(-1)!];
  const grew = large.carsInCopy / small.carsInCopy;
  const memory = (large.rssLoaded - large.rssAtListen) / (small.rssLoaded - small.rssAtListen);
  const perCar = (large.rssLoaded - small.rssLoaded) / (large.carsInCopy - small.carsInCopy);
  const kw = large.keyword.p95 / small.keyword.p95;
  const fl = large.filters.p95 / small.filters.p95;
  return [
    `Search at ${fmt(large.cars)} cars (issue 35): one production server per data set, searches at ${CONNECTIONS} connections from bench/searches.ts's lists; "bytes a car" is (RSS loaded − RSS at listen) ÷ cars in the copy. Load average at the end ${os.loadavg().map((l) => fmt(l, 1)).join(' / ')} (1 / 5 / 15 min) on ${os.cpus().length} cores.`,
    '',
    table,
    '',
    `Memory a car on the market, from ${fmt(small.cars)} to ${fmt(large.cars)} cars: ${fmt(perCar)} bytes ((RSS loaded ${fmt(large.rssLoaded / MB)} − ${fmt(small.rssLoaded / MB)} MB) ÷ ${fmt(large.carsInCopy - small.carsInCopy)} cars): size a process at ${fmt(small.rssLoaded / MB - (small.carsInCopy * perCar) / MB)} MB + ${fmt(perCar)} bytes × cars on the market.`,
    `${fmt(grew, 1)}× the cars: the copy's memory ${fmt(memory, 1)}× (≤ linear, ${fmt(grew, 1)}×: ${mark(memory <= grew * 1.05)}), keyword p95 ${fmt(kw, 2)}× (≤ ${t.p95Ratio}: ${mark(kw <= t.p95Ratio)}), filters p95 ${fmt(fl, 2)}× (≤ ${t.p95Ratio}: ${mark(fl <= t.p95Ratio)}).`,
  ].join('\n');
}

async function standalone() {
  const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded-postgres.ts');
  const dir = process.env.BENCH_MILLION_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sg-million-'));
  fs.chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres(path.join(dir, 'db'), (m) => process.stderr.write(`[million] ${m}\n`));
  const children = new Set<ChildProcess>();
  try {
    const { figures, text } = await searchAtScale(db.url, {
      seconds: Number(process.env.BENCH_DURATION ?? 5),
      warmup: Number(process.env.BENCH_WARMUP ?? 2),
      track: (c) => children.add(c),
    });
    console.log(text);
    fs.writeFileSync(path.join(import.meta.dirname, 'results-million.json'), `${JSON.stringify({ at: new Date().toISOString(), figures }, null, 2)}\n`);
  } finally {
    for (const c of children) await stopProcess(c);
    await db.stop();
    if (!process.env.BENCH_MILLION_DIR) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function seedOnly() {
  const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded-postgres.ts');
  const dir = process.env.BENCH_MILLION_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sg-million-'));
  fs.chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres(path.join(dir, 'db'), (m) => process.stderr.write(`[million] ${m}\n`));
  try {
    for (const cars of [100_000, 1_000_000]) console.log(await seededDatabase(db.url, cars));
  } finally {
    await db.stop();
  }
}

// Run alone: `npx tsx bench/million.ts` (or `… seed` to only seed BENCH_MILLION_DIR's databases).
if (import.meta.filename === fs.realpathSync(process.argv[1] ?? '')) await (process.argv[2] === 'seed' ? seedOnly() : standalone());
