import { expect, test } from '@playwright/test';

test('home shows the demo categories', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Best Car For Sale' })).toBeVisible();
  await expect(page.getByText('Toyota').first()).toBeVisible();
});
