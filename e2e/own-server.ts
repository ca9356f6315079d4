import { execFile, spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A server of a spec's own, beside the shared one Playwright starts: for journeys that must kill it
 * or run it in another configuration. Started and stopped by the spec, on loopback.
 */
const root = path.resolve(import.meta.dirname, '..');
/** The compiled server; playwright.config.ts starts the shared one from it too. */
export const SERVER_ENTRY = 'apps/server/dist/main.js';

/** The data directory of the shared server on `port` (a fresh one every run), where `npm run admin` finds its database. */
export function sharedDataDir(port: number): string {
  return path.join(os.tmpdir(), `second-gear-e2e-${port}`);
}

/**
 * `npm run admin -- <args>` as an operator runs it beside the shared server (the compiled command,
 * on the running server's embedded database); resolves with its one line of output.
 */
export function adminCommand(port: number, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['apps/server/dist/admin.js', ...args], { cwd: root, env: { ...process.env, NODE_ENV: 'test', DATA_DIR: sharedDataDir(port) } }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}: ${stderr}`)) : resolve(stdout.trim()),
    );
  });
}

/** Map tiles from a closed port on this machine: no test reaches the internet, and every map is seen as when its tile server is down (e2e/map.spec.ts). */
export const closedTileServer = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

/**
 * Starts the compiled server (`apps/server/dist/main.js`, made by `npm run build`, as an operator
 * runs it) with `env` and resolves once `${origin}/api/health` answers.
 */
export async function startOwnServer(origin: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { cwd: root, env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', MAP_TILES_URL: closedTileServer, ...env }, stdio: 'ignore' });
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)) return child;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** SIGTERM (the server stops its embedded PostgreSQL too), and waits for the exit. */
export async function stopOwnServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
