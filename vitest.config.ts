import { defineConfig } from 'vitest/config';

// Tests that start real app processes and PostgreSQL servers, and kill them. They run one file at a
// time: two of them sharing two cores would measure the machine, not the product.
const processTests = [
  'apps/server/test/launcher.test.ts',
  'apps/server/test/crash.test.ts',
  'apps/server/test/scale-out.test.ts',
  'apps/server/test/production.test.ts',
  'apps/server/test/mail-delivery.test.ts',
  'apps/server/test/database-restart.test.ts',
];

const timingsFile = process.env.TEST_TIMINGS_FILE;

export default defineConfig({
  test: {
    // npm test asks for a JSON report too, for its ten slowest files (scripts/test.mjs).
    ...(timingsFile ? { reporters: ['default', 'json'], outputFile: { json: timingsFile } } : {}),
    projects: [
      {
        // The web app's own logic that needs no browser (formatting); screens are tested in e2e/.
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: processTests,
          globalSetup: ['apps/server/test/global-setup.ts'],
          pool: 'forks',
          // One file at a time (Vitest's default on two cores, the cores less one; explicit for any
          // machine), though the files wait on PostgreSQL much of the time: a snapshot's xmin is the
          // whole server's, and the tests that show a look or a saved-search run skipping what an earlier
          // one covered need no other file's transaction holding it back. Three at a time ran these tests
          // in 4.6 minutes instead of 7 and failed one such test in each of two clean-clone runs.
          fileParallelism: false,
          // The files share one process and its loaded modules: importing them anew for each of 100
          // files took 152 s of the run's 656. Each file still has its own database, app and server
          // (harness.ts); what a module keeps across files is read-only (the gazetteer, the metric
          // definitions) or given per call (fast-check's parameters, fuzzing.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'processes',
          include: processTests,
          // The apps these tests start are the compiled server, built once here.
          globalSetup: ['apps/server/test/processes-setup.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
