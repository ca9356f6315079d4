import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  addCarViaApi,
  bookViaApi,
  categoryByName,
  desktopScreen,
  expectNoAxeViolations,
  expectPaymentCompleted,
  findProductCard,
  loadCarsUntilShown,
  keepScreenshot,
  newApiActor,
  payWith,
  phoneScreen,
  signUpInBrowser,
  uniqueCarName,
} from './support.ts';

// Honest states: what the cards, the booking modal and the payment page say is true, and
// a phone shows two and a half cars a screen. Each journey runs on a phone and on a desktop.

const viewports = [
  { name: 'phone', ...phoneScreen },
  { name: 'desktop', ...desktopScreen },
] as const;

/**
 * The WCAG contrast ratio of an element's text on its own background (both opaque here): the computed
 * colours are resolved to sRGB by a canvas, so oklch() and color-mix() count as the browser paints them.
 */
async function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return 0;
    const rgb = (colour: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = rgb(colour).map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(element);
    const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
}

/** Every action a card shows is a comfortable tap target: at least 44 px tall. */
async function expectTapTargets(card: Locator): Promise<void> {
  const actions = card.locator('button, a');
  const count = await actions.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    // An action the layout leaves out at this width (display: none) is not a target.
    if (!(await actions.nth(i).isVisible())) continue;
    const box = await actions.nth(i).boundingBox();
    expect(box?.height, `${await actions.nth(i).innerText()} is 44 px tall`).toBeGreaterThanOrEqual(44);
  }
}

/** How far apart the cards' tops are on the category page (a card plus the gap to the next one), the tallest. */
async function tallestCardPitch(page: Page): Promise<number> {
  const tops = await page.getByRole('main').getByRole('article').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().top));
  expect(tops.length).toBeGreaterThanOrEqual(3);
  let tallest = 0;
  for (let i = 1; i < tops.length; i += 1) tallest = Math.max(tallest, tops[i]! - tops[i - 1]!);
  return tallest;
}

const todayAsShown = () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());

/** The receipt on the payment page: amount, car, date paid and transaction id, and no 'Please pay'. */
async function expectReceipt(page: Page, car: { productName: string; price: string }, transactionId: string): Promise<void> {
  const receipt = page.getByRole('main').locator('dl').filter({ hasText: 'Amount' });
  await expect(receipt.getByRole('definition')).toHaveText([car.price, car.productName, todayAsShown()]);
  await expect(receipt.getByRole('term')).toHaveText(['Amount', 'Car', 'Date paid']);
  await expect(page.getByText(`Your transaction id: ${transactionId}`)).toBeVisible();
  await expect(page.getByText(/Please pay/)).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveCount(0);
}

