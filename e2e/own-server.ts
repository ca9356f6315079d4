import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A server of a spec's own, beside the shared one Playwright starts: for journeys that must kill it
 * or run it in another configuration. Started and stopped by the spec, on loopback.
 */
const root = path.resolve(import.meta.dirname, '..');
/** The compiled server; playwright.config.ts starts the shared one from it too. */
export const SERVER_ENTRY = 'apps/server/dist/main.js';

/**
 * Starts the compiled server (`apps/server/dist/main.js`, made by `npm run build`, as an operator
 * runs it) with `env` and resolves once `${origin}/api/health` answers.
 */
export async function startOwnServer(origin: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { cwd: root, env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }, stdio: 'ignore' });
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
