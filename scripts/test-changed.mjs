// `npm run test:changed [-- <git ref>]`: quick feedback while working, not the whole suite (that is
// `npm test`, which the README and CI run). It checks what changed since the ref (default HEAD: the
// work not yet committed, new files included):
//   1. the type check, and the linter over the changed files;
//   2. the API and web unit tests that import a changed file, directly or not (`vitest related`), and
//      any changed process test;
//   3. the browser journeys that touch the change, after a build: a changed spec, the specs importing
//      a changed e2e helper, and the specs that open a route whose page lives in a changed web
//      feature folder (read from apps/web/src/app/router.tsx). A change the routes cannot place
//      (shared web code, the contract) runs the layout sweep, which opens every route; a server-only
//      change runs no journey, its API tests hold it.
// Each part prints what it chose and why; the first failure stops the rest.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const base = process.argv[2] ?? 'HEAD';
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')])].filter((file) => fs.existsSync(file));

if (!changed.length) {
  console.log(`Nothing changed since ${base}. (npm run test:changed -- <ref> compares with another commit.)`);
  process.exit(0);
}
console.log(`Changed since ${base}: ${changed.length} file(s).`);

function step(what, command, args) {
  console.log(`\n== ${what}\n$ ${[command, ...args].join(' ')}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.log(`\n${what}: failed.`);
    process.exit(status ?? 1);
  }
}

const code = (file) => /\.(ts|tsx|mjs|js)$/.test(file);
// The process tests are vitest.config.ts's `processes` project, as Vitest itself lists them.
const processTests = JSON.parse(execFileSync('npx', ['vitest', 'list', '--project', 'processes', '--filesOnly', '--json'], { encoding: 'utf8' })).map(({ file }) =>
  path.relative(process.cwd(), file),
);

// 1. Static checks.
step('Types', 'npm', ['run', '-s', 'typecheck']);
const lintable = changed.filter(code);
if (lintable.length) step('Lint (changed files)', 'npx', ['eslint', ...lintable]);

// 2. Unit and API tests related to the change.
const sources = changed.filter((file) => code(file) && /^(apps\/(server|web)|packages)\//.test(file) && !processTests.includes(file));
if (sources.length) step('API and unit tests importing the change', 'npx', ['vitest', 'related', '--run', '--project', 'web', '--project', 'server', '--passWithNoTests', ...sources]);
const changedProcessTests = changed.filter((file) => processTests.includes(file));
if (changedProcessTests.length) step('Changed process tests', 'npx', ['vitest', 'run', '--project', 'processes', ...changedProcessTests]);

// 3. Journeys.
const specs = fs.readdirSync('e2e').filter((name) => name.endsWith('.spec.ts') && name !== 'budgets.spec.ts');
// A spec's text with regular expressions' escapes removed, so that /\/dashboard\/myproducts/ reads as an address.
const specText = new Map(specs.map((name) => [name, fs.readFileSync(path.join('e2e', name), 'utf8').replaceAll('\\/', '/')]));
const chosen = new Map();
const choose = (spec, why) => chosen.has(spec) || chosen.set(spec, why);

for (const file of changed.filter((f) => f.startsWith('e2e/'))) {
  const name = path.basename(file);
  if (specText.has(name)) choose(name, 'changed');
  else {
    const module = name.replace(/\.(ts|mjs)$/, '');
    for (const [spec, text] of specText) if (text.includes(`./${module}.ts'`) || text.includes(`./${module}.mjs'`)) choose(spec, `imports ${name}`);
  }
}

const routes = routesByFeature();
const unplaced = [];
for (const file of changed.filter((f) => f.startsWith('apps/web/src/') || f.startsWith('packages/contract/src/'))) {
  const feature = /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
  const addresses = feature ? routes.get(feature) : undefined;
  if (!addresses) {
    unplaced.push(file);
    continue;
  }
  for (const [spec, text] of specText) {
    const opened = addresses.find((address) => new RegExp(`${escape(address)}(?![\\w-])`).test(text));
    if (opened) choose(spec, `opens ${opened} (features/${feature})`);
  }
}
if (unplaced.length) choose('layout-sweep.spec.ts', `opens every route, for ${unplaced.length} change(s) no route places (${unplaced.slice(0, 3).join(', ')}${unplaced.length > 3 ? ', …' : ''})`);

if (!chosen.size) {
  console.log('\nNo journey touches the change (a server-only change is held by its API tests). npm test runs them all.');
  process.exit(0);
}
console.log('\n== Journeys touching the change');
for (const [spec, why] of chosen) console.log(`  ${spec}: ${why}`);
step('Build', 'npm', ['run', '-s', 'build']);
step('Journeys', 'npx', ['playwright', 'test', '--project=journeys', ...[...chosen.keys()].map((spec) => `e2e/${spec}`)]);
console.log('\nThe checks touching the change passed; npm test runs the whole suite.');

/**
 * The addresses of each web feature folder's pages, from the router: a route's static part up to
 * its first parameter ('cars/:id' is opened at /cars/…), dashboard routes under /dashboard.
 */
function routesByFeature() {
  const router = fs.readFileSync('apps/web/src/app/router.tsx', 'utf8');
  const dashboardAt = router.indexOf("path: '/dashboard'");
  const byFeature = new Map();
  // A route's path, then its page's import before the next route's path.
  for (const match of router.matchAll(/path: '([^']+)'(?:(?!path: )[\s\S])*?import\('\.\.\/features\/([^/]+)\//g)) {
    const [, route, feature] = match;
    const prefix = dashboardAt >= 0 && match.index > dashboardAt ? '/dashboard/' : '/';
    const address = (route.startsWith('/') ? route : prefix + route).split('/:')[0];
    byFeature.set(feature, [...(byFeature.get(feature) ?? []), address]);
  }
  return byFeature;
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
