// `npm test`: every stage of the checks, some side by side, then each stage's wall time and each
// step's CPU time.
//
// Stages in one step run at the same time, each in its own process with its output prefixed by its
// name; a step starts when the one before it has passed. The first failure stops what is still
// running (the rest would only repeat it or measure nothing), and the times are printed either way.
// The CPU time is the machine's, busy in any process while the step ran (the test workers, servers,
// PostgreSQL and browsers: Chromium's renderers are not the runner's children once started, so
// counting only children missed about half of the journeys' CPU); divided by the machine's cores it
// is the least wall time the step could take here. Anything else running on the machine counts too.
// A step over its CPU budget (docs/testing.md) is named in a warning, and the ten slowest test files
// are listed: the budget makes growth a decision rather than a drift, and never fails the run (tests
// never assert on time). Failed tests are told again last, with the start of their errors: whoever
// reads only the end of a long log (CI keeps its tail) learns what failed and why, not only where.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

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

/** CPU seconds each step may use on this machine before a warning; why these figures: docs/testing.md. */
const cpuBudgets = {
  'typecheck + lint + build + demo-pictures': 240,
  'test:api': 540,
  'test:processes': 165,
  'test:e2e': 2460,
};

/**
 * Each test stage writes its runner's JSON report here (vitest.config.ts and playwright.config.ts
 * read TEST_TIMINGS_FILE), for the slowest files.
 */
const timingsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'second-gear-test-timings-'));

const times = [];
/** The CPU time of each step, where the system tells it. */
const cpu = [];
const running = new Set();
let failed;

function run(script) {
  const started = performance.now();
  const env = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', TEST_TIMINGS_FILE: path.join(timingsDir, `${script}.json`) };
  const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'], env });
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
 * CPU seconds the whole machine has been busy since it started, all cores added (Linux: the first
 * line of /proc/stat less idle and iowait, in clock ticks of 1/100 s); undefined elsewhere.
 */
function machineBusySeconds() {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
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
      (cpu.length ? `\nCPU time of each step (the machine's, busy in any process):\n${cpuLines.join('\n')}\n  ${'total'.padEnd(width)}  ${format(cpuTotal).padStart(7)}  (at least ${format(cpuTotal / cores)} on ${cores} cores)\n` : ''),
  );
}

/** Where a step went over its CPU budget, a line saying so. */
function budgetWarnings() {
  return cpu
    .filter(({ step, seconds }) => cpuBudgets[step] !== undefined && seconds > cpuBudgets[step])
    .map(({ step, seconds }) => `Warning: ${step} used ${format(seconds)} of CPU, over its budget of ${format(cpuBudgets[step])} (docs/testing.md): make it cheaper, or raise the budget there and say why.\n`)
    .join('');
}

/** Each test stage's JSON report, parsed; a stage stopped before writing its report has none. */
function stageReports() {
  const reports = [];
  for (const name of fs.readdirSync(timingsDir)) {
    try {
      reports.push({ stage: path.basename(name, '.json'), report: JSON.parse(fs.readFileSync(path.join(timingsDir, name), 'utf8')) });
    } catch {
      // a stage stopped before its report was written
    }
  }
  return reports;
}

/**
 * The tests that failed, each with the first lines of its error (colours taken out), from the same
 * reports: Vitest's assertion results and Playwright's test results (a timed-out journey too).
 */
function failedTests(linesEach) {
  const failures = [];
  // The runners' own frames and Node's say nothing about the test.
  const excerpt = (message) =>
    stripVTControlCharacters(message)
      .split('\n')
      .filter((line) => !/^\s+at .*(node_modules|node:internal|<anonymous>)/.test(line))
      .slice(0, linesEach)
      .map((line) => `      ${line}`)
      .join('\n');
  for (const { stage, report } of stageReports()) {
    if (report.testResults) {
      for (const file of report.testResults) {
        for (const test of file.assertionResults ?? []) {
          if (test.status === 'failed') failures.push(`  ${path.relative(process.cwd(), file.name)} (${stage}): ${test.fullName}\n${excerpt(test.failureMessages.join('\n'))}`);
        }
        // A file that failed before any of its tests ran (an import, a hook) has only its message.
        if (file.status === 'failed' && !file.assertionResults?.some((t) => t.status === 'failed')) failures.push(`  ${path.relative(process.cwd(), file.name)} (${stage})\n${excerpt(file.message ?? '')}`);
      }
      continue;
    }
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const result of spec.tests.flatMap((t) => t.results)) {
          if (result.status !== 'failed' && result.status !== 'timedOut') continue;
          const message = (result.errors ?? []).map((e) => e.message ?? '').join('\n') || result.status;
          failures.push(`  ${path.relative(process.cwd(), path.join(report.config?.rootDir ?? '', spec.file))}:${spec.line} (${stage}): ${[...titles, spec.title].join(' › ')}\n${excerpt(message)}`);
        }
      }
      for (const inner of suite.suites ?? []) walk(inner, inner.title && !inner.title.endsWith('.ts') ? [...titles, inner.title] : titles);
    };
    for (const suite of report.suites ?? []) walk(suite, []);
  }
  return failures;
}

/**
 * The test files that took longest, from the stages' JSON reports: a Vitest file's own run, a
 * Playwright file's tests added up (its tests may have run on two workers side by side).
 */
function slowestFiles(count) {
  const files = [];
  for (const { stage, report } of stageReports()) {
    if (report.testResults) {
      for (const file of report.testResults) files.push({ stage, file: file.name, seconds: (file.endTime - file.startTime) / 1000 });
    } else {
      const perFile = new Map();
      const walk = (suite) => {
        for (const spec of suite.specs ?? []) {
          const seconds = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration / 1000, 0);
          perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + seconds);
        }
        for (const inner of suite.suites ?? []) walk(inner);
      };
      for (const suite of report.suites ?? []) walk(suite);
      for (const [file, seconds] of perFile) files.push({ stage, file: path.join(report.config?.rootDir ?? '', file), seconds });
    }
  }
  return files
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ stage, file, seconds }) => `  ${format(seconds).padStart(7)}  ${path.relative(process.cwd(), file)} (${stage})`);
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
  const before = machineBusySeconds();
  await Promise.all(step.map(run));
  const after = machineBusySeconds();
  if (before !== undefined && after !== undefined) cpu.push({ step: step.join(' + '), seconds: after - before });
  if (failed) break;
}
report((performance.now() - started) / 1000);
const slowest = slowestFiles(10);
if (slowest.length) process.stdout.write(`\nThe ten slowest test files:\n${slowest.join('\n')}\n`);
process.stdout.write(budgetWarnings());
const failures = failedTests(14);
if (failures.length) process.stdout.write(`\nWhat failed (the start of each error; the whole of it is above):\n${failures.join('\n')}\n`);
fs.rmSync(timingsDir, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
