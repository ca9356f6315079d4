import { expect, test } from '@playwright/test';
import {
  addCarViaApi,
  addMakeViaApi,
  bookViaApi,
  expectNoAxeViolations,
  newApiActor,
  payViaApi,
  productCard,
  uniqueCarName,
  type AddedCar,
  type ApiActor,
} from './support.ts';

// A visitor opens a seller's public profile from a car's page (issue 48): who the seller is, how
// they answer, what they sold and their cars on the market, at a phone's width and a desktop's.

let seller: ApiActor;
let onSale: AddedCar;
let sellerId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const make = await addMakeViaApi('Profilemake');
  seller = await newApiActor('Seller');
  onSale = await addCarViaApi(seller.api, { categoryId: make._id, productName: uniqueCarName('E2E Profile'), location: 'Austin, TX' });
  const sold = await addCarViaApi(seller.api, { categoryId: make._id, productName: uniqueCarName('E2E Profile sold'), location: 'Austin, TX' });
  const buyer = await newApiActor('Buyer');
  const order = await bookViaApi(buyer.api, sold._id);
  await payViaApi(buyer.api, buyer, order);
  // The buyer has the car: the money is released to the seller, and the car counts as sold here.
  const { paymentId } = (await (await buyer.api.get(`/api/orders/${order}`)).json()).money;
  expect((await buyer.api.post(`/api/payments/${paymentId}/received`)).status()).toBe(200);
  sellerId = (await (await seller.api.get(`/api/cars/${onSale._id}`)).json()).product.sellerId;
  await buyer.api.dispose();
});
test.afterAll(async () => seller?.api.dispose());

for (const width of [390, 1280]) {
  test(`a visitor opens the seller’s profile from a car’s page at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`/cars/${onSale._id}`);
    await expect(page.getByRole('heading', { level: 1, name: onSale.productName })).toBeVisible();
    await page.getByRole('region', { name: 'Seller' }).getByRole('link', { name: seller.name }).click();

    await expect(page).toHaveURL(`/sellers/${sellerId}`);
    await expect(page.getByRole('heading', { level: 1, name: seller.name })).toBeVisible();
    await expect(page).toHaveTitle(`${seller.name} · Seller on Second Gear`);
    await expect(page.getByText(/^Member since /)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: /^Austin, TX$/ })).toBeVisible();
    await expect(page.getByText('Not verified by an admin yet.')).toBeVisible();
    const responds = page.getByRole('region', { name: 'Responds' });
    await expect(responds.getByText('Not enough to tell')).toHaveCount(2);
    await expect(responds.getByText('Sold here: 1 car')).toBeVisible();
    const cars = page.getByRole('region', { name: 'Cars on the market' });
    const card = productCard(cars, onSale.productName);
    await expect(card).toBeVisible();
    await expect(cars.getByRole('article')).toHaveCount(1);
    // The card's seller link leads back here; its name opens the car.
    await expect(card.getByRole('link', { name: seller.name })).toHaveAttribute('href', `/sellers/${sellerId}`);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page, `a seller’s profile at ${width} px`);
    await context.close();
  });
}

test('a profile that is not there says so', async ({ page }) => {
  await page.goto('/sellers/no-such-seller');
  await expect(page.getByRole('heading', { level: 1, name: 'No seller here.' })).toBeVisible();
  await expectNoAxeViolations(page, 'no seller');
});
