import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { isAlive } from '../src/db/process-lock.ts';
import { nextLoopbackAddress, rawRequest } from './raw-http.ts';

/**
 * The real `main.ts` in child processes, and plain HTTP calls to it, for the crash and scale-out
 * tests (launcher.test.ts does the same for the launcher itself).
 */
const root = path.resolve(import.meta.dirname, '../../..');

/** A temp directory PostgreSQL (run as the `postgres` user when we are root) can enter. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export interface AppProcess {
  child: ChildProcess;
  /** The app's origin (also its PUBLIC_URL). */
  url: string;
  output(): string;
  exited: Promise<number | null>;
  /** What the app is waiting for: its Node diagnostic report (SIGUSR2) and its database connections. */
  diagnose(): Promise<string>;
}

const running = new Set<AppProcess>();

/** Compiles the server into apps/server/dist as `npm run build` does (about a second). */
export function buildServer(): void {
  execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'ignore' });
}

/** Spawns the compiled `main.ts` on 127.0.0.1:`port`, its PUBLIC_URL its own origin. */
export function startApp(port: number, env: Record<string, string>): AppProcess {
  const url = `http://127.0.0.1:${port}`;
  const entry = ['--enable-source-maps', 'apps/server/dist/main.js'];
  // SIGUSR2 makes Node write a diagnostic report there (its stack and open handles) without stopping it.
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-report-'));
  const child = spawn(process.execPath, ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${reports}`, ...entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', PAYMENTS: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const app: AppProcess = {
    child,
    url,
    output: () => output,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    diagnose: async () => {
      const databaseUrl = env.DATABASE_URL ?? (env.DATA_DIR ? readIfThere(path.join(env.DATA_DIR, 'postgres-url')) : undefined);
      const report = await nodeReport(child, reports);
      // No report: the main thread never came back to its event loop, so JavaScript cannot say where it is; the kernel and a debugger can.
      const native = report.startsWith('node report: none') ? [threadStates(child), nativeStacks(child)] : [];
      return [await cpuUse(child), report, ...native, databaseUrl ? await databaseActivity(databaseUrl) : 'no database url known'].join('\n');
    },
  };
  running.add(app);
  void app.exited.then(() => {
    running.delete(app);
    fs.rmSync(reports, { recursive: true, force: true });
  });
  return app;
}

/** Waits for the launcher's "is ready at" line; on time-out the error says what the app is waiting for. */
export async function ready(app: AppProcess, timeoutMs = 120_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; ) {
    if (app.output().includes('is ready at')) return;
    if (app.child.exitCode !== null) throw new Error(`app exited: ${app.output()}`);
    await sleep(50);
  }
  throw new Error(`app did not start: ${app.output()}\n${await app.diagnose()}`);
}

function readIfThere(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether the app computes (slow) or waits (stuck): its CPU time over one second, from /proc (Linux). */
async function cpuUse(child: ChildProcess): Promise<string> {
  // utime and stime, in clock ticks (100 a second on Linux), are the 14th and 15th fields after the command's parenthesis.
  const ticks = () => {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  try {
    const before = ticks();
    await sleep(1000);
    return `CPU time in the last second: ${((ticks() - before) / 100).toFixed(2)} s`;
  } catch {
    return 'CPU time: not known';
  }
}

/** Each thread's name, state and what the kernel has it wait in (Linux /proc), and the main thread's kernel stack. */
function threadStates(child: ChildProcess): string {
  const read = (file: string) => readIfThere(file)?.trim() ?? '?';
  try {
    const threads = fs.readdirSync(`/proc/${child.pid}/task`).map((tid) => {
      const state = read(`/proc/${child.pid}/task/${tid}/stat`).split(') ')[1]?.split(' ')[0];
      return `  ${tid} ${read(`/proc/${child.pid}/task/${tid}/comm`)} ${state} wchan=${read(`/proc/${child.pid}/task/${tid}/wchan`)} syscall=${read(`/proc/${child.pid}/task/${tid}/syscall`).split(' ').slice(0, 4).join(' ')}`;
    });
    return ['threads (id, name, state, kernel wait, syscall and its first arguments):', ...threads, 'main thread kernel stack:', ...read(`/proc/${child.pid}/stack`).split('\n').map((l) => `  ${l}`)].join('\n');
  } catch (err) {
    return `threads: not known (${(err as Error).message})`;
  }
}

/** The native stacks of every thread, from gdb where the machine has it (the JavaScript frames show as addresses). */
function nativeStacks(child: ChildProcess): string {
  try {
    const out = execFileSync('gdb', ['-p', String(child.pid), '-batch', '-nx', '-ex', 'thread apply all bt 25'], { timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
    return `native stacks (gdb):\n${out.toString().split('\n').filter((l) => /^(Thread|#)/.test(l)).map((l) => `  ${l.slice(0, 200)}`).join('\n')}`;
  } catch (err) {
    return `native stacks: not known (${(err as Error).message.split('\n')[0]})`;
  }
}

/** The JavaScript stack and the open sockets, timers and servers of a running app, from its Node diagnostic report. */
async function nodeReport(child: ChildProcess, dir: string): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null || !child.kill('SIGUSR2')) return 'node report: the app is not running';
  for (let i = 0; i < 100; i++) {
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.json'));
    // Possibly still being written: read once it parses.
    const report = file && parseIfComplete(path.join(dir, file));
    if (report) {
      fs.rmSync(path.join(dir, file), { force: true });
      const stack = [report.javascriptStack.message, ...(report.javascriptStack.stack ?? [])].map((l) => l.trim()).filter(Boolean);
      // Connections, servers and timers: what an idle event loop waits on (the rest is Node's own machinery).
      const handles = report.libuv
        .filter((h) => h.is_active && (h.remoteEndpoint || h.localEndpoint || h.type === 'timer'))
        .map((h) => `  ${h.type}${h.localEndpoint ? ` ${endpoint(h.localEndpoint)}` : ''}${h.remoteEndpoint ? ` -> ${endpoint(h.remoteEndpoint)}` : ''}${h.type === 'timer' ? ` in ${h.firesInMsFromNow} ms` : ''}`);
      return ['node report: JavaScript stack', ...(stack.length ? stack : ['(none: the event loop is idle)']).map((l) => `  ${l}`), 'waiting on', ...handles].join('\n');
    }
    await sleep(50);
  }
  return 'node report: none written within 5 s of SIGUSR2';
}

interface NodeReport {
  javascriptStack: { message: string; stack?: string[] };
  libuv: { type: string; is_active: boolean; firesInMsFromNow?: number; localEndpoint?: Endpoint; remoteEndpoint?: Endpoint }[];
}
type Endpoint = { host?: string; ip4?: string; ip6?: string; port?: number } | string;

function parseIfComplete(file: string): NodeReport | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as NodeReport;
  } catch {
    return undefined;
  }
}

