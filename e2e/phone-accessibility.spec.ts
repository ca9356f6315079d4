import { expect, test } from '@playwright/test';
import { budgetPages } from './lighthouse.ts';
import { baseUrl, expectNoAxeViolations } from './support.ts';

/**
 * The pages mobile Lighthouse scores in `npm run bench`, held here to what it asserted besides speed:
 * no accessibility fault at its phone's width.
 */
test('the home, login and category pages pass axe at a phone’s width (412 × 915, as mobile Lighthouse loads them)', async ({ browser }) => {
  // Three pages, each loaded and checked by axe.
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  try {
    for (const { name, url, headers } of await budgetPages(baseUrl)) {
      const page = await context.newPage();
      if (headers) await page.setExtraHTTPHeaders(headers);
      await page.goto(url);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, `${name} at 412 px`);
      await page.close();
    }
  } finally {
    await context.close();
  }
});
