import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import {
  addCarViaApi,
  bookViaApi,
  categoryByName,
  deleteDialog,
  demo,
  desktopScreen as desktop,
  expectNoAxeViolations,
  keepScreenshot,
  newApiActor,
  phoneScreen as phone,
  signInViaApi,
  tableRow,
  wishlistViaApi,
} from './support.ts';

// Every dashboard list on a phone: each row's actions are on screen, a thumb's size and
// working, and nothing scrolls sideways. Screenshots at phone and desktop size are kept for review.


test.use({ viewport: phone });

/** Each named action of the row (a button or a link) is visible, inside the screen's width and at least 44 px tall. */
async function expectActionsInReach(row: Locator, actions: string[]): Promise<void> {
  await row.scrollIntoViewIfNeeded();
  for (const name of actions) {
    const action = row.getByRole('button', { name, exact: true }).or(row.getByRole('link', { name, exact: true }));
    await expect(action, `${name} in its row`).toBeVisible();
    const box = (await action.boundingBox())!;
    expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(phone.width);
    expect(box.height, `${name} is a 44 px target`).toBeGreaterThanOrEqual(44);
  }
}

/** Neither the page nor anything in it scrolls sideways at 360 and 390 px. */
async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  for (const width of [360, phone.width]) {
    await page.setViewportSize({ width, height: phone.height });
    const overflowing = await page.evaluate(() => {
      const root = document.documentElement;
      // Screen-reader-only text is a clipped 1 px box by design, not a frame.
      const wide = [...document.querySelectorAll('main *')].filter(
        (element) => element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible',
      );
      return { page: root.scrollWidth - root.clientWidth, frames: wide.map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}: ${element.textContent?.slice(0, 40) ?? ''}`) };
    });
    expect(overflowing.page, `${screen} at ${width} px: the page scrolls sideways`).toBeLessThanOrEqual(0);
    expect(overflowing.frames, `${screen} at ${width} px: frames that scroll sideways`).toEqual([]);
  }
}

/** Full-page screenshots of the screen at phone and desktop width; back to the phone after. */
async function shoot(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  for (const size of [phone, desktop]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, testInfo, screen);
  }
  await page.setViewportSize(phone);
}

/** Opens a dashboard list and waits for its count. */
async function openList(page: Page, path: string, heading: string, countTestId: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: new RegExp(`^${heading}`), level: 1 })).toBeVisible();
  await expect(page.getByTestId(countTestId)).toBeVisible();
}

test('a seller advertises and deletes cars from My Products on a phone', async ({ page }, testInfo) => {
  const seller = await newApiActor('Seller');
  const toyota = await categoryByName(seller.api, 'Toyota');
  const kept = await addCarViaApi(seller.api, { categoryId: toyota._id });
  const removed = await addCarViaApi(seller.api, { categoryId: toyota._id });

  await signInViaApi(page, seller);
  await openList(page, '/dashboard/myproducts', 'My Products', 'my-products-count');
  const row = tableRow(page, kept.productName);
  await expectActionsInReach(row, ['Make Advertise', 'Delete']);
  // The card reads as label and value on a phone.
  await expect(row.getByRole('cell').filter({ hasText: '$' })).toHaveAttribute('data-label', 'Price');
  await expectNoSidewaysScroll(page, 'My Products');
  await expectNoAxeViolations(page, 'My Products on a phone');

  await row.getByRole('button', { name: 'Make Advertise' }).click();
  await expect(page.getByText('Make Advertise Successful.')).toBeVisible();
  // Done, and it says why it cannot be pressed again.
  await expect(row.getByRole('button', { name: 'Make Advertise' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Make Advertise' })).toHaveAccessibleDescription('Advertised');

  await tableRow(page, removed.productName).getByRole('button', { name: 'Delete' }).click();
  await deleteDialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`Product ${removed.productName} Deleted Successfully`)).toBeVisible();
  await expect(page.getByTestId('my-products-count')).toHaveText('1');
  await shoot(page, testInfo, 'My Products');
  await seller.api.dispose();
});

test('a buyer pays from My Orders and removes from My Wishlist on a phone', async ({ page }, testInfo) => {
  const seller = await newApiActor('Seller');
  const buyer = await newApiActor('Buyer');
  const honda = await categoryByName(seller.api, 'Honda');
  const booked = await addCarViaApi(seller.api, { categoryId: honda._id });
  const saved = await addCarViaApi(seller.api, { categoryId: honda._id });
  const orderId = await bookViaApi(buyer.api, booked._id);
  await wishlistViaApi(buyer.api, saved._id, buyer.email);

  await signInViaApi(page, buyer);
  await openList(page, '/dashboard/mywishlist', 'My Wishlist', 'my-wishlist-count');
  const wished = tableRow(page, saved.productName);
  await expectActionsInReach(wished, ['Pay', 'Remove']);
  await expectNoSidewaysScroll(page, 'My Wishlist');
  await expectNoAxeViolations(page, 'My Wishlist on a phone');
  await shoot(page, testInfo, 'My Wishlist');
  await wished.getByRole('button', { name: 'Remove' }).click();
  await deleteDialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`${saved.productName} is Removed from your Wishlist`)).toBeVisible();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();

  await openList(page, '/dashboard/myorders', 'My Orders', 'my-orders-count');
  const order = tableRow(page, booked.productName);
  await expectActionsInReach(order, ['Pay']);
  await expectNoSidewaysScroll(page, 'My Orders');
  await expectNoAxeViolations(page, 'My Orders on a phone');
  await shoot(page, testInfo, 'My Orders');
  await order.getByRole('link', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
  await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();

  await seller.api.dispose();
  await buyer.api.dispose();
});

test('an admin verifies a seller, deletes a buyer, dismisses reports and edits a category on a phone', async ({ page }, testInfo) => {
  // Five lists, each checked by axe and photographed: the longest of the phone journeys (a busy
  // machine took 90 s to reach its last step).
  test.setTimeout(180_000);
  const seller = await newApiActor('Seller');
  const buyer = await newApiActor('Buyer');
  const car = await addCarViaApi(seller.api, { categoryId: (await categoryByName(seller.api, 'Honda'))._id });
  const reported = await buyer.api.post('/api/reports', { data: { productId: car._id, reason: 'Wrong information', note: 'The mileage looks wrong to me' } });
  expect(reported.status(), await reported.text()).toBe(200);

  await signInViaApi(page, demo.admin);

  await openList(page, '/dashboard/allseller', 'All Sellers', 'sellers-count');
  const sellerRow = tableRow(page, seller.email);
  await expectActionsInReach(sellerRow, ['Make Verified', 'Delete']);
  await expectNoSidewaysScroll(page, 'All Sellers');
  await expectNoAxeViolations(page, 'All Sellers on a phone');
  await shoot(page, testInfo, 'All Sellers');
  await sellerRow.getByRole('button', { name: 'Make Verified' }).click();
  const panel = page.getByRole('dialog', { name: `Verify ${seller.name}` });
  await expectNoAxeViolations(page, 'the verification panel on a phone');
  await panel.getByLabel('Note').fill('Checked on a phone.');
  await panel.getByRole('button', { name: 'Verify seller' }).click();
  await expect(page.getByText(`${seller.name} verified successfully!!`)).toBeVisible();
  await expect(sellerRow.getByRole('button', { name: 'Make Verified' })).toHaveAccessibleDescription('Verified');

  await openList(page, '/dashboard/allbuyer', 'All Buyers', 'buyers-count');
  const buyerRow = tableRow(page, buyer.email);
  await expectActionsInReach(buyerRow, ['Delete']);
  await expectNoSidewaysScroll(page, 'All Buyers');
  await expectNoAxeViolations(page, 'All Buyers on a phone');
  await shoot(page, testInfo, 'All Buyers');

  await openList(page, '/dashboard/reporteditems', 'Reported Items', 'reported-count');
  const reportRow = tableRow(page, car.productName);
  await expectActionsInReach(reportRow, ['Dismiss', 'Delete Car']);
  await expect(reportRow.getByText('Wrong information')).toBeVisible();
  await expect(reportRow.getByText('The mileage looks wrong to me')).toBeVisible();
  await expectNoSidewaysScroll(page, 'Reported Items');
  await expectNoAxeViolations(page, 'Reported Items on a phone');
  await shoot(page, testInfo, 'Reported Items');
  await reportRow.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Reports dismissed')).toBeVisible();
  await expect(reportRow).toHaveCount(0);

  await openList(page, '/dashboard/categories', 'Categories', 'categories-count');
  const toyotaRow = tableRow(page, 'Toyota').first();
  await expectActionsInReach(toyotaRow, ['Edit', 'Delete']);
  await expectNoSidewaysScroll(page, 'Categories');
  await expectNoAxeViolations(page, 'Categories on a phone');
  await shoot(page, testInfo, 'Categories');
  await toyotaRow.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // Back to All Buyers: the buyer's Delete works from the phone card.
  await openList(page, '/dashboard/allbuyer', 'All Buyers', 'buyers-count');
  await tableRow(page, buyer.email).getByRole('button', { name: 'Delete' }).click();
  await deleteDialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('User Deleted Successfully')).toBeVisible();
  await expect(tableRow(page, buyer.email)).toHaveCount(0);

  await seller.api.dispose();
  await buyer.api.dispose();
});