function endpoint(e: Endpoint): string {
  return typeof e === 'string' ? e : `${e.host ?? e.ip4 ?? e.ip6}:${e.port}`;
}

/** Every connection to the app's PostgreSQL: what it runs or waits for, and who blocks it. */
async function databaseActivity(url: string): Promise<string> {
  const db = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: 'test diagnosis' });
  try {
    await db.connect();
    const { rows } = await db.query<Record<string, unknown>>(
      `select a.pid, a.application_name, a.state, a.wait_event_type, a.wait_event, pg_blocking_pids(a.pid) as blocked_by,
              (select string_agg(l.locktype || ' ' || l.mode || coalesce(' ' || l.objid, ''), ', ') from pg_locks l where l.pid = a.pid and not l.granted) as waiting_for_lock,
              (now() - a.query_start)::text as running_for, left(a.query, 200) as query
         from pg_stat_activity a where a.backend_type = 'client backend' and a.pid <> pg_backend_pid() order by a.pid`,
    );
    return ['database connections:', ...rows.map((r) => `  ${JSON.stringify(r)}`)].join('\n');
  } catch (err) {
    return `database connections: could not ask the database: ${(err as Error).message}`;
  } finally {
    await db.end().catch(() => {});
  }
}

/** SIGTERM (graceful: the app stops its embedded PostgreSQL too); SIGKILL if that takes too long. Resolves to the exit code. */
export async function stopApp(app: AppProcess, timeoutMs = 20_000): Promise<number | null> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return app.exited;
  app.child.kill('SIGTERM');
  const timer = setTimeout(() => app.child.kill('SIGKILL'), timeoutMs);
  try {
    return await app.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Every app process this file started and that still runs. */
export async function stopAllApps(): Promise<void> {
  await Promise.all([...running].map((app) => stopApp(app)));
}

/** The pid in `<dataDir>/postgres/postmaster.pid`, if that file exists. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Stops a PostgreSQL left running on `dataDir` (a killed app's orphan): fast shutdown, then SIGKILL. */
export async function stopOrphanedPostgres(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (!pid || !isAlive(pid) || !isPostmasterOf(pid, dataDir)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && isAlive(pid); i++) await sleep(50);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

function isPostmasterOf(pid: number, dataDir: string): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(path.join(dataDir, 'postgres'));
  } catch {
    return true;
  }
}

