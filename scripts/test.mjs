// `npm test`: every stage of the checks, some side by side, then each stage's wall time and each
// step's CPU time.
//
// Stages in one step run at the same time, each in its own process with its output prefixed by its
// name; a step starts when the one before it has passed. The first failure stops what is still
// running (the rest would only repeat it or measure nothing), and the times are printed either way.
// The CPU time (every process a step ran: test workers, browsers, servers, PostgreSQL) divided by
// the machine's cores is the least wall time the step could take here.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';

/** Each stage is an npm script of package.json. */
const steps = [
  ['ensure-chromium'],
  // Static checks, the build and the demo pictures share no files: the type checker and the linter
  // read, the build writes only dist/ directories, and the pictures go to node_modules/.cache, where
  // every later seeding finds them.
  ['typecheck', 'lint', 'build', 'demo-pictures'],
  ['test:api'],
  // The process tests time app starts, kills and restarts: on their own (decision 006).
  ['test:processes'],
  ['test:e2e'],
];

const times = [];
/** The CPU time of each step, where the system tells it. */
const cpu = [];
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

/**
 * CPU seconds used so far by this process's children that have ended, and theirs in turn (Linux:
 * cutime and cstime of /proc/self/stat, in clock ticks of 1/100 s); undefined elsewhere.
 */
function childrenCpuSeconds() {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

function report(total) {
  const width = Math.max(...times.map((t) => t.script.length), ...cpu.map((c) => c.step.length));
  const lines = times.map(({ script, seconds, result }) => `  ${script.padEnd(width)}  ${format(seconds).padStart(7)}  ${result}`);
  const cores = os.availableParallelism();
  const cpuLines = cpu.map(({ step, seconds }) => `  ${step.padEnd(width)}  ${format(seconds).padStart(7)}  (at least ${format(seconds / cores)} on ${cores} cores)`);
  const cpuTotal = cpu.reduce((sum, { seconds }) => sum + seconds, 0);
  process.stdout.write(
    `\nStage times (wall clock; stages of one step overlap):\n${lines.join('\n')}\n  ${'total'.padEnd(width)}  ${format(total).padStart(7)}\n` +
      (cpu.length ? `\nCPU time of each step:\n${cpuLines.join('\n')}\n  ${'total'.padEnd(width)}  ${format(cpuTotal).padStart(7)}  (at least ${format(cpuTotal / cores)} on ${cores} cores)\n` : ''),
  );
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
  const before = childrenCpuSeconds();
  await Promise.all(step.map(run));
  const after = childrenCpuSeconds();
  if (before !== undefined && after !== undefined) cpu.push({ step: step.join(' + '), seconds: after - before });
  if (failed) break;
}
report((performance.now() - started) / 1000);
process.exitCode = failed ? 1 : 0;
