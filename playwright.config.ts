import { defineConfig } from '@playwright/test';
import { headlessShell } from './e2e/browsers.mjs';
import { closedTileServer, SERVER_ENTRY, sharedDataDir } from './e2e/own-server.ts';

const port = Number(process.env.E2E_PORT ?? 3917);
const dataDir = sharedDataDir(port);

/** Browser journeys against the real product (built web app, server, embedded PostgreSQL with demo data). */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  // npm test asks for a JSON report too, for its ten slowest files (scripts/test.mjs).
  reporter: [[process.env.CI ? 'line' : 'list'], ...(process.env.TEST_TIMINGS_FILE ? [['json', { outputFile: process.env.TEST_TIMINGS_FILE }] as const] : [])],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: headlessShell,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    // Recording a trace for every journey, to keep the failing ones', cost a quarter more time (DOM
    // snapshots at each step; with screenshots 85% more): a failure keeps a screenshot and the page's
    // accessibility tree (error-context.md), and `--trace retain-on-failure` records traces when asked.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'journeys', testIgnore: /budgets\.spec\.ts/ },
    // The web budgets time the pages (Lighthouse simulates a 4× slower CPU from what it measures), so
    // they run once the journeys are done, with nothing else on the machine's two cores: beside
    // another worker's uploads the same build measured 82 to 98 on the desktop home page.
    // `npx playwright test e2e/budgets.spec.ts --no-deps` runs them alone.
    { name: 'budgets', testMatch: /budgets\.spec\.ts/, dependencies: ['journeys'] },
  ],
  webServer: {
    // A fresh data directory every run: demo data as a new user sees it. The server compiled by
    // `npm run build` (which `npm test` runs first), as an operator runs it.
    command: `rm -rf ${dataDir} && node --enable-source-maps ${SERVER_ENTRY}`,
    url: `http://localhost:${port}/api/health`,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', MAP_TILES_URL: closedTileServer },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