// ---- HTTP ----

export interface Session {
  email: string;
  cookie: string;
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One JSON call, as the browser makes it (its own origin, the session cookie). Throws when the server is gone. */
export async function call(origin: string, who: Session | undefined, method: string, url: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: { origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(who ? { cookie: who.cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed };
}

/** Signs a buyer or seller up, from a loopback address of its own (sign-ups are limited per client address). */
export async function signUp(origin: string, email: string, role: 'Buyer' | 'Seller' = 'Buyer'): Promise<Session> {
  const res = await rawRequest(origin, {
    method: 'POST',
    target: '/api/auth/sign-up/email',
    localAddress: nextLoopbackAddress(),
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name: email.split('@')[0], email, password: 'secret123', role }),
  });
  if (res.status !== 200) throw new Error(`sign-up of ${email} failed: ${res.status} ${res.body}`);
  const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('second-gear.session_token='));
  if (!cookie) throw new Error('no session cookie in the sign-up answer');
  return { email, cookie: cookie.split(';')[0]! };
}

export interface Car {
  id: string;
  name: string;
  categoryId: string;
}

/** Every unsold car, through the category pages (they need a session). */
export async function unsoldCars(origin: string, who: Session): Promise<Car[]> {
  const categories = await call(origin, undefined, 'GET', '/api/categories');
  const cars: Car[] = [];
  for (const category of categories.body as { _id: string }[]) {
    let cursor: string | null = null;
    do {
      const page: Answer = await call(origin, who, 'GET', `/api/category/${category._id}?limit=48${cursor ? `&cursor=${cursor}` : ''}`);
      if (page.status !== 200) throw new Error(`category page: ${page.status} ${JSON.stringify(page.body)}`);
      for (const p of page.body.products as { _id: string; productName: string }[]) cars.push({ id: p._id, name: p.productName, categoryId: category._id });
      cursor = page.body.nextCursor;
    } while (cursor);
  }
  return cars;
}

/** A card the test processor accepts. */
export const GOOD_CARD = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };

/** Creates an intent for the order and pays it with the card form's call; the intent id is the transaction id. */
export async function chargeOrder(create: string, confirm: string, who: Session, bookingId: string): Promise<string> {
  const intent = await call(create, who, 'POST', '/api/create-payment-intent', { bookingId });
  if (intent.status !== 200) throw new Error(`create-payment-intent: ${intent.status} ${JSON.stringify(intent.body)}`);
  const paid = await call(confirm, undefined, 'POST', '/api/test-processor/confirm', {
    clientSecret: intent.body.clientSecret,
    card: GOOD_CARD,
    billingDetails: { name: 'Test Buyer', email: who.email },
  });
  if (paid.status !== 200 || paid.body.paymentIntent.status !== 'succeeded') throw new Error(`confirm: ${paid.status} ${JSON.stringify(paid.body)}`);
  return paid.body.paymentIntent.id as string;
}
