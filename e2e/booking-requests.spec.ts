import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  addCarViaApi,
  bookViaApi,
  categoryByName,
  dashboardMenu,
  expectNoAxeViolations,
  findProductCard,
  keepScreenshot,
  newApiActor,
  newPersonPage,
  openEmailTo,
  signInViaApi,
  signUpInBrowser,
  tableRow,
  uniqueCarName,
} from './support.ts';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A datetime-local value two days ahead at 15:30 (`2026-11-27T15:30`): in the future in any browser's zone. */
function inTwoDays(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T15:30`;
}

/** How the web app writes that local time (`Nov 27, 2026, 3:30 PM`). */
function shown(local: string): string {
  const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})T/.exec(local)!;
  return `${months[Number(m) - 1]} ${Number(d)}, ${y}, 3:30 PM`;
}

async function openBookingRequests(page: Page) {
  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: 'Booking Requests', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/bookings$/);
  await expect(page.getByRole('heading', { name: /^Booking Requests/, level: 1 })).toBeVisible();
}

test.describe('booking requests', () => {
  test('a buyer books with a preferred time, the seller accepts it, the buyer sees it confirmed and downloads the calendar file', async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const seller = await newApiActor('Seller');
    const bmw = await categoryByName(seller.api, 'BMW');
    const car = await addCarViaApi(seller.api, { categoryId: bmw._id, productName: uniqueCarName('E2E Requested'), resalePrice: 18_900 });

    // The buyer books with a Preferred Time.
    const buyer = await signUpInBrowser(page, 'Buyer');
    await page.goto(`/category/${bmw._id}`);
    const card = await findProductCard(page, car.productName);
    await card.getByRole('button', { name: 'Book Now' }).click();
    const modal = page.getByRole('dialog', { name: car.productName });
    await modal.getByLabel('Phone Number', { exact: true }).fill('555-0177');
    await modal.getByLabel('Meeting Location', { exact: true }).fill('Central Station');
    const wish = inTwoDays();
    await modal.getByLabel('Preferred Time', { exact: true }).fill(wish);
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(`${car.productName} Booking is Confirmed`, { exact: true })).toBeVisible();

    // The seller finds it in Booking Requests, newest first, and accepts it at the wished time.
    const sellerPage = await newPersonPage(browser);
    await signInViaApi(sellerPage, seller);
    await openBookingRequests(sellerPage);
    const row = tableRow(sellerPage, car.productName);
    for (const text of [buyer.name, '555-0177', 'Central Station', shown(wish), 'Pending']) await expect(row).toContainText(text);
    await expectNoAxeViolations(sellerPage, 'booking requests');
    await keepScreenshot(sellerPage, testInfo, 'booking-requests');

    await row.getByRole('button', { name: 'Accept', exact: true }).click();
    const accept = sellerPage.getByRole('dialog', { name: 'Accept this booking' });
    await expect(accept.getByLabel('Meeting Time', { exact: true })).toHaveValue(wish);
    await expectNoAxeViolations(sellerPage, 'accept dialog');
    await accept.getByRole('button', { name: 'Confirm Meeting' }).click();
    await expect(sellerPage.getByText('Meeting confirmed', { exact: true })).toBeVisible();
    await expect(accept).toBeHidden();
    await expect(row).toContainText(`Confirmed for ${shown(wish)}`);
    // On a phone the table is a stack of cards, nothing wider than the screen.
    await sellerPage.setViewportSize({ width: 390, height: 844 });
    await expect(row.getByRole('button', { name: 'Change Time' })).toBeVisible();
    await expect.poll(() => sellerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(sellerPage, testInfo, 'booking-requests-confirmed');

    // The buyer's My Orders says so, and the calendar file is the meeting's.
    await page.goto('/dashboard/myorders');
    const order = tableRow(page, car.productName);
    await expect(order).toContainText(`Confirmed for ${shown(wish)}`);
    await expectNoAxeViolations(page, 'my orders with a confirmed booking');
    const [download] = await Promise.all([page.waitForEvent('download'), order.getByRole('link', { name: 'Add to calendar' }).click()]);
    const ics = fs.readFileSync((await download.path())!, 'utf8').replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/^UID:booking-[0-9a-f-]{36}@second-gear\r$/m);
    expect(ics).toContain(`SUMMARY:Viewing: ${car.productName}`);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('STATUS:CONFIRMED');

    // The same news reached the buyer by email, with the meeting's calendar file: the page's words
    // for the time, then the name of the buyer's zone (kept from the browser at sign-up).
    const zone = await page.evaluate(
      (local) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZoneName: 'short' }).formatToParts(new Date(local)).find((part) => part.type === 'timeZoneName')!.value,
      wish,
    );
    await openEmailTo(page, buyer.email);
    await expect(page.getByRole('heading', { name: `Viewing of ${car.productName} confirmed for ${shown(wish)} ${zone}`, exact: true, level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'invite.ics' })).toBeVisible();
    await sellerPage.context().close();
    await seller.api.dispose();
  });

  test('the seller declines with a reason, and the buyer reads it in My Orders', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const seller = await newApiActor('Seller');
    const toyota = await categoryByName(seller.api, 'Toyota');
    const car = await addCarViaApi(seller.api, { categoryId: toyota._id, productName: uniqueCarName('E2E Declined'), resalePrice: 9_900 });
    await signUpInBrowser(page, 'Buyer');
    await bookViaApi(page.request, car._id);

    const sellerPage = await newPersonPage(browser);
    await signInViaApi(sellerPage, seller);
    await openBookingRequests(sellerPage);
    const row = tableRow(sellerPage, car.productName);
    await expect(row).toContainText('Any time');
    await row.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = sellerPage.getByRole('dialog', { name: 'Decline this booking?' });
    await dialog.getByLabel('Reason', { exact: true }).fill('Sold at the weekend');
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(sellerPage.getByText('Booking declined', { exact: true })).toBeVisible();
    await expect(row).toContainText('Declined: Sold at the weekend');
    await expect(row.getByRole('button')).toHaveCount(0);

    await page.goto('/dashboard/myorders');
    const order = tableRow(page, car.productName);
    await expect(order).toContainText('Declined: Sold at the weekend');
    await expect(order.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(order.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
    await sellerPage.context().close();
    await seller.api.dispose();
  });

  test('the buyer cancels a pending booking after confirming in a dialog', async ({ page }) => {
    const seller = await newApiActor('Seller');
    const toyota = await categoryByName(seller.api, 'Toyota');
    const car = await addCarViaApi(seller.api, { categoryId: toyota._id, productName: uniqueCarName('E2E Cancelled'), resalePrice: 7_500 });
    await signUpInBrowser(page, 'Buyer');
    await bookViaApi(page.request, car._id);

    await page.goto('/dashboard/myorders');
    const order = tableRow(page, car.productName);
    await expect(order).toContainText('Pending');
    await order.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expectNoAxeViolations(page, 'cancel booking dialog');
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(page.getByText(`Your booking of ${car.productName} is cancelled`, { exact: true })).toBeVisible();
    await expect(order).toContainText('Cancelled');
    await expect(order.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
    // Nothing to pay, and the car may be booked again: its page offers Book Now, not Booked.
    await expect(order.getByRole('link', { name: 'Pay' })).toHaveCount(0);
    await page.goto(`/cars/${car._id}`);
    await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Booked' })).toHaveCount(0);
    await seller.api.dispose();
  });
});
