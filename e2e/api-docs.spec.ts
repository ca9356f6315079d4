import { expect, test } from '@playwright/test';

test('the API reference at /api/docs renders every operation under the product’s Content-Security-Policy', async ({ page }) => {
  // A script or style the CSP refuses shows as a console error; a script that fails, as a page error.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const answer = await page.goto('/api/docs/');
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Swagger UI renders the whole document (over 600 KB, every refusal with its field sentences) before its
  // heading: about 10 s on a busy 2-core machine.
  await expect(page.getByRole('heading', { name: /Second Gear API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(await page.locator('.opblock').count()).toBeGreaterThan(30);
  // The calls that need a session carry the lock of the session cookie.
  await expect(page.locator('.opblock', { hasText: '/api/orders' }).first().locator('.authorization__btn')).toBeVisible();
  expect(problems).toEqual([]);
});
