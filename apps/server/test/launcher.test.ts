import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.ts';
import { postmasterPid as postmasterPidOf, ready, startApp, stopAllApps, stopOrphanedPostgres, tempDir } from './processes.ts';
import { nextLoopbackAddress, rawRequest } from './raw-http.ts';

/** The real server in child processes: the launcher, lock, crash recovery and shutdown. */
const dataDir = tempDir('sg-launcher-');

/** The app on the launcher's own embedded database in `dataDir`. */
const start = async (env: Record<string, string> = {}) => startApp(await freePort(), { DATA_DIR: dataDir, DEMO_DATA: 'off', ...env });
const postmasterPid = () => postmasterPidOf(dataDir)!;

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

afterAll(async () => {
  await stopAllApps();
  await stopOrphanedPostgres(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('starting and stopping the embedded database', () => {
  it('refuses a second start on a DATA_DIR in use, and the first keeps serving', async () => {
    const first = await start();
    await ready(first);
    const second = await start();
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
    const app = await start();
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

    const again = await start();
    await ready(again);
    for (const email of acknowledged) expect((await signIn(again.url, email)).status, email).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 180_000);

  it('stops an orphaned PostgreSQL left by a killed app and starts unaided', async () => {
    const app = await start();
    await ready(app);
    const orphan = postmasterPid();
    app.child.kill('SIGKILL');
    await app.exited;
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const again = await start();
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
      const app = await start();
      expect(await app.exited).toBe(1);
      const lines = app.output().trim().split('\n');
      expect(lines.at(-1)).toMatch(/PostgreSQL in .* stopped during start .*shared_buffers/);
    } finally {
      fs.writeFileSync(conf, original);
    }
  }, 60_000);

  it('names a bad configuration variable in one line', async () => {
    const app = await start({ PORT: 'eighty' });
    expect(await app.exited).toBe(1);
    expect(app.output().trim()).toMatch(/^\[second-gear\] Invalid configuration: PORT/);
  });

  it.skipIf(process.getuid?.() !== 0)('as root, starts with DATA_DIR under a private (700) directory', async () => {
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-private-'));
    expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);
    try {
      const app = await start({ DATA_DIR: path.join(privateDir, 'data') });
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
