import { expect, test } from '@playwright/test';
import { phonePages } from './lighthouse.ts';
import { baseUrl, expectNoAxeViolations } from './support.ts';

/**
 * The pages mobile Lighthouse scores in `npm run bench`, held here to what it asserts besides speed:
 * no accessibility fault at its phone's width, once each has drawn what it shows (its cars, its form).
 */
test('the public pages, login and a category page pass axe at a phone’s width (412 × 915, as mobile Lighthouse loads them)', async ({ browser }) => {
  // Seven pages, each loaded and checked by axe.
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  try {
    const { targeted, others } = await phonePages(baseUrl);
    for (const { name, url, headers, drawn } of [...targeted, ...others]) {
      const page = await context.newPage();
      if (headers) await page.setExtraHTTPHeaders(headers);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator(drawn).first()).toBeVisible();
      await expectNoAxeViolations(page, `${name} at 412 px`);
      await page.close();
    }
  } finally {
    await context.close();
  }
});
