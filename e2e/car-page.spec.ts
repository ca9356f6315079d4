import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { checkVin } from '@second-gear/contract/constants';
import {
  addCarViaApi,
  advertiseViaApi,
  categoryByName,
  desktopScreen,
  expectNoAxeViolations,
  findProductCard,
  jpegPicture,
  keepScreenshot,
  logInThroughUi,
  newApiActor,
  newPersonPage,
  phoneScreen,
  signUpInBrowser,
  uniqueCarName,
  type AddedCar,
  type ApiActor,
} from './support.ts';

// A car's page at /cars/{id}: reached from its card's name, public for every car on the market.

/**
 * A VIN nobody else's car for sale has (the server refuses a VIN twice on the market): the standard's
 * classic example with a random serial number, and the check digit (9th character) that serial calls for.
 */
function uniqueVin(): string {
  const serial = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  for (const check of '0123456789X') {
    const vin = `1M8GDM9A${check}KP${serial}`;
    if (checkVin(vin).ok) return vin;
  }
  throw new Error(`no check digit fits the serial ${serial}`);
}

/** Uploads one more picture of the car (`POST /api/images`) as the seller of `api`; returns its URL. */
async function uploadPhoto(api: APIRequestContext, colour: string): Promise<string> {
  const upload = await api.post('/api/images', {
    multipart: { image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpegPicture(colour, 800, 600) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  return ((await upload.json()) as { data: { url: string } }).data.url;
}

/** A car's fields as the edit call takes them: all but its id. */
function omitId({ _id: _, ...fields }: AddedCar) {
  return fields;
}

/** The car with every detail and two more photos, then its price lowered once (so it has a history). */
async function addDetailedCar(seller: ApiActor, categoryName: string): Promise<AddedCar & { vin: string }> {
  const vin = uniqueVin();
  const category = await categoryByName(seller.api, categoryName);
  const photos = [await uploadPhoto(seller.api, '#aa4444'), await uploadPhoto(seller.api, '#44aa44')];
  const details = {
    model: 'Corolla',
    modelYear: 2018,
    mileage: 84200,
    mileageUnit: 'km',
    fuel: 'Hybrid',
    transmission: 'Automatic',
    bodyType: 'Sedan',
    colour: 'Silver',
    vin,
  };
  const car = await addCarViaApi(seller.api, { categoryId: category._id, productName: uniqueCarName('E2E Page'), resalePrice: 26500 });
  // The whole car again, as the Add A Product form sends it filled in: the details, the photos, a lower price.
  const edited = await seller.api.put(`/api/products/${car._id}`, { data: { ...omitId(car), ...details, photos, resalePrice: 24000 } });
  expect(edited.status(), await edited.text()).toBe(200);
  return { ...car, resalePrice: 24000, vin };
}

/** The value beside a label of a definition list (the car's details, its prices). */
function detail(page: Page, label: string) {
  return page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

function gallery(page: Page, carName: string) {
  return page.getByRole('region', { name: `Photos of ${carName}` });
}

/** The page does not scroll sideways: nothing is wider than the screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
}

test.describe('car page', () => {
  test('a buyer opens a car from its card by its name, sees everything about it, moves through its photos and books it', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const seller = await newApiActor('Seller');
    const car = await addDetailedCar(seller, 'Toyota');

    await signUpInBrowser(page, 'Buyer');
    await page.setViewportSize(desktopScreen);
    const toyota = await categoryByName(page.request, 'Toyota');
    await page.goto(`/category/${toyota._id}`);
    const card = await findProductCard(page, car.productName);
    // The heading is still the card's heading; its text is now a link to the car's page.
    await expect(card.getByRole('heading', { name: car.productName })).toBeVisible();
    await card.getByRole('link', { name: car.productName }).click();

    await expect(page).toHaveURL(new RegExp(`/cars/${car._id}$`));
    await expect(page.getByRole('heading', { name: car.productName, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${car.productName} · Second Gear`);
    await expect(detail(page, 'Resale Price')).toHaveText('$24,000');
    await expect(detail(page, 'Original Price')).toHaveText('$42,000');
    await expect(detail(page, 'Condition')).toHaveText('Good');
    const details: [string, string][] = [
      ['Make', 'Toyota'],
      ['Model', 'Corolla'],
      ['Model Year', '2018'],
      // Given in km, read in the market's unit (miles).
      ['Mileage', '52,319 mi'],
      ['Fuel', 'Hybrid'],
      ['Transmission', 'Automatic'],
      ['Body Type', 'Sedan'],
      ['Colour', 'Silver'],
      ['VIN', car.vin],
      ['Year of Purchase', '2018'],
    ];
    for (const [label, value] of details) await expect(detail(page, label), label).toHaveText(value);
    await expect(page.getByText(car.description)).toBeVisible();
    await expect(page.getByText(car.location, { exact: true })).toBeVisible();
    await expect(page.getByText('Listed today')).toBeVisible();
    const sellerPanel = page.getByRole('region', { name: 'Seller' });
    await expect(sellerPanel.getByText(seller.name, { exact: true })).toBeVisible();
    await expect(sellerPanel.getByText(/^Member since [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
    await expect(sellerPanel.getByText(/^\d+ cars? for sale$/)).toBeVisible();
    await expect(sellerPanel.getByText('Verified Seller')).toHaveCount(0);
    const history = page.getByRole('region', { name: 'Price history' });
    await expect(history.getByText('Price dropped by $2,500', { exact: true })).toBeVisible();
    await expect(history.getByRole('listitem')).toContainText('$26,500');

    // The gallery: the cover first, loaded at once; every other picture lazily.
    const photos = gallery(page, car.productName);
    const main = photos.getByRole('img');
    await expect(main).toHaveAttribute('alt', `${car.productName}, photo 1 of 3`);
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect(main).toHaveAttribute('src', car.image);
    await expect(main).toHaveAttribute('width', /\d+/);
    await expect(main).toHaveAttribute('height', /\d+/);
    await expect(photos.getByText('Photo 1 of 3')).toBeVisible();
    const thumbnails = page.getByRole('list', { name: 'All photos' }).getByRole('button');
    await expect(thumbnails).toHaveCount(3);
    for (const i of [1, 2]) await expect(thumbnails.nth(i).locator('img')).toHaveAttribute('loading', 'lazy');
    await expectNoAxeViolations(page, 'car page (buyer)');
    await keepScreenshot(page, testInfo, 'car-page');

    // Keyboard: the arrow keys on the big picture, round the ends; Tab to a thumbnail, Enter shows it.
    await photos.focus();
    await page.keyboard.press('ArrowRight');
    await expect(photos.getByText('Photo 2 of 3')).toBeVisible();
    await expect(main).toHaveAttribute('alt', `${car.productName}, photo 2 of 3`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(photos.getByText('Photo 3 of 3')).toBeVisible();
    await thumbnails.nth(1).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(thumbnails.nth(0)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(thumbnails.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(photos.getByText('Photo 2 of 3')).toBeVisible();
    await expect(thumbnails.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // The page leads with Book Now and ends with Report.
    const actions = page.getByRole('group', { name: 'Actions' }).getByRole('button');
    await expect(actions.first()).toHaveText('Book Now');
    await expect(actions.last()).toHaveText('Report');

    // Book Now: the same modal as on the card, then the button becomes Booked.
    await page.getByRole('button', { name: 'Book Now' }).click();
    const modal = page.getByRole('dialog', { name: car.productName });
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Price', { exact: true })).toHaveValue('$24,000');
    await modal.getByLabel('Phone Number', { exact: true }).fill('555-0123');
    await modal.getByLabel('Meeting Location', { exact: true }).fill('Central Station');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(`${car.productName} Booking is Confirmed`, { exact: true })).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('link', { name: 'Booked' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Wishlist' })).toBeVisible();

    await seller.api.dispose();
  });

  test('a visitor opens a car that is not advertised without signing in, signs in to book it and comes back to it', async ({ browser }) => {
    const seller = await newApiActor('Seller');
    const honda = await categoryByName(seller.api, 'Honda');
    const car = await addCarViaApi(seller.api, { categoryId: honda._id, productName: uniqueCarName('E2E Private') });
    const buyer = await newApiActor('Buyer');

    // Every car on the market is public now: no redirect to Login; acting asks for it.
    const visitor = await newPersonPage(browser);
    await visitor.goto(`/cars/${car._id}`);
    await expect(visitor).toHaveURL(new RegExp(`/cars/${car._id}$`));
    await expect(visitor.getByRole('heading', { name: car.productName, level: 1 })).toBeVisible();
    await visitor.getByRole('button', { name: 'Book Now' }).click();
    await visitor.getByRole('dialog', { name: 'Sign in to book this car' }).getByRole('link', { name: 'Login' }).click();
    await expect(visitor).toHaveURL(/\/login\?next=/);
    await expect(visitor.getByText('Sign in to book this car', { exact: true })).toBeVisible();
    await logInThroughUi(visitor, buyer.email, buyer.password);
    await expect(visitor).toHaveURL(new RegExp(`/cars/${car._id}$`));
    await expect(visitor.getByRole('heading', { name: car.productName, level: 1 })).toBeVisible();
    const booking = visitor.getByRole('dialog', { name: car.productName });
    await expect(booking).toBeVisible();
    await booking.getByRole('button', { name: 'Close' }).click();
    await expect(visitor.getByRole('button', { name: 'Book Now' })).toBeEnabled();

    // An unknown car is the page's own "No such car", not the generic error screen.
    await visitor.goto('/cars/00000000-0000-4000-8000-000000000000');
    await expect(visitor.getByRole('heading', { name: 'No such car', level: 1 })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Something Went Wrong' })).toHaveCount(0);

    await visitor.context().close();
    await seller.api.dispose();
    await buyer.api.dispose();
  });

  test('a visitor opens an advertised car without signing in, and is offered to sign in to book it', async ({ browser }) => {
    const seller = await newApiActor('Seller');
    const ford = await categoryByName(seller.api, 'Ford');
    const car = await addCarViaApi(seller.api, { categoryId: ford._id, productName: uniqueCarName('E2E Public') });
    const vin = uniqueVin();
    const edited = await seller.api.put(`/api/products/${car._id}`, { data: { ...omitId(car), vin } });
    expect(edited.status(), await edited.text()).toBe(200);
    await advertiseViaApi(seller.api, car._id);

    const visitor = await newPersonPage(browser);
    await visitor.goto(`/cars/${car._id}`);
    await expect(visitor.getByRole('heading', { name: car.productName, level: 1 })).toBeVisible();
    await expect(detail(visitor, 'Resale Price')).toHaveText('$26,500');
    // A visitor sees the VIN with its serial number hidden.
    await expect(detail(visitor, 'VIN')).not.toHaveText(vin);
    await expect(detail(visitor, 'VIN')).toContainText(vin.slice(0, 11));
    // A single photo: no photo count, no thumbnails.
    await expect(gallery(visitor, car.productName).getByRole('img', { name: car.productName })).toBeVisible();
    await expect(visitor.getByRole('list', { name: 'All photos' })).toHaveCount(0);
    // A visitor is offered the buyer's actions; each asks to sign in first.
    await expect(visitor.getByRole('button', { name: 'Book Now' })).toBeEnabled();
    await expectNoAxeViolations(visitor, 'car page (visitor)');

    await visitor.getByRole('button', { name: 'Add to Wishlist' }).click();
    await visitor.getByRole('dialog', { name: 'Sign in to add this car to your wishlist' }).getByRole('link', { name: 'Login' }).click();
    await expect(visitor).toHaveURL(/\/login\?next=/);
    const buyer = await newApiActor('Buyer');
    await logInThroughUi(visitor, buyer.email, buyer.password);
    await expect(visitor).toHaveURL(new RegExp(`/cars/${car._id}$`));
    // Signed in now: the whole VIN, the car saved as asked, and the buyer's actions.
    await expect(detail(visitor, 'VIN')).toHaveText(vin);
    await expect(visitor.getByRole('link', { name: 'On your wishlist' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Book Now' })).toBeEnabled();

    await visitor.context().close();
    await seller.api.dispose();
    await buyer.api.dispose();
  });

  test('on a 390 px phone the page does not scroll sideways, and a swipe moves between photos', async ({ page }, testInfo) => {
    const seller = await newApiActor('Seller');
    const car = await addDetailedCar(seller, 'Hyundai');
    await signUpInBrowser(page, 'Buyer');
    await page.setViewportSize(phoneScreen);
    await page.goto(`/cars/${car._id}`);
    await expect(page.getByRole('heading', { name: car.productName, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, 'car page (phone)');
    await keepScreenshot(page, testInfo, 'car-page');

    const photos = gallery(page, car.productName);
    const box = (await photos.boundingBox())!;
    const y = box.y + box.height / 2;
    const swipe = async (fromX: number, toX: number) => {
      const touch = { pointerType: 'touch', isPrimary: true, pointerId: 7, clientY: y };
      await photos.dispatchEvent('pointerdown', { ...touch, clientX: fromX });
      await photos.dispatchEvent('pointerup', { ...touch, clientX: toX });
    };
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await expect(photos.getByText('Photo 2 of 3')).toBeVisible();
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
    await expect(photos.getByText('Photo 1 of 3')).toBeVisible();
    // A short move is a tap, not a swipe.
    await swipe(box.x + 100, box.x + 90);
    await expect(photos.getByText('Photo 1 of 3')).toBeVisible();
    await expectNoSidewaysScroll(page);

    await seller.api.dispose();
  });
});
