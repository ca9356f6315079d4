import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.ts';
import { nextLoopbackAddress, rawRequest } from './raw-http.ts';

/** The real `main.ts` in child processes: the launcher, lock, crash recovery and shutdown. */
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-launcher-'));
fs.chmodSync(dataDir, 0o755);
const started: ChildProcess[] = [];

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

function start(port: number, env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DEMO_DATA: 'off', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function ready(app: Running) {
  for (let i = 0; i < 600; i++) {
    if (app.output().includes('is ready at')) return;
    if (app.child.exitCode !== null) throw new Error(`app exited: ${app.output()}`);
    await sleep(100);
  }
  throw new Error(`app did not start: ${app.output()}`);
}

const postmasterPid = () => Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Each sign-up from a loopback address of its own: sign-ups are limited per client address. */
function signUp(url: string, email: string) {
  return rawRequest(url, {
    method: 'POST',
    target: '/api/auth/sign-up/email',
    localAddress: nextLoopbackAddress(),
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name: 'Burst', email, password: 'secret123', role: 'Buyer' }),
  });
}

function signIn(url: string, email: string) {
  return fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'secret123' }),
  });
}

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  try {
    process.kill(postmasterPid(), 'SIGINT');
  } catch {
    // already stopped
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('starting and stopping the embedded database', () => {
  it('refuses a second start on a DATA_DIR in use, and the first keeps serving', async () => {
    const first = start(await freePort());
    await ready(first);
    const second = start(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/DATA_DIR .* is in use by another Second Gear process/);
    expect(second.output().trim().split('\n')).toHaveLength(1);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
  }, 120_000);

  it('keeps every acknowledged sign-up through a SIGKILL of the app and its PostgreSQL mid-burst', async () => {
    const app = start(await freePort());
    await ready(app);
    const acknowledged: string[] = [];
    let n = 0;
    const burst = Array.from({ length: 4 }, async () => {
      for (;;) {
        const email = `burst${n++}@test.example`;
        try {
          const res = await signUp(app.url, email);
          if (res.status === 200) acknowledged.push(email);
        } catch {
          return; // the server is gone
        }
      }
    });
    while (acknowledged.length < 10) await sleep(20);
    const pgPid = postmasterPid();
    app.child.kill('SIGKILL');
    process.kill(pgPid, 'SIGKILL');
    await Promise.all(burst);
    await app.exited;

    const again = start(await freePort());
    await ready(again);
    for (const email of acknowledged) expect((await signIn(again.url, email)).status, email).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 180_000);

  it('stops an orphaned PostgreSQL left by a killed app and starts unaided', async () => {
    const app = start(await freePort());
    await ready(app);
    const orphan = postmasterPid();
    app.child.kill('SIGKILL');
    await app.exited;
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const again = start(await freePort());
    await ready(again);
    expect(again.output()).toMatch(/stopping an orphaned PostgreSQL/);
    expect(postmasterPid()).not.toBe(orphan);
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('turns a PostgreSQL start failure into one readable line', async () => {
    const conf = path.join(dataDir, 'postgres', 'postgresql.conf');
    const original = fs.readFileSync(conf, 'utf8');
    fs.appendFileSync(conf, '\nshared_buffers = nonsense\n');
    try {
      const app = start(await freePort());
      expect(await app.exited).toBe(1);
      const lines = app.output().trim().split('\n');
      expect(lines.at(-1)).toMatch(/PostgreSQL in .* stopped during start .*shared_buffers/);
    } finally {
      fs.writeFileSync(conf, original);
    }
  }, 60_000);

  it('names a bad configuration variable in one line', async () => {
    const app = start(await freePort(), { PORT: 'eighty' });
    expect(await app.exited).toBe(1);
    expect(app.output().trim()).toMatch(/^\[second-gear\] Invalid configuration: PORT/);
  });

  it.skipIf(process.getuid?.() !== 0)('as root, starts with DATA_DIR under a private (700) directory', async () => {
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-private-'));
    expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);
    try {
      const app = start(await freePort(), { DATA_DIR: path.join(privateDir, 'data') });
      await ready(app);
      expect(app.output()).toMatch(/passable for the postgres user/);
      expect(fs.statSync(privateDir).mode & 0o777).toBe(0o701);
      app.child.kill('SIGTERM');
      expect(await app.exited).toBe(0);
    } finally {
      fs.rmSync(privateDir, { recursive: true, force: true });
    }
  }, 120_000);
});
