import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startOwnServer, stopOwnServer } from './own-server.ts';

/**
 * A payment survives a crash of the server in the middle of the flow. This spec runs its
 * own server (the shared one cannot be killed while other specs use it): the buyer opens the payment
 * page, the app and its PostgreSQL are SIGKILLed and started again, and then the buyer pays on the
 * page they already had open. Session, order and the processor's intent all live in PostgreSQL.
 */
const port = Number(process.env.E2E_RESTART_PORT ?? 3989);
const origin = `http://localhost:${port}`;
let dataDir: string;
let server: ChildProcess | undefined;

async function startServer() {
  server = await startOwnServer(origin, { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', DEMO_DATA: 'on' });
}

function crashServer() {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  server?.kill('SIGKILL');
  process.kill(postmaster, 'SIGKILL');
  return new Promise((resolve) => server?.once('exit', resolve));
}

test.use({ baseURL: origin });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Made here, not at load time: Playwright also loads spec files in its main process to list them.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-e2e-restart-'));
  fs.chmodSync(dataDir, 0o755);
  await startServer();
});

test.afterAll(async () => {
  await stopOwnServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a buyer pays on the page they had open before the server crashed and restarted', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `restart-${Date.now()}@test.example`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { name: 'Rita Restart', email, password: 'secret123', role: 'Buyer' },
  });
  expect(signUp.ok()).toBe(true);
  const [car] = await (await page.request.get('/api/advertisement/products')).json();
  const booking = await (await page.request.post('/api/bookings', { headers: { origin }, data: { productId: car._id } })).json();
  expect(booking.acknowledged).toBe(true);

  await page.goto(`/dashboard/payment/${booking.insertedId}`);
  await expect(page.getByText(car.productName).first()).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await page.getByLabel('Card number', { exact: true }).fill('4242424242424242');
  await page.getByLabel('Expiration date', { exact: true }).fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await expect(pay).toBeEnabled();

  await crashServer();
  await startServer();

  await pay.click();
  const success = page.getByRole('status').filter({ hasText: 'Congrats! Your Payment has been Completed' });
  await expect(success).toBeVisible();
  await expect(success).toContainText(/pi_\w+/);

  await page.goto('/dashboard/myorders');
  const row = page.getByRole('row').filter({ hasText: car.productName });
  await expect(row.getByRole('button', { name: 'Paid' })).toBeDisabled();
  const stillListed = await (await page.request.get('/api/advertisement/products')).json();
  expect(stillListed.some((p: { _id: string }) => p._id === car._id)).toBe(false);
});

test('a signed-in page keeps its reader signed in while the server cannot be reached', async ({ page }) => {
  // A new account has no time zone: the app keeps the browser's for it, then reads the session again
  // (ReaderClock). That read fails here, as it would while the server restarts.
  const email = `unreachable-${Date.now()}@test.example`;
  const signUp = await page.request.post('/api/auth/sign-up/email', { headers: { origin }, data: { name: 'Una Reachable', email, password: 'secret123', role: 'Buyer' } });
  expect(signUp.ok()).toBe(true);
  let zoneKept = false;
  let refused = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/me/profile') && request.method() !== 'GET') zoneKept = true;
  });
  await page.route('**/api/auth/get-session', (route) => {
    if (!zoneKept) return route.continue();
    refused++;
    return route.abort('connectionrefused');
  });
  await page.goto('/dashboard/myorders');
  await expect.poll(() => refused).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
});
