import { expect, test, type Page } from '@playwright/test';
import {
  addCarViaApi,
  advertisedGrid,
  categoryByName,
  deleteDialog,
  findProductCard,
  loadCarsUntilShown,
  jpegPicture,
  newApiActor,
  newPersonPage,
  productCard,
  signUpInBrowser,
  tableRow,
  uniqueCarName,
  expectNoAxeViolations,
  holdRequests,
} from './support.ts';

const requiredMessages = [
  'Product Name is Required',
  'Category is Required',
  'Product Description is Required',
  'Condition is Required',
  'Original Price is Required',
  'Resale Price is Required',
  'Year of Purchase is Required',
  'Mobile No. is Required',
  'Location is Required',
  'Image is Required',
];

interface FormCar {
  productName: string;
  categoryName: string;
  location: string;
}

/** Fills the Add A Product form (the page must be on /dashboard/addProduct) and submits it. */
async function addCarThroughForm(page: Page, car: FormCar, options: { slowUpload?: boolean } = {}): Promise<void> {
  await page.getByLabel('Product Name', { exact: true }).fill(car.productName);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: car.categoryName });
  await page.getByLabel('Product Description', { exact: true }).fill('Second owner, garage kept, new tyres.');
  await page.getByLabel('Condition', { exact: true }).selectOption('Excellent');
  await page.getByLabel('Original Price', { exact: true }).fill('31000');
  await page.getByLabel('Resale Price', { exact: true }).fill('18750');
  await page.getByLabel('Year of Purchase', { exact: true }).fill('2019');
  await page.getByLabel('Mobile No.', { exact: true }).fill('555-0142');
  await page.getByLabel('Location', { exact: true }).fill(car.location);
  // A slow upload is held until its progress bar has been seen, then let through.
  let releaseUpload = () => {};
  if (options.slowUpload) {
    const held = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route(
      '**/api/images',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
  }
  // The specification's Image is the photo list's input: its first photo, uploaded at once, is the cover.
  await page.getByLabel('Image', { exact: true }).setInputFiles({ name: 'my-car.jpg', mimeType: 'image/jpeg', buffer: await jpegPicture('#3366cc', 1200, 900) });
  await expect(page.getByRole('img', { name: 'The cover photo' })).toBeVisible();
  if (options.slowUpload) {
    await expect(page.getByRole('progressbar', { name: 'Uploading my-car.jpg' })).toBeVisible();
    releaseUpload();
  }
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(`${car.productName} is Added Successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myproducts$/);
}

test.describe('catalog', () => {
  test('a new seller adds, advertises and deletes cars; the home grid shows the advertised one', async ({ page }) => {
    // Two listings through the form and six axe checks, the last over a category page of cards: 90 s
    // was its whole time on a run of the full suite.
    test.setTimeout(150_000);
    await signUpInBrowser(page, 'Seller');
    await page.goto('/dashboard/addProduct');
    await expect(page.getByRole('heading', { name: 'Add A Product' })).toBeVisible();
    await expectNoAxeViolations(page, 'add product');

    // An empty submit shows every required field's message.
    await page.getByRole('button', { name: 'Add Product' }).click();
    for (const message of requiredMessages) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/addProduct$/);
    await expect(page.getByLabel('Condition', { exact: true }).locator('option')).toHaveText(['Select a Condition', 'Excellent', 'Good', 'Fair']);
    await expectNoAxeViolations(page, 'add product with validation messages');

    const kept: FormCar = { productName: uniqueCarName('E2E Kept'), categoryName: 'Honda', location: 'Austin, TX' };
    await addCarThroughForm(page, kept, { slowUpload: true });
    for (const message of requiredMessages) await expect(page.getByText(message, { exact: true })).toHaveCount(0);

    // My Products: the car, then Make Advertise.
    const row = tableRow(page, kept.productName);
    await expect(row).toBeVisible();
    await expect(row.getByText('$18,750')).toBeVisible();
    const advertise = row.getByRole('button', { name: 'Make Advertise' });
    await expect(advertise).toBeEnabled();
    await expectNoAxeViolations(page, 'my products');
    await advertise.click();
    await expect(page.getByText('Make Advertise Successful.', { exact: true })).toBeVisible();
    await expect(advertise).toBeDisabled();

    // The home page's advertised grid shows it (newest first).
    await page.goto('/');
    const ad = productCard(advertisedGrid(page), kept.productName);
    await expect(ad).toBeVisible();
    await expect(ad.getByText('$18,750')).toBeVisible();
    await expect(ad.getByText('Austin, TX')).toBeVisible();
    await expectNoAxeViolations(page, 'home with a new advertised car');

    // A second car, deleted through the dialog.
    const doomed: FormCar = { productName: uniqueCarName('E2E Doomed'), categoryName: 'Honda', location: 'Reno, NV' };
    await page.goto('/dashboard/addProduct');
    await addCarThroughForm(page, doomed);
    const doomedRow = tableRow(page, doomed.productName);
    await expect(doomedRow).toBeVisible();

    // Cancel first: nothing happens.
    await doomedRow.getByRole('button', { name: 'Delete' }).click();
    const dialog = deleteDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`If you Delete ${doomed.productName} It Cannot be Undone.`, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'delete dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(doomedRow).toBeVisible();

    await doomedRow.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText(`If you Delete ${doomed.productName} It Cannot be Undone.`, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`Product ${doomed.productName} Deleted Successfully`, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(doomedRow).toHaveCount(0);
    await expect(row).toBeVisible();

    // The deleted car is not on its category page either.
    const honda = await categoryByName(page.request, 'Honda');
    await page.goto(`/category/${honda._id}`);
    await expect(await findProductCard(page, kept.productName)).toBeVisible();
    await expect(productCard(page, doomed.productName)).toHaveCount(0);
    await expectNoAxeViolations(page, 'category page (seller)');
  });

  test('a buyer sees every field of a card; only buyers get Add to Wishlist; verified sellers get the badge', async ({ page, browser }) => {
    const seller = await newApiActor('Seller');
    const toyota = await categoryByName(seller.api, 'Toyota');
    const car = await addCarViaApi(seller.api, {
      categoryId: toyota._id,
      productName: uniqueCarName('E2E Card'),
      originalPrice: 27350,
      resalePrice: 14990,
      yearsOfUse: '2016',
      location: 'Boise, ID',
    });
    const products = await seller.api.get(`/api/products?${new URLSearchParams({ email: seller.email }).toString()}`);
    const postingTime = ((await products.json()) as { _id: string; postingTime: string }[]).find((p) => p._id === car._id)?.postingTime;
    expect(postingTime).toBeTruthy();

    await signUpInBrowser(page, 'Buyer');
    await page.goto(`/category/${toyota._id}`);
    await expect(page.getByRole('heading', { name: 'Product Category: Toyota', level: 1 })).toBeVisible();

    const card = await findProductCard(page, car.productName);
    await expect(card).toBeVisible();
    const image = card.getByRole('img', { name: car.productName });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', /\/uploads\//);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(card.getByRole('heading', { name: car.productName })).toBeVisible();
    await expect(card.getByText('Boise, ID')).toBeVisible();
    await expect(card.getByText('$27,350', { exact: true })).toBeVisible();
    await expect(card.getByText('$14,990', { exact: true })).toBeVisible();
    await expect(card.getByText('2016', { exact: true })).toBeVisible();
    // Posted time in medium date format (e.g. 'Nov 23, 2026'), in the browser's (en-US) locale.
    const posted = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(postingTime!));
    expect(posted).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(card.getByText(posted, { exact: true })).toBeVisible();
    await expect(card.getByText(seller.name, { exact: true })).toBeVisible();
    await expect(card.getByText('Verified Seller')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Book Now' })).toBeEnabled();
    await expect(card.getByRole('button', { name: 'Add to Wishlist' })).toBeEnabled();
    await expectNoAxeViolations(page, 'category page (buyer)');

    // A car of the verified demo seller shows the badge (further down once other tests list Toyotas).
    const demoCard = (await loadCarsUntilShown(page, page.getByRole('main').getByRole('article').filter({ hasText: 'Sam Seller' }))).first();
    await expect(demoCard).toBeVisible();
    await expect(demoCard.getByText('Verified Seller')).toBeVisible();
    // The badge says what was checked: its description for a screen reader, and a popover from the keyboard.
    const badge = demoCard.getByRole('button', { name: 'Verified Seller' });
    await expect(badge).toHaveAccessibleDescription(/^An admin of Second Gear reviewed this seller before giving the badge/);
    const checked = demoCard.getByText(/reviewed this seller before giving the badge/);
    await expect(checked).toBeHidden();
    await badge.focus();
    await page.keyboard.press('Enter');
    await expect(checked).toBeVisible();
    // The popover itself: the cards' buttons it lies over are covered by design while it is open
    // (the page was checked before it opened).
    await expectNoAxeViolations(page, 'what a verified seller’s badge checked', { only: '[popover]:popover-open' });
    await page.keyboard.press('Escape');
    await expect(checked).toBeHidden();

    // A seller on the same page: Book Now shown but disabled with the reason (only buyers book), no Add to Wishlist.
    const sellerPage = await newPersonPage(browser);
    await signUpInBrowser(sellerPage, 'Seller');
    await sellerPage.goto(`/category/${toyota._id}`);
    const sellerView = await findProductCard(sellerPage, car.productName);
    await expect(sellerView).toBeVisible();
    await expect(sellerView.getByRole('button', { name: 'Book Now' })).toBeDisabled();
    await expect(sellerView.getByRole('button', { name: 'Book Now' })).toHaveAccessibleDescription('Only buyers can book');
    await expect(sellerPage.getByRole('button', { name: 'Add to Wishlist' })).toHaveCount(0);

    await sellerPage.context().close();
    await seller.api.dispose();
  });

  test('a category page opens with its cars already loaded; the home page stays, with a progress bar, meanwhile', async ({ page }) => {
    await signUpInBrowser(page, 'Buyer');
    await page.goto('/');
    const toyota = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Toyota', exact: true }) });
    await expect(toyota).toBeVisible();
    // The home page is drawn by the server and taken over by the app after it has shown: a link
    // followed before that opens its page as a link does, without the app's progress bar.
    await page.waitForLoadState('networkidle');

    // Hold GET /api/category/{id} until the page has been looked at.
    const { requested, release } = await holdRequests(page, /\/api\/category\//);

    await toyota.getByRole('link', { name: 'View Product' }).click();
    await requested;
    // The home page is still there, the address has not changed, and the bar says a page is loading.
    await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(toyota).toBeVisible();
    await expect(page.getByText('Loading cars')).toHaveCount(0);

    release();
    await expect(page.getByRole('heading', { name: 'Product Category: Toyota', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/category\//);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toHaveCount(0);
  });
});