for (const viewport of viewports) {
  test.describe(`honest states on a ${viewport.name} (${viewport.width} × ${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a buyer’s cards say Booked and On your wishlist once true; the booking modal shows the price as $…,…', async ({ page }, testInfo) => {
      test.setTimeout(150_000);
      const seller = await newApiActor('Seller');
      const hyundai = await categoryByName(seller.api, 'Hyundai');
      const toBook = await addCarViaApi(seller.api, { categoryId: hyundai._id, productName: uniqueCarName('E2E Honest Book'), resalePrice: 31500 });
      const toSave = await addCarViaApi(seller.api, { categoryId: hyundai._id, productName: uniqueCarName('E2E Honest Save'), resalePrice: 18250 });

      await signUpInBrowser(page, 'Buyer');
      await page.goto(`/category/${hyundai._id}`);
      const bookCard = await findProductCard(page, toBook.productName);
      const saveCard = await findProductCard(page, toSave.productName);
      await expect(bookCard.getByRole('button', { name: 'Book Now' })).toBeVisible();
      await expect(saveCard.getByRole('button', { name: 'Add to Wishlist' })).toBeVisible();

      // The original price is labelled, not crossed out as if it were a discount.
      const original = bookCard.getByText('$42,000', { exact: true });
      await expect(original).toBeVisible();
      expect(await original.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe('none');
      await expect(bookCard.getByText('Original Price', { exact: true })).toBeVisible();
      await expectTapTargets(bookCard);

      await keepScreenshot(page, testInfo, `category page`);
      if (viewport.width < 768) {
        // At least two and a half cars per screen on a phone.
        const pitch = await tallestCardPitch(page);
        expect(viewport.height / pitch, `cards ${pitch} px apart`).toBeGreaterThanOrEqual(2.5);
      }

      // Add to Wishlist → 'On your wishlist', a link to My Wishlist.
      await saveCard.getByRole('button', { name: 'Add to Wishlist' }).click();
      await expect(page.getByText(`${toSave.productName} is Added as Wishlist`, { exact: true })).toBeVisible();
      await expect(saveCard.getByRole('link', { name: 'On your wishlist' })).toHaveAttribute('href', '/dashboard/mywishlist');
      await expect(saveCard.getByRole('button', { name: 'Add to Wishlist' })).toHaveCount(0);
      await expect(saveCard.getByRole('button', { name: 'Book Now' })).toBeVisible();

      // Book Now: the modal's prefilled fields are disabled but readable, the price formatted.
      await bookCard.getByRole('button', { name: 'Book Now' }).click();
      const modal = page.getByRole('dialog', { name: toBook.productName });
      await expect(modal).toBeVisible();
      const price = modal.getByLabel('Price', { exact: true });
      await expect(price).toHaveValue('$31,500');
      await expect(price).toHaveValue(/^\$\d{1,3}(,\d{3})+$/);
      for (const label of ['Name', 'Email', 'Product Name', 'Price']) {
        const field = modal.getByLabel(label, { exact: true });
        await expect(field).toBeDisabled();
        expect(await contrastOf(field), `${label} contrast`).toBeGreaterThanOrEqual(4.5);
      }
      await expectNoAxeViolations(page, 'booking modal');
      await keepScreenshot(page, testInfo, `booking modal`);

      await modal.getByLabel('Phone Number', { exact: true }).fill('555-0142');
      await modal.getByLabel('Meeting Location', { exact: true }).fill('Harbour Car Park');
      await modal.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText(`${toBook.productName} Booking is Confirmed`, { exact: true })).toBeVisible();
      await expect(modal).toBeHidden();

      // 'Booked', a link to My Orders, in place of Book Now; focus moves to it instead of being lost.
      const booked = bookCard.getByRole('link', { name: 'Booked' });
      await expect(booked).toHaveAttribute('href', '/dashboard/myorders');
      await expect(booked).toBeFocused();
      await expect(bookCard.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
      await expect(bookCard.getByRole('button', { name: 'Add to Wishlist' })).toBeVisible();
      await expectTapTargets(bookCard);
      await expectNoAxeViolations(page, 'category page with booked and saved cars');

      // The same after a reload (learnt from the buyer's own orders and wishlist), and the link works.
      await page.reload();
      const bookedAgain = (await findProductCard(page, toBook.productName)).getByRole('link', { name: 'Booked' });
      await expect(bookedAgain).toBeVisible();
      await expect((await findProductCard(page, toSave.productName)).getByRole('link', { name: 'On your wishlist' })).toBeVisible();
      // Loaded already done, nothing was handed focus.
      await expect(page.locator(':focus')).toHaveCount(0);
      await keepScreenshot(page, testInfo, `category page with Booked and On your wishlist`);
      await bookedAgain.click();
      await expect(page).toHaveURL(/\/dashboard\/myorders$/);

      await seller.api.dispose();
    });

    test('a seller sees their own car without Book Now', async ({ page }) => {
      const seller = await signUpInBrowser(page, 'Seller');
      const bmw = await categoryByName(page.request, 'BMW');
      const own = await addCarViaApi(page.request, { categoryId: bmw._id, productName: uniqueCarName('E2E Honest Own') });

      await page.goto(`/category/${bmw._id}`);
      const card = await findProductCard(page, own.productName);
      await expect(card.getByText(seller.name, { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: 'Your car' })).toHaveAttribute('href', '/dashboard/myproducts');
      await expect(card.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'Add to Wishlist' })).toHaveCount(0);
      await expectTapTargets(card);
      // Someone else's car still offers Book Now to the seller (docs/product.md, "Screens").
      const othersCard = (await loadCarsUntilShown(page, page.getByRole('main').getByRole('article').filter({ hasText: 'Sam Seller' }))).first();
      await expect(othersCard.getByRole('button', { name: 'Book Now' })).toBeVisible();
      await expectNoAxeViolations(page, 'category page (seller with an own car)');
    });

    test('after paying, the payment page shows a receipt, also when opened again', async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      const seller = await newApiActor('Seller');
      const ford = await categoryByName(seller.api, 'Ford');
      const car = await addCarViaApi(seller.api, { categoryId: ford._id, productName: uniqueCarName('E2E Honest Paid'), resalePrice: 9800 });
      await signUpInBrowser(page, 'Buyer');
      const orderId = await bookViaApi(page.request, car._id);

      await page.goto(`/dashboard/payment/${orderId}`);
      await expect(page.getByText(`Please pay $9,800 for ${car.productName}`)).toBeVisible();
      await payWith(page, '4242 4242 4242 4242');
      const transactionId = await expectPaymentCompleted(page);
      const shown = { productName: car.productName, price: '$9,800' };
      await expectReceipt(page, shown, transactionId);
      await expectNoAxeViolations(page, 'receipt right after paying');
      await keepScreenshot(page, testInfo, `receipt after paying`);

      // Opened again: the Paid state (the disabled button, readable) with the same receipt.
      await page.goto(`/dashboard/payment/${orderId}`);
      const paid = page.getByRole('button', { name: 'Paid' });
      await expect(paid).toBeDisabled();
      expect(await contrastOf(paid), 'Paid contrast').toBeGreaterThanOrEqual(4.5);
      await expectReceipt(page, shown, transactionId);
      await expect(page.getByText('Congrats! Your Payment has been Completed')).toHaveCount(0);
      await expectNoAxeViolations(page, 'receipt of a paid order');
      await keepScreenshot(page, testInfo, `receipt of a paid order`);

      await seller.api.dispose();
    });
  });
}
