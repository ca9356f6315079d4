import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  jpegPicture,
  keepScreenshot,
  phoneScreen,
  signUpInBrowser,
  tableRow,
  uniqueCarName,
} from './support.ts';

// A seller's car-grade listing: details, several photos in the seller's order, editing and
// withdrawing a car.

/** Solid colours told apart in a thumbnail, so a test can follow each photo wherever it moves. */
const palette = {
  grey: [0x77, 0x77, 0x77],
  red: [0xcc, 0x22, 0x22],
  green: [0x22, 0xaa, 0x44],
  blue: [0x22, 0x44, 0xcc],
  yellow: [0xdd, 0xbb, 0x22],
  purple: [0x88, 0x33, 0xaa],
} as const;
type Colour = keyof typeof palette;

const hex = (colour: Colour) => `#${palette[colour].map((part) => part.toString(16).padStart(2, '0')).join('')}`;

async function photoFile(colour: Colour) {
  return { name: `${colour}.jpg`, mimeType: 'image/jpeg', buffer: await jpegPicture(hex(colour), 320, 240) };
}

/** The nearest palette colour of a pixel. */
function nameOf([r, g, b]: number[]): Colour {
  const distance = (colour: Colour) => palette[colour].reduce((sum, part, i) => sum + (part - (i === 0 ? r! : i === 1 ? g! : b!)) ** 2, 0);
  return (Object.keys(palette) as Colour[]).reduce((best, colour) => (distance(colour) < distance(best) ? colour : best));
}

