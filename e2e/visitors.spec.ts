import { expect, test, type Page } from '@playwright/test';
import {
  addCarViaApi,
  addMakeViaApi,
  bookViaApi,
  desktopScreen,
  expectNoAxeViolations,
  fillSignUpForm,
  navbar,
  newApiActor,
  payViaApi,
  phoneScreen,
  productCard,
  uniqueCarName,
  uniqueUser,
  type AddedCar,
  type CategoryRef,
} from './support.ts';

// Visitors: anyone may search and open every car on the market; acting asks for an account at that
// moment and comes back with the action ready; a car that left the market says so, with similar cars.
// A make of this file's own keeps other tests' cars out of its searches.

let make: CategoryRef;
let shared: AddedCar;
let similar: AddedCar;
let sold: AddedCar;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  make = await addMakeViaApi('Visitormake');
  const seller = await newApiActor('Seller');
  shared = await addCarViaApi(seller.api, { categoryId: make._id, productName: uniqueCarName('E2E Shared'), model: 'Estate', resalePrice: 21_000 });
  similar = await addCarViaApi(seller.api, { categoryId: make._id, productName: uniqueCarName('E2E Similar'), model: 'Estate', resalePrice: 19_500 });
  sold = await addCarViaApi(seller.api, { categoryId: make._id, productName: uniqueCarName('E2E Sold'), model: 'Estate', resalePrice: 20_000 });
  const buyer = await newApiActor('Buyer');
  const order = await bookViaApi(buyer.api, sold._id);
  await payViaApi(buyer.api, buyer, order);
  // The buyer has the car: the money is released and the car sold (until then it is reserved).
  const { paymentId } = (await (await buyer.api.get(`/api/orders/${order}`)).json()).money;
  expect((await buyer.api.post(`/api/payments/${paymentId}/received`)).status()).toBe(200);
  await seller.api.dispose();
  await buyer.api.dispose();
});

/** The search as a visitor finds it: the navbar's field from 1280 px, the menu's link below. */
async function searchFromNavbar(page: Page, keyword: string, phone: boolean) {
  if (phone) {
    await navbar(page).getByLabel('Open menu').click();
    await navbar(page).getByRole('link', { name: 'Search cars' }).click();
    await expect(page).toHaveURL(/\/search$/);
    // A phone's filters fold behind a button.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Keyword', { exact: true }).fill(keyword);
    await page.getByLabel('Keyword', { exact: true }).press('Enter');
  } else {
    const field = navbar(page).getByRole('searchbox', { name: 'Search cars' });
    await field.fill(keyword);
    await field.press('Enter');
  }
  await expect(page).toHaveURL(/\/search\?.*keyword=/);
}

for (const [screenName, screen] of [
  ['desktop', desktopScreen],
  ['phone', phoneScreen],
] as const) {
  test.describe(`a visitor on a ${screenName}`, () => {
    test.use({ viewport: screen });

    test('searches, opens a car from a shared link, signs up from Book Now and is back on the car with the booking form open', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/');
      // Both ways in, side by side: signing up is not a small link under the login form.
      await expect(navbar(page).getByRole('link', { name: 'Login' })).toBeVisible();
      await expect(navbar(page).getByRole('link', { name: 'Sign Up' })).toBeVisible();

      await searchFromNavbar(page, shared.productName, screenName === 'phone');
      await expect(page.getByRole('heading', { name: 'Search cars', level: 1 })).toBeVisible();
      await expect(productCard(page, shared.productName)).toBeVisible();
      await expectNoAxeViolations(page, `search (visitor, ${screenName})`);

      // A link someone shared: the car's page, no sign-in asked.
      await page.goto(`/cars/${shared._id}`);
      await expect(page.getByRole('heading', { name: shared.productName, level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/cars/${shared._id}$`));
      await expectNoAxeViolations(page, `car page (visitor, ${screenName})`);

      await page.getByRole('button', { name: 'Book Now' }).click();
      const ask = page.getByRole('dialog', { name: 'Sign in to book this car' });
      await expect(ask).toBeVisible();
      await expectNoAxeViolations(page, `sign in to act (${screenName})`);
      await ask.getByRole('link', { name: 'Sign Up' }).click();
      await expect(page).toHaveURL(/\/signup\?next=/);
      await expect(page.getByText('Sign up to book this car', { exact: true })).toBeVisible();
      await fillSignUpForm(page, uniqueUser('Buyer'));
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByText('User Created Successfully.')).toBeVisible();

      // Back on the same car, signed in, with the booking form open; the action has left the address.
      await expect(page).toHaveURL(new RegExp(`/cars/${shared._id}$`));
      await expect(page.getByRole('dialog', { name: shared.productName })).toBeVisible();
      await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
      await expectNoAxeViolations(page, `booking after sign-up (${screenName})`);
    });

    test('a sold car’s link says it was sold and offers similar cars; a made-up one is “No such car”', async ({ page }) => {
      await page.goto(`/cars/${sold._id}`);
      await expect(page.getByRole('heading', { name: 'This car was sold', level: 1 })).toBeVisible();
      // Which car it was: its cover, name and price.
      const departed = page.getByRole('figure').filter({ hasText: `${sold.productName}, $20,000, sold` });
      await expect(departed).toBeVisible();
      await expect(departed.locator('img')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Similar cars on the market' })).toBeVisible();
      const first = productCard(page, similar.productName);
      await expect(first).toBeVisible();
      await expect(productCard(page, shared.productName)).toBeVisible();
      // Never the generic error screen.
      await expect(page.getByRole('heading', { name: 'Something Went Wrong' })).toHaveCount(0);
      // Not for search engines once drawn either: no canonical address of its own, noindex.
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
      await expect(page.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached();
      await expectNoAxeViolations(page, `sold car (visitor, ${screenName})`);

      // A link cut short names no car either: the same words, not an error screen.
      expect((await page.goto(`/cars/${sold._id.slice(0, 13)}`))?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'No such car', level: 1 })).toBeVisible();
      await page.goto('/cars/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: 'No such car', level: 1 })).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'Search cars' }).click();
      await expect(page).toHaveURL(/\/search$/);
    });
  });
}

test('a visitor’s Save this search comes back, after login, with the dialog open; a next to another site is ignored', async ({ page }) => {
  const buyer = await newApiActor('Buyer');
  await page.goto(`/search?make=${make._id}`);
  await page.getByRole('button', { name: 'Save this search' }).click();
  const ask = page.getByRole('dialog', { name: 'Sign in to save this search' });
  await ask.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByText('Sign in to save this search', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password').fill(buyer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?make=${make._id}$`));
  await expect(page.getByRole('dialog', { name: 'Save this search' })).toBeVisible();
  await buyer.api.dispose();

  // Another site as the place to come back to: ignored, the login goes home.
  const other = await newApiActor('Buyer');
  await page.context().clearCookies();
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/cars')}`);
  await page.getByLabel('Email').fill(other.email);
  await page.getByLabel('Password').fill(other.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('User Logged In Successful')).toBeVisible();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await other.api.dispose();
});
