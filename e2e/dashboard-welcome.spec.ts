import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import {
  addCarViaApi,
  bookViaApi,
  categoryByName,
  demo,
  desktopScreen,
  expectNoAxeViolations,
  keepScreenshot,
  newApiActor,
  newPersonPage,
  phoneScreen,
  signInViaApi,
  wishlistViaApi,
} from './support.ts';

// The dashboard's welcome page: the role's numbers as tiles, each a link to the page
// that lists those rows. Screenshots at phone and desktop size are kept as test artifacts.

const sizes = [phoneScreen, desktopScreen];

function tiles(page: Page): Locator {
  return page.getByRole('region', { name: 'At a glance' });
}

function tile(page: Page, label: string): Locator {
  return tiles(page).getByRole('link', { name: new RegExp(`^\\d+ ${label} `) });
}

/** The number a tile shows, once it has one. */
async function numberOn(page: Page, label: string): Promise<number> {
  await expect(tile(page, label)).toBeVisible();
  const name = await tile(page, label).evaluate((link) => link.textContent ?? '');
  return Number(/^\s*(\d+)/.exec(name)?.[1]);
}

/** At both sizes: nothing scrolls sideways, every tile is a comfortable tap target, and a full-page screenshot is kept. */
async function checkAndShoot(page: Page, testInfo: TestInfo, screen: string, waitFor: Locator): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expect(waitFor).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${screen} at ${size.width} px scrolls sideways`).toBeLessThanOrEqual(0);
    for (const link of await tiles(page).getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.height, `${screen}: a tile at ${size.width} px`).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    await keepScreenshot(page, testInfo, screen);
  }
}

async function openWelcome(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${name}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'At a glance', level: 2 })).toBeVisible();
}

/** Clicks a tile and checks the page it opens. */
async function followTile(page: Page, label: string, path: string, heading: string): Promise<void> {
  await tile(page, label).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('main').getByRole('heading', { name: new RegExp(`^${heading}`), level: 1 })).toBeVisible();
}

test.describe('dashboard welcome', () => {
  test('a seller sees their listings and bookings, the buyer who booked sees theirs; each tile opens its page', async ({ page, browser }, testInfo) => {
    test.setTimeout(90_000);
    const seller = await newApiActor('Seller');
    const buyer = await newApiActor('Buyer');
    const toyota = await categoryByName(seller.api, 'Toyota');
    const booked = await addCarViaApi(seller.api, { categoryId: toyota._id });
    await addCarViaApi(seller.api, { categoryId: toyota._id });
    await bookViaApi(buyer.api, booked._id);
    await wishlistViaApi(buyer.api, booked._id, buyer.email);

    // The seller.
    await signInViaApi(page, seller);
    await openWelcome(page, seller.name, seller.email);
    await expect(tile(page, 'Active listings')).toHaveAccessibleName('2 Active listings My Products');
    await expect(tile(page, 'Bookings')).toHaveAccessibleName('1 Bookings Booking Requests');
    await expect(tile(page, 'Paid')).toHaveAccessibleName('0 Paid My Products');
    // A seller has no buyer's or admin's tiles.
    await expect(tiles(page).getByRole('link')).toHaveCount(3);
    await expectNoAxeViolations(page, 'seller welcome');
    await checkAndShoot(page, testInfo, 'seller welcome', tile(page, 'Paid'));
    for (const label of ['Active listings', 'Paid']) {
      await page.goto('/dashboard');
      await followTile(page, label, '/dashboard/myproducts', 'My Products');
      await expect(page.getByTestId('my-products-count')).toHaveText('2');
    }
    await page.goto('/dashboard');
    await followTile(page, 'Bookings', '/dashboard/bookings', 'Booking Requests');
    await expect(page.getByTestId('booking-requests-count')).toHaveText('1');

    // The Add A Product page at both sizes, for review.
    await page.goto('/dashboard/addProduct');
    await checkAndShoot(page, testInfo, 'add a product', page.getByRole('heading', { name: 'Add A Product' }));

    // The buyer, in a browser of their own.
    const buyerPage = await newPersonPage(browser);
    await signInViaApi(buyerPage, buyer);
    await openWelcome(buyerPage, buyer.name, buyer.email);
    await expect(tile(buyerPage, 'Bookings')).toHaveAccessibleName('1 Bookings My Orders');
    await expect(tile(buyerPage, 'Wishlist')).toHaveAccessibleName('1 Wishlist My Wishlist');
    await expect(tiles(buyerPage).getByRole('link')).toHaveCount(2);
    await expectNoAxeViolations(buyerPage, 'buyer welcome');
    await checkAndShoot(buyerPage, testInfo, 'buyer welcome', tile(buyerPage, 'Wishlist'));
    await buyerPage.setViewportSize(desktopScreen);
    await followTile(buyerPage, 'Bookings', '/dashboard/myorders', 'My Orders');
    await expect(buyerPage.getByTestId('my-orders-count')).toHaveText('1');
    await buyerPage.goto('/dashboard');
    await followTile(buyerPage, 'Wishlist', '/dashboard/mywishlist', 'My Wishlist');
    await expect(buyerPage.getByTestId('my-wishlist-count')).toHaveText('1');

    // A second car on the wishlist shows on the next visit.
    await wishlistViaApi(buyer.api, (await addCarViaApi(seller.api, { categoryId: toyota._id }))._id, buyer.email);
    await buyerPage.goto('/dashboard');
    await expect(tile(buyerPage, 'Wishlist')).toHaveAccessibleName('2 Wishlist My Wishlist');

    await buyerPage.context().close();
    await seller.api.dispose();
    await buyer.api.dispose();
  });

  test('the tiles keep their size while the numbers load, and a failed load offers Try again', async ({ page }) => {
    test.setTimeout(90_000);
    const buyer = await newApiActor('Buyer');
    await signInViaApi(page, buyer);

    // The answer waits until the placeholders have been measured.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/dashboard/summary', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    const bookings = tiles(page).getByRole('link', { name: /Bookings/ });
    await expect(bookings).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading your numbers' })).toBeAttached();
    const loading = await bookings.boundingBox();
    release();
    await expect(bookings).toHaveAccessibleName('0 Bookings My Orders');
    expect(await bookings.boundingBox()).toEqual(loading);
    await page.unroute('**/api/dashboard/summary');

    // Every try fails (the network is down) until the person asks again.
    await page.route('**/api/dashboard/summary', (route) => route.abort('failed'));
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load your numbers' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(tiles(page).getByRole('link', { name: /^Not loaded: Bookings/ })).toBeVisible();
    await expectNoAxeViolations(page, 'welcome with numbers not loaded');
    await page.unroute('**/api/dashboard/summary');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(tile(page, 'Wishlist')).toHaveAccessibleName('0 Wishlist My Wishlist');
    await expect(alert).toBeHidden();
    await buyer.api.dispose();
  });

  test('an admin sees the sellers to verify and the open reports that All Sellers and Reported Items list', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    // At least one of each: a new seller is not verified, and a buyer reports their car.
    const seller = await newApiActor('Seller');
    const buyer = await newApiActor('Buyer');
    const car = await addCarViaApi(seller.api, { categoryId: (await categoryByName(seller.api, 'Honda'))._id });
    const reported = await buyer.api.post('/api/reports', { data: { productId: car._id, reason: 'Wrong information' } });
    expect(reported.status(), await reported.text()).toBe(200);

    await signInViaApi(page, demo.admin);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome, /, level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(demo.admin.email, { exact: true })).toBeVisible();
    await expect(tiles(page).getByRole('link')).toHaveCount(2);
    expect(await numberOn(page, 'Sellers to verify')).toBeGreaterThanOrEqual(1);
    expect(await numberOn(page, 'Open reports')).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page, 'admin welcome');
    await checkAndShoot(page, testInfo, 'admin welcome', tile(page, 'Open reports'));
    await page.setViewportSize(desktopScreen);

    // Other tests add sellers and reports at the same time: the tile and the page are compared on one pass without a change between them.
    await expect(async () => {
      await page.goto('/dashboard');
      const toVerify = await numberOn(page, 'Sellers to verify');
      await followTile(page, 'Sellers to verify', '/dashboard/allseller', 'All Sellers');
      await expect(page.getByTestId('sellers-count')).toBeVisible();
      await expect(page.getByRole('main').getByText('Not verified', { exact: true })).toHaveCount(toVerify, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('main').getByRole('row').filter({ hasText: seller.email }).getByText('Not verified')).toBeVisible();

    await expect(async () => {
      await page.goto('/dashboard');
      const open = await numberOn(page, 'Open reports');
      await followTile(page, 'Open reports', '/dashboard/reporteditems', 'Reported Items');
      await expect(page.getByTestId('reported-count')).toHaveText(String(open), { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    await seller.api.dispose();
    await buyer.api.dispose();
  });
});
