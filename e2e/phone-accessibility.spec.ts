import { expect, test } from '@playwright/test';
import { phonePages } from './lighthouse.ts';
import { addCarViaApi, advertiseViaApi, baseUrl, categoryByName, expectNoAxeViolations, newApiActor } from './support.ts';

/**
 * The pages mobile Lighthouse scores in `npm run bench`, held here to what it asserts besides speed:
 * no accessibility fault at its phone's width, once each has drawn what it shows (its cars, its form).
 */
test('the public pages, login and a category page pass axe at a phone’s width (412 × 915, as mobile Lighthouse loads them)', async ({ browser }) => {
  // Seven pages, each loaded and checked by axe.
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  try {
    // A car of this test's own, advertised: another journey on the shared server may buy any other.
    const seller = await newApiActor('Seller');
    const car = await addCarViaApi(seller.api, { categoryId: (await categoryByName(seller.api, 'Toyota'))._id });
    await advertiseViaApi(seller.api, car._id);
    const { product } = (await (await seller.api.get(`/api/cars/${car._id}`)).json()) as { product: { sellerId: string } };
    const { targeted, others } = await phonePages(baseUrl, { _id: car._id, sellerId: product.sellerId });
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