/** The colours of pictures as shown, in order (each picture drawn on a 1×1 canvas once it has loaded). */
async function coloursOf(images: Locator): Promise<Colour[] | null> {
  const pixels = await images.evaluateAll((elements) =>
    elements.map((element) => {
      const img = element as HTMLImageElement;
      if (!img.complete || img.naturalWidth === 0) return null;
      const canvas = document.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.drawImage(img, 0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    }),
  );
  return pixels.some((pixel) => pixel === null) ? null : pixels.map((pixel) => nameOf(pixel!));
}

/** The car's photos on Add A Product, the cover first. */
function morePhotos(page: Page): Locator {
  return page.getByRole('list', { name: 'Photos', exact: true }).getByRole('listitem');
}

async function expectPhotos(page: Page, colours: Colour[]): Promise<void> {
  await expect(morePhotos(page)).toHaveCount(colours.length);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect.poll(() => coloursOf(morePhotos(page).getByRole('img'))).toEqual(colours);
}

async function expectCover(page: Page, colour: Colour): Promise<void> {
  await expect.poll(() => coloursOf(page.getByRole('img', { name: 'The cover photo' }))).toEqual([colour]);
}

/** Fills the specification's fields of Add A Product (the page must be on /dashboard/addProduct). */
async function fillSpecFields(page: Page, productName: string): Promise<void> {
  await page.getByLabel('Product Name', { exact: true }).fill(productName);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Honda' });
  await page.getByLabel('Product Description', { exact: true }).fill('One owner, full service history, new brakes.');
  await page.getByLabel('Condition', { exact: true }).selectOption('Good');
  await page.getByLabel('Original Price', { exact: true }).fill('26000');
  await page.getByLabel('Resale Price', { exact: true }).fill('18250');
  await page.getByLabel('Year of Purchase', { exact: true }).fill('2004');
  await page.getByLabel('Mobile No.', { exact: true }).fill('555-0175');
  await page.getByLabel('Location', { exact: true }).fill('Eugene, OR');
}

/**
 * Drags a photo by its handle onto the place of an earlier one (mouse; the same pointer events as
 * touch). Both must be on screen: a drag does not scroll the page (which scrolls smoothly: the jump there is instant).
 */
async function dragPhoto(page: Page, from: Locator, to: Locator): Promise<void> {
  await to.evaluate((element) => element.scrollIntoView({ block: 'start', behavior: 'instant' }));
  const handle = await from.locator('[data-drag-handle]').boundingBox();
  const target = await to.boundingBox();
  expect(handle && target).toBeTruthy();
  await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
  await page.mouse.down();
  await page.mouse.move(target!.x + target!.width / 2, target!.y + target!.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** The same drag with a finger (Chromium's touch input through the DevTools protocol; needs `hasTouch`). */
async function touchDragPhoto(page: Page, from: Locator, to: Locator): Promise<void> {
  await to.evaluate((element) => element.scrollIntoView({ block: 'start', behavior: 'instant' }));
  const handle = (await from.locator('[data-drag-handle]').boundingBox())!;
  const target = (await to.boundingBox())!;
  const start = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
  const end = { x: target.x + target.width / 2, y: target.y + target.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  for (let step = 1; step <= 10; step += 1) {
    const point = { x: start.x + ((end.x - start.x) * step) / 10, y: start.y + ((end.y - start.y) * step) / 10 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('seller listing', () => {
  test('a seller lists a car with details and five photos, orders them, edits the price twice and withdraws it', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // Tall enough for both rows of photos at once: a drag does not scroll the page.
    await page.setViewportSize({ width: 1280, height: 1100 });
    await signUpInBrowser(page, 'Seller');
    await page.goto('/dashboard/addProduct');
    await expect(page.getByRole('heading', { name: 'Add A Product', level: 1 })).toBeVisible();

    // An empty submit still says what the specification says.
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Image is Required', { exact: true })).toBeVisible();

    const productName = uniqueCarName('E2E Listing');
    await fillSpecFields(page, productName);
    // The specification's Image is the one photo control: its first photo is the cover.
    const image = page.getByLabel('Image', { exact: true });
    await image.setInputFiles(await photoFile('grey'));
    await expectCover(page, 'grey');
    await expect(page.getByText('Image is Required', { exact: true })).toHaveCount(0);
    // Removing the only photo leaves no cover: the requirement stands again.
    await morePhotos(page).first().getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Image is Required', { exact: true })).toBeVisible();
    await expect(image).toBeFocused();
    await image.setInputFiles(await photoFile('grey'));
    await expectCover(page, 'grey');

    // More details, with the VIN's help: a 2003 Honda fills in the Model Year and agrees with Honda.
    await expect(page.getByRole('heading', { name: 'More details' })).toBeVisible();
    await page.getByLabel('Model', { exact: true }).fill('Accord');
    await page.getByLabel('Mileage', { exact: true }).fill('84000');
    // The market's unit first (miles); the seller's choice is kept.
    await expect(page.getByLabel('Mileage unit', { exact: true })).toHaveValue('mi');
    await page.getByLabel('Mileage unit', { exact: true }).selectOption('km');
    await page.getByLabel('Fuel', { exact: true }).selectOption('Petrol');
    await page.getByLabel('Transmission', { exact: true }).selectOption('Manual');
    await page.getByLabel('Body Type', { exact: true }).selectOption('Sedan');
    await page.getByLabel('Colour', { exact: true }).fill('Silver');
    const vin = page.getByLabel('VIN', { exact: true });
    await vin.fill('1HGCM82633A00435');
    await vin.blur();
    await expect(page.getByText('VIN must be 17 characters')).toBeVisible();
    await vin.fill('1HGCM82633A004352');
    await expect(page.getByText('VIN must be 17 characters')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: '2003 Honda' })).toBeVisible();
    await expect(page.getByLabel('Model Year', { exact: true })).toHaveValue('2003');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Toyota' });
    await expect(page.getByText('This VIN belongs to a Honda; the category is Toyota.')).toBeVisible();
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Honda' });
    await expect(page.getByText('This VIN belongs to a Honda')).toHaveCount(0);

    // Five photos after the cover, each uploaded at once.
    const addPhotos = image;
    await addPhotos.setInputFiles(await Promise.all((['red', 'green', 'blue', 'yellow', 'purple'] as const).map(photoFile)));
    await expectPhotos(page, ['grey', 'red', 'green', 'blue', 'yellow', 'purple']);
    await expect(page.getByText('14 of 20 left', { exact: false })).toBeVisible();

    // Files that are not pictures are refused, each with its reason, until dismissed.
    await addPhotos.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
      { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture either') },
    ]);
    const refusals = page.getByRole('alert').getByRole('listitem');
    await expect(refusals.filter({ hasText: 'notes.txt: The image must be a JPEG, PNG, WebP or AVIF picture.' })).toBeVisible();
    const fake = refusals.filter({ hasText: 'fake.png:' });
    await expect(fake).toBeVisible();
    await expectPhotos(page, ['grey', 'red', 'green', 'blue', 'yellow', 'purple']);
    await expectNoAxeViolations(page, 'add product with photos and refusals');
    await fake.getByRole('button', { name: 'Dismiss' }).click();
    await expect(fake).toHaveCount(0);
    await refusals.getByRole('button', { name: 'Dismiss' }).click();
    await expect(refusals).toHaveCount(0);

    // Keyboard: red goes two places later; focus stays with it.
    await page.getByRole('button', { name: 'Move photo 2 later' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Move photo 3 later' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Move photo 4 later' })).toBeFocused();
    await expectPhotos(page, ['grey', 'green', 'blue', 'red', 'yellow', 'purple']);
    await page.getByRole('button', { name: 'Move photo 4 earlier' }).press('Enter');
    await expectPhotos(page, ['grey', 'green', 'red', 'blue', 'yellow', 'purple']);

    // Drag: purple to the front, where it becomes the cover.
    await dragPhoto(page, morePhotos(page).nth(5), morePhotos(page).nth(0));
    await expectPhotos(page, ['purple', 'grey', 'green', 'red', 'blue', 'yellow']);
    await expectCover(page, 'purple');

    // Make cover: blue moves first and is the cover; the others keep their order after it.
    await page.getByRole('listitem', { name: 'Photo 5', exact: true }).getByRole('button', { name: 'Make cover' }).click();
    await expectCover(page, 'blue');
    await expectPhotos(page, ['blue', 'purple', 'grey', 'green', 'red', 'yellow']);

    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(`${productName} is Added Successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myproducts$/);

    // My Products: the name opens the car's page; Edit opens the form filled in.
    const row = tableRow(page, productName);
    await expect(row.getByRole('link', { name: productName })).toHaveAttribute('href', /^\/cars\/[0-9a-f-]{36}$/);
    await expect(row.getByText('$18,250')).toBeVisible();
    await row.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: `Edit ${productName}`, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myproducts\/[0-9a-f-]{36}\/edit$/);
    await expectCover(page, 'blue');
    await expectPhotos(page, ['blue', 'purple', 'grey', 'green', 'red', 'yellow']);
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('Accord');
    await expect(page.getByLabel('Model Year', { exact: true })).toHaveValue('2003');
    await expect(page.getByLabel('Mileage', { exact: true })).toHaveValue('84000');
    await expect(page.getByLabel('Mileage unit', { exact: true })).toHaveValue('km');
    await expect(page.getByLabel('Fuel', { exact: true })).toHaveValue('Petrol');
    await expect(page.getByLabel('Transmission', { exact: true })).toHaveValue('Manual');
    await expect(page.getByLabel('Body Type', { exact: true })).toHaveValue('Sedan');
    await expect(page.getByLabel('Colour', { exact: true })).toHaveValue('Silver');
    await expect(page.getByLabel('VIN', { exact: true })).toHaveValue('1HGCM82633A004352');
    await expectNoAxeViolations(page, 'edit product');

    // The price, twice: each edit starts from the car as saved.
    for (const [price, shown] of [
      ['17500', '$17,500'],
      ['16900', '$16,900'],
    ] as const) {
      if (!page.url().endsWith('/edit')) {
        await tableRow(page, productName).getByRole('link', { name: 'Edit' }).click();
        await expect(page.getByRole('heading', { name: `Edit ${productName}`, level: 1 })).toBeVisible();
      }
      await page.getByLabel('Resale Price', { exact: true }).fill(price);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText(`${productName} is Updated Successfully`)).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/myproducts$/);
      await expect(tableRow(page, productName).getByText(shown)).toBeVisible();
    }
    await tableRow(page, productName).getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Resale Price', { exact: true })).toHaveValue('16900');
    await expectPhotos(page, ['blue', 'purple', 'grey', 'green', 'red', 'yellow']);
    await page.goBack();

    // A buyer sees all of it on the car's page: the six pictures in the seller's order, the details, both price changes.
    const carPath = await tableRow(page, productName).getByRole('link', { name: productName }).getAttribute('href');
    const buyerContext = await browser.newContext();
    const buyerPage = await buyerContext.newPage();
    await signUpInBrowser(buyerPage, 'Buyer');
    await buyerPage.goto(carPath!);
    await expect(buyerPage.getByRole('heading', { name: productName, level: 1 })).toBeVisible();
    // The page's gallery (its full-screen view, closed, has a counter of its own).
    await expect(buyerPage.getByRole('region', { name: `Photos of ${productName}` }).getByText('Photo 1 of 6')).toBeVisible();
    await expect(buyerPage.getByRole('list', { name: 'All photos' }).getByRole('button')).toHaveCount(6);
    await expect(buyerPage.getByText('1HGCM82633A004352')).toBeVisible();
    const history = buyerPage.getByRole('region', { name: 'Price history' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByText('Price dropped by $750', { exact: true })).toBeVisible();
    await expect(history.getByText('Price dropped by $600', { exact: true })).toBeVisible();
    await expect(buyerPage.getByText('$16,900').first()).toBeVisible();
    await buyerContext.close();

    // Withdraw asks first; the car stays listed here as Withdrawn.
    const listed = tableRow(page, productName);
    await listed.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw this car?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(dialog).toBeHidden();
    await expect(listed.getByText('Withdrawn', { exact: true })).toBeVisible();
    await expect(listed.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    await expect(listed.getByRole('button', { name: 'Make Advertise' })).toBeDisabled();
    await expectNoAxeViolations(page, 'my products with a withdrawn car');
  });

});

test.describe('seller listing on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: phoneScreen.height } });

  test('on a 360 px phone the photos fit, with 44 px buttons, move by finger, and twenty is the most', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await signUpInBrowser(page, 'Seller');
    await page.goto('/dashboard/addProduct');
    const addPhotos = page.getByLabel('Image', { exact: true });
    const files = await Promise.all(Array.from({ length: 21 }, (_, i) => photoFile((['red', 'green', 'blue', 'yellow', 'purple'] as const)[i % 5]!)));
    await addPhotos.setInputFiles(files.map((file, i) => ({ ...file, name: `photo-${i + 1}.jpg` })));
    await expect(morePhotos(page)).toHaveCount(20);
    await expect(page.getByText('photo-21.jpg: A car has at most 20 photos, the cover included.')).toBeVisible();
    await expect(page.getByText('No more photos fit', { exact: false })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect.poll(async () => (await coloursOf(morePhotos(page).getByRole('img')))?.slice(0, 3)).toEqual(['red', 'green', 'blue']);
    await touchDragPhoto(page, morePhotos(page).nth(2), morePhotos(page).nth(0));
    await expect.poll(async () => (await coloursOf(morePhotos(page).getByRole('img')))?.slice(0, 3)).toEqual(['blue', 'red', 'green']);

    const second = morePhotos(page).nth(1);
    for (const name of ['Move photo 2 later', 'Make cover', 'Remove']) {
      const box = await second.getByRole('button', { name }).boundingBox();
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
      expect(box?.width, name).toBeGreaterThanOrEqual(44);
    }
    await morePhotos(page).first().getByRole('button', { name: 'Remove' }).click();
    await expect(morePhotos(page)).toHaveCount(19);
    // Focus stays in the list: on the photo that took the removed one's place, now the cover.
    await expect(morePhotos(page).first().getByRole('button', { name: 'Remove' })).toBeFocused();
    await expect.poll(async () => (await coloursOf(page.getByRole('img', { name: 'The cover photo' })))?.[0]).toBe('red');
    await expect(page.getByText('1 of 20 left', { exact: false })).toBeVisible();
    await keepScreenshot(page, testInfo, 'add-product-photos');
  });
});
