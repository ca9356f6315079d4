import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../apps/server/src/free-port.ts';
import { startOwnServer, stopOwnServer } from './own-server.ts';
import { expectNoAxeViolations } from './support.ts';

/**
 * A production start that takes test payments on purpose (PAYMENTS=test ALLOW_TEST_PAYMENTS=on)
 * shows a banner on every page. This spec runs its own production server (compiled, as operators run it) on an
 * empty embedded database (the shared e2e server runs NODE_ENV=test, where the banner never shows).
 */
let origin: string;
let dataDir: string;
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-e2e-banner-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const env = { NODE_ENV: 'production', PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir, AUTH_SECRET: 'e2e-'.repeat(10), PAYMENTS: 'test', ALLOW_TEST_PAYMENTS: 'on' };
  server = await startOwnServer(origin, env);
});

test.afterAll(async () => {
  await stopOwnServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const banner = (page: Page) => page.getByRole('complementary', { name: 'Test payments' });

test('every page of a production site with test payments says they are not real, at the bottom, covering nothing', async ({ page }) => {
  for (const url of ['/', '/login', '/blog']) {
    await page.goto(`${origin}${url}`);
    await expect(banner(page)).toHaveText(/no card is charged/);
  }
  // In view at the bottom edge of the window while the page scrolls...
  const viewport = page.viewportSize()!;
  const inView = (await banner(page).boundingBox())!;
  expect(Math.round(inView.y + inView.height)).toBe(viewport.height);
  // ...and after the footer at the end of the page, so its last line stays readable. The page may
  // still grow as its list arrives, so each look scrolls to the end and measures both at once.
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footer = (await page.locator('footer').boundingBox())!;
      return (await banner(page).boundingBox())!.y - Math.floor(footer.y + footer.height);
    })
    .toBeGreaterThanOrEqual(0);
  await expectNoAxeViolations(page, 'a page with the test-payments banner');
});

test('the development and test server shows no banner', async ({ page }) => {
  const site = page.waitForResponse((res) => res.url().endsWith('/api/site'));
  await page.goto('/login');
  expect(await (await site).json()).toMatchObject({ testPaymentsBanner: false, distanceUnit: 'mi' });
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});
