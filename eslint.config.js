import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// The web app's layers: app → features → lib/ui → contract; imports point down only.
const web = path.join(import.meta.dirname, 'apps/web/src');
const webFeatures = fs
  .readdirSync(path.join(web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The server's layers (apps/server/src), lowest first: a file imports from its own layer and the
// ones below, never above. Worked out from what the code imports: the base (configuration, errors,
// the database with graphile-worker's logger, and the job runner's supervision) needs nothing of
// ours; auth, images, mail and payments stand on the base alone; http/ on auth; the car data layer
// (modules/cars) on images; the features on all of them; and on top what composes the server:
// app.ts (routes), main.ts (start), jobs/runner.ts (the modules' jobs), demo-data/ (the demo
// seeding, through auth, images and the car layer) and the admin command.
const server = path.join(import.meta.dirname, 'apps/server/src');
const serverFeatures = fs
  .readdirSync(path.join(server, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'cars')
  .map((entry) => entry.name);
const serverServices = ['auth', 'images', 'mail', 'payments'];
const serverLayers = [
  {
    files: ['./config.ts', './errors.ts', './loopback.ts', './map-tiles.ts', './secret-file.ts', './free-port.ts', './db', './jobs/supervise.ts'],
    message: 'The base (config.ts, errors.ts, loopback.ts, map-tiles.ts, secret-file.ts, free-port.ts, db/ and jobs/supervise.ts) imports nothing above it: the rest of the server builds on it.',
  },
  {
    files: serverServices.map((name) => `./${name}`),
    message: 'auth/, images/, mail/ and payments/ stand on the base alone: they import no http/, no module and nothing that composes the server.',
  },
  { files: ['./http', './security-headers.ts'], message: 'http/ imports no module and nothing that composes the server: the features build on it and app.ts mounts it.' },
  { files: ['./modules/cars'], message: 'modules/cars is the car data layer below the features: it imports no feature module and nothing that composes the server.' },
  {
    files: serverFeatures.map((name) => `./modules/${name}`),
    message: "A module never imports what composes the server (app.ts, main.ts, jobs/runner.ts, demo-data/, cli/): a module's jobs are its own (its jobs.ts), and jobs/runner.ts registers them.",
  },
  { files: ['./app.ts', './main.ts', './jobs/runner.ts', './demo-data', './cli'] },
];

// What each feature (modules/<name>) uses of the others, file by file: a feature imports another only
// through the files named here, the small public part the other offers (its notify(), its cached
// reads, its job names), never its queries. The uses go one way: a loop between features stops the
// lint below, when this file loads. Car columns, rows, the market condition and the car statements
// several features share are in modules/cars, which every feature may import.
const serverFeatureUses = {
  account: ['money/unsettled.ts', 'notifications/account-email.ts', 'notifications/notify.ts'],
  admin: ['account/leaving-pictures.ts', 'catalog/cached-reads.ts', 'money/unsettled.ts', 'notifications/notify.ts'],
  alerts: ['notifications/notify.ts', 'search/live-index.ts', 'search/near.ts', 'search/service.ts'],
  bookings: ['notifications/notify.ts', 'money/booking-of-sale.ts', 'money/rules.ts', 'money/service.ts', 'money/view.ts'],
  catalog: ['listing-checks/service.ts', 'payments/in-progress.ts', 'places/car-place.ts', 'pricing/fair-price.ts'],
  live: ['messages/service.ts', 'notifications/notify.ts'],
  messages: ['notifications/notify.ts'],
  money: ['notifications/notify.ts'],
  payments: ['money/payouts.ts', 'money/rules.ts', 'money/service.ts', 'money/telling.ts'],
  // A car's similar cars are the fair price's: its window of model years.
  performance: ['pricing/estimate.ts'],
  // Reviews pass the same checks as messages (their scam signals), and tell people as every feature does.
  reviews: ['messages/scam-signals.ts', 'notifications/notify.ts'],
  search: ['places/known-zip.ts'],
  settings: ['catalog/picture-upload.ts', 'notifications/account-email.ts', 'places/known-zip.ts'],
  site: ['catalog/cached-reads.ts', 'catalog/car-page.ts', 'profiles/service.ts'],
  // What's my car worth? is the estimator's answer (pricing) for a car described, near a ZIP code (places).
  valuation: ['places/known-zip.ts', 'pricing/fair-price.ts', 'pricing/guide.ts'],
  wishlist: ['notifications/notify.ts', 'money/view.ts'],
};
for (const [feature, files] of Object.entries(serverFeatureUses)) {
  for (const file of files) {
    if (!fs.existsSync(path.join(server, 'modules', file))) throw new Error(`eslint.config.js: serverFeatureUses.${feature} names modules/${file}, which does not exist`);
  }
}
(function refuseFeatureLoops() {
  const uses = (feature) => [...new Set((serverFeatureUses[feature] ?? []).map((file) => file.split('/')[0]))];
  const done = new Set();
  const visit = (feature, trail) => {
    if (trail.includes(feature)) throw new Error(`eslint.config.js: the features' uses loop: ${[...trail.slice(trail.indexOf(feature)), feature].join(' → ')}`);
    if (done.has(feature)) return;
    uses(feature).forEach((next) => visit(next, [...trail, feature]));
    done.add(feature);
  };
  Object.keys(serverFeatureUses).forEach((feature) => visit(feature, []));
})();

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Node scripts (build steps) written as plain modules.
    files: ['**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    // The server's product code never leans on test support: the harness, fakes and shared suites
    // live in apps/server/test/, and vitest is a dev dependency that production does not install.
    // A test beside the code (*.test.ts) is test code and may import them.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/test', '**/test/**'], message: 'src must not import test support (apps/server/test/); move what both need into src.' },
            { group: ['vitest', 'vitest/*', '@vitest/*'], message: 'src must not import vitest; tests live in *.test.ts files or apps/server/test/.' },
          ],
        },
      ],
    },
  },
  {
    // No import cycle between the server's files (the rule leaves type-only imports out).
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/extensions': ['.ts', '.js'],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // The server's layers and features, enforced (serverLayers and serverFeatureUses above). Tests
    // (*.test.ts) sit beside the code and may start what composes it (a job runner, the app).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: server,
          zones: [
            ...serverLayers.slice(0, -1).map((layer, i) => ({
              target: layer.files,
              from: serverLayers.slice(i + 1).flatMap((above) => above.files),
              message: layer.message,
            })),
            ...serverServices.map((name) => ({
              target: `./${name}`,
              from: serverServices.filter((other) => other !== name).map((other) => `./${other}`),
              message: `${name}/ imports none of the other services (auth/, images/, mail/, payments/): each stands on the base alone.`,
            })),
            ...serverFeatures.map((name) => ({
              target: `./modules/${name}`,
              from: './modules',
              except: [`./${name}`, './cars', ...(serverFeatureUses[name] ?? []).map((file) => `./${file}`)],
              message:
                `modules/${name} reads cars through modules/cars: the columns and rows (PRODUCT_COLUMNS, PRODUCT_FROM, ProductRow, toProduct), ON_MARKET and the car statements features share are there (a statement a second feature needs moves there). ` +
                `Of another feature it imports only the files serverFeatureUses in eslint.config.js lists for it, one way, never in a loop.`,
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Web layers, enforced: ui and lib know no feature and no app (and lib, plain code, no ui either),
    // features never reach up into app, and a feature uses another only through that feature's
    // index.ts (its public entry); app, on top, composes them all. No import cycles.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // Modules no-cycle follows (it reads only .js by default).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: web,
          zones: [
            { target: './ui', from: ['./features', './app'], message: 'ui is the bottom layer: it imports no feature and no app.' },
            { target: './lib', from: ['./features', './app', './ui'], message: 'lib is the bottom layer: it imports no feature, app or ui.' },
            { target: './features', from: './app', message: 'Features never import app (app composes features, not the other way round).' },
            ...webFeatures.map((name) => ({
              target: `./features/${name}`,
              from: './features',
              // One entry a feature, however much of it a page needs: apps/web/package.json declares
              // the modules free of side effects, so a page loads only the modules of what it imports.
              except: [`./${name}`, ...webFeatures.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
              message: 'A feature uses another only through its public entry, features/<name>/index.ts (or the shared piece moves down to ui or lib).',
            })),
          ],
        },
      ],
      // The contract's main entry carries zod: the browser takes values from its zod-free entry only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@second-gear/contract',
              allowTypeImports: true,
              message: 'Import values from @second-gear/contract/constants: the main entry would put zod in the bundle.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests of the web app's logic run in Node, not in the bundle: they may hold the browser's
    // checks to the contract's own schemas.
    files: ['apps/web/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
);
