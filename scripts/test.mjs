// `npm test`: every stage of the checks, some side by side, then each stage's wall time.
//
// Stages in one step run at the same time, each in its own process with its output prefixed by its
// name; a step starts when the one before it has passed. The first failure stops what is still
// running (the rest would only repeat it or measure nothing), and the times are printed either way.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';

/** Each stage is an npm script of package.json. */
const steps = [
  ['ensure-chromium'],
  // Static checks and the build share no files: the type checker and the linter read, the build
  // writes only dist/ directories.
  ['typecheck', 'lint', 'build'],
  ['test:api'],
  ['test:processes'],
  ['test:e2e'],
];

const times = [];
const running = new Set();
let failed;

function run(script) {
  const started = performance.now();
  const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  running.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${script}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      times.push({ script, seconds, result: ok ? 'passed' : failed ? 'stopped' : `failed (${signal ?? `exit ${code}`})` });
      if (!ok && !failed) {
        failed = script;
        for (const other of running) other.kill('SIGTERM');
      }
      resolve();
    });
  });
}

function report(total) {
  const width = Math.max(...times.map((t) => t.script.length));
  const lines = times.map(({ script, seconds, result }) => `  ${script.padEnd(width)}  ${format(seconds).padStart(7)}  ${result}`);
  process.stdout.write(`\nStage times (wall clock; stages of one step overlap):\n${lines.join('\n')}\n  ${'total'.padEnd(width)}  ${format(total).padStart(7)}\n`);
}

function format(seconds) {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m ? `${m}m${String(s).padStart(2, '0')}s` : `${s}s`;
}

process.once('SIGINT', () => {
  failed ??= 'interrupted';
  for (const child of running) child.kill('SIGTERM');
});

const started = performance.now();
for (const step of steps) {
  await Promise.all(step.map(run));
  if (failed) break;
}
report((performance.now() - started) / 1000);
process.exitCode = failed ? 1 : 0;
