import { expect, test, type Page } from '@playwright/test';
import { addCarViaApi, baseUrl, categoryByName, findProductCard, newApiActor, newPersonPage, signUpInBrowser, tableRow } from './support.ts';

/**
 * Stored text is shown as text: it comes back unchanged and is shown escaped. A car whose fields
 * carry markup shows that markup literally, and none of it runs.
 */

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

/** What ran on the page: `window.__xss` and any dialog (an `alert` that got through). */
function watchForScripts(page: Page): () => Promise<{ xss: unknown; dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async () => ({ xss: await page.evaluate(() => window.__xss), dialogs });
}

test('a car named and described with markup is shown as literal text, and the markup never runs', async ({ page, browser }) => {
  const seller = await newApiActor('Seller');
  const toyota = await categoryByName(seller.api, 'Toyota');
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const productName = `XSS ${IMG} ${SCRIPT} ${tag}`;
  const description = `Clean car. ${SCRIPT} ${IMG} <b>bold</b> &amp; "quoted" 'single'`;
  const location = `${IMG} Springfield`;
  const car = await addCarViaApi(seller.api, { categoryId: toyota._id, productName, description, location });

  // Stored exactly as sent.
  const own = await seller.api.get(`/api/products?${new URLSearchParams({ email: seller.email }).toString()}`);
  const stored = ((await own.json()) as { _id: string; productName: string; description: string; location: string }[]).find((p) => p._id === car._id);
  expect(stored).toMatchObject({ productName, description, location });

  // The category page, as a buyer.
  const xssOnBuyerPage = watchForScripts(page);
  await signUpInBrowser(page, 'Buyer');
  await page.goto(`/category/${toyota._id}`);
  const card = await findProductCard(page, productName);
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: productName, exact: true })).toHaveText(productName);
  await expect(card.getByText(location, { exact: true })).toBeVisible();
  // No element was made from the text: the card's only picture is the car's, and it holds no script.
  await expect(card.locator('img')).toHaveCount(1);
  await expect(card.locator('img[src="x"], script, b')).toHaveCount(0);
  await expect(card.getByRole('img', { name: productName, exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await xssOnBuyerPage()).toEqual({ xss: undefined, dialogs: [] });

  // My Products, as the seller.
  const sellerPage = await newPersonPage(browser);
  const xssOnSellerPage = watchForScripts(sellerPage);
  const signIn = await sellerPage.request.post('/api/auth/sign-in/email', {
    headers: { Origin: baseUrl },
    data: { email: seller.email, password: seller.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await sellerPage.goto('/dashboard/myproducts');
  const row = tableRow(sellerPage, productName);
  await expect(row).toBeVisible();
  await expect(row.getByText(productName, { exact: true })).toBeVisible();
  await expect(row.locator('img[src="x"], script')).toHaveCount(0);
  await sellerPage.waitForLoadState('networkidle');
  expect(await xssOnSellerPage()).toEqual({ xss: undefined, dialogs: [] });

  await sellerPage.context().close();
  await seller.api.dispose();
});
