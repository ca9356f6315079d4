import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A server of a spec's own, beside the shared one Playwright starts: for journeys that must kill it
 * or run it in another configuration. Started and stopped by the spec, on loopback.
 */
const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the server with `env` and resolves once `${origin}/api/health` answers. `compiled`: the
 * production build (`node apps/server/dist/main.js`, made by `npm run build`), as an operator runs it.
 */
export async function startOwnServer(origin: string, env: Record<string, string>, { compiled = false } = {}): Promise<ChildProcess> {
  const entry = compiled ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, entry, { cwd: root, env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }, stdio: 'ignore' });
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
