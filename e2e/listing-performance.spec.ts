import { expect, test, type Browser, type Page } from '@playwright/test';
import { addCarViaApi, baseUrl, categoryByName, expectNoAxeViolations, phoneScreen, signUpInBrowser, tableRow } from './support.ts';

// A seller sees the views of their car that this journey's own visitors made (issue 49, decision
// 045): a view is a person's browser a day, so the visitors here say which browser they are, as a
// real one does (a headless browser's own user agent is a crawler's, and is left out).
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Another browser (another person), with its own cookies and user agent, at the journey's width. */
async function browserOf(browser: Browser, userAgent: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, userAgent, viewport });
  return context.newPage();
}

for (const screen of [phoneScreen, { width: 1280, height: 900 }]) {
  test(`at ${screen.width} px a seller sees today's views of their car: two people, not a crawler, not the seller's own visit`, async ({ browser }) => {
    test.setTimeout(180_000);
    // The car's own word, which the visitor searches for (a make of its own would add a brand to every journey's home page).
    const tag = `Viewed${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const sellerPage = await browserOf(browser, WINDOWS, screen);
    await signUpInBrowser(sellerPage, 'Seller');
    const toyota = await categoryByName(sellerPage.request, 'Toyota');
    const car = await addCarViaApi(sellerPage.request, { categoryId: toyota._id, productName: `${tag} E2E Corolla`, model: 'Corolla', modelYear: 2019, yearsOfUse: '2019' });

    // A visitor finds the car by its word and opens it, then opens it again: one view.
    const visitor = await browserOf(browser, IPHONE, screen);
    await expect(async () => {
      await visitor.goto(`/search?keyword=${tag}`);
      await expect(visitor.getByRole('article', { name: car.productName })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await visitor.getByRole('article', { name: car.productName }).getByRole('link').first().click();
    await expect(visitor.getByRole('heading', { level: 1, name: car.productName })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: car.productName })).toBeVisible();

    // A signed-in buyer on the same kind of phone: a second person, so a second view.
    const buyer = await browserOf(browser, IPHONE, screen);
    await signUpInBrowser(buyer, 'Buyer');
    await buyer.goto(`/cars/${car._id}`);
    await expect(buyer.getByRole('heading', { level: 1, name: car.productName })).toBeVisible();

    // A crawler reads the page: no view.
    const crawler = await browserOf(browser, GOOGLEBOT, screen);
    await crawler.goto(`/cars/${car._id}`);
    await expect(crawler.getByRole('heading', { level: 1, name: car.productName })).toBeVisible();

    // The seller looks at their own car: no view, and a way to its Performance.
    await sellerPage.goto(`/cars/${car._id}`);
    await expect(sellerPage.getByRole('heading', { level: 1, name: car.productName })).toBeVisible();
    await expect(sellerPage.getByRole('link', { name: 'Performance', exact: true })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Performance', exact: true })).toHaveCount(0);

    // My Products: Views (7 days) beside the specification's columns.
    await sellerPage.goto('/dashboard/myproducts');
    const row = tableRow(sellerPage, car.productName);
    await expect(row.getByRole('cell').filter({ hasText: /^2$/ })).toBeVisible();
    if (screen.width >= 1024) await expect(sellerPage.getByRole('columnheader', { name: 'Views (7 days)' })).toBeVisible();
    else await expect(row.locator('[data-label="Views (7 days)"]')).toHaveText('2');
    await expectNoAxeViolations(sellerPage, 'My Products with Views (7 days)');

    // The car's Performance: the 30 days' figures, the chart and today's row of its figures.
    await row.getByRole('link', { name: 'Performance', exact: true }).click();
    await expect(sellerPage).toHaveURL(new RegExp(`/dashboard/products/${car._id}/performance$`));
    await expect(sellerPage.getByRole('heading', { level: 1, name: 'Performance' })).toBeVisible();
    const figure = (label: string) => sellerPage.getByRole('main').locator('dl > div').filter({ has: sellerPage.getByText(label, { exact: true }) }).locator('dd');
    await expect(figure('Views')).toHaveText('2');
    await expect(figure('Saves')).toHaveText('0');
    await expect(figure('Messages')).toHaveText('0');
    await expect(figure('Booking requests')).toHaveText('0');
    const chart = sellerPage.getByRole('img', { name: `Views of ${car.productName} each day over the last 30 days` });
    await expect(chart.locator('svg')).toBeVisible();
    await expect(sellerPage.getByText('2 views in the last 30 days, 2 today')).toBeVisible();
    await sellerPage.getByText('Show the figures').click();
    // Newest first: today's row.
    const today = sellerPage.getByRole('table').getByRole('row').nth(1);
    await expect(today.getByRole('cell').first()).toHaveText('2');
    // Nothing wider than the screen.
    expect(await sellerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(screen.width);
    await expectNoAxeViolations(sellerPage, 'Performance');

    for (const page of [sellerPage, visitor, buyer, crawler]) await page.context().close();
  });
}
