import { expect, test, type Page } from '@playwright/test';
import {
  addCarViaApi,
  bookViaApi,
  categoryByName,
  demo,
  desktopScreen,
  expectNoAxeViolations,
  expectPaymentCompleted,
  newPersonPage,
  payViaApi,
  payWith,
  phoneScreen,
  signInViaApi,
  signUpInBrowser,
  tableRow,
  uniqueCarName,
} from './support.ts';

/**
 * Money held until the handover (docs/product.md, "The money's states"), as its buyer, seller and
 * admin live it: paid and held, then released and paid out, refunded by a cancelled sale, or
 * decided by the admin on a reported problem. Each journey at a desktop and at a phone width.
 */

/** A seller with a car of their own and a buyer with a booking of it, each in a browser of their own. */
async function sellerAndBuyer(page: Page, sellerPage: Page, price: number) {
  const seller = await signUpInBrowser(sellerPage, 'Seller');
  const toyota = await categoryByName(sellerPage.request, 'Toyota');
  const car = await addCarViaApi(sellerPage.request, { categoryId: toyota._id, productName: uniqueCarName('E2E Held'), resalePrice: price });
  const buyer = await signUpInBrowser(page, 'Buyer');
  const orderId = await bookViaApi(page.request, car._id);
  return { seller, buyer, car, orderId };
}

for (const [screenName, screen] of [
  ['desktop', desktopScreen],
  ['phone', phoneScreen],
] as const) {
  test.describe(`held money on a ${screenName}`, () => {
    test.use({ viewport: screen });

    test('the buyer pays, the seller sees the money held, the buyer has the car, and the seller is paid out', async ({ page, browser }) => {
      test.setTimeout(120_000);
      const sellerPage = await newPersonPage(browser);
      await sellerPage.setViewportSize(screen);
      const { car, orderId } = await sellerAndBuyer(page, sellerPage, 18500);

      // The buyer pays on the specification's payment page.
      await page.goto('/dashboard/myorders');
      await tableRow(page, car.productName).getByRole('link', { name: 'Pay' }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
      await payWith(page, '4242 4242 4242 4242');
      await expectPaymentCompleted(page);
      // The seller confirms a meeting: while the money is held, the buyer may put it in a calendar.
      const meetingTime = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
      expect((await sellerPage.request.post(`/api/bookings/${orderId}/accept`, { data: { meetingTime } })).status()).toBe(200);
      await page.goto('/dashboard/myorders');
      const order = tableRow(page, car.productName);
      await expect(order.getByRole('button', { name: 'Paid' })).toBeDisabled();
      await expect(order.getByText('Held until you have the car')).toBeVisible();
      await expect(order.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
      await expectNoAxeViolations(page, 'My Orders with a held payment');

      // The car is reserved: its page says so and offers no booking.
      await page.goto(`/cars/${car._id}`);
      await expect(page.getByText('Reserved', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);

      // The seller sees what is held, and the amount.
      await sellerPage.goto('/dashboard/bookings');
      const request = tableRow(sellerPage, car.productName);
      await expect(request.getByText('Paid $18,500, held until the buyer has the car')).toBeVisible();
      await expect(request.getByRole('button', { name: 'Cancel sale' })).toBeVisible();
      await expectNoAxeViolations(sellerPage, 'Booking Requests with a held payment');

      // The buyer has the car, and says so.
      await page.goto('/dashboard/myorders');
      await order.getByRole('button', { name: 'I have the car' }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toBeVisible();
      await expectNoAxeViolations(page, 'the I have the car confirmation');
      await confirm.getByRole('button', { name: 'I have the car' }).click();
      await expect(order.getByText(/^Released to the seller on /)).toBeVisible();
      await expect(order.getByRole('button', { name: 'I have the car' })).toHaveCount(0);
      // The car is the buyer's: the meeting is behind them, so no calendar entry is offered.
      await expect(order.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);

      // The seller adds a payout account on the test processor's onboarding page; the money goes.
      await sellerPage.goto('/dashboard/payouts');
      await expect(sellerPage.getByRole('heading', { name: 'Payouts' })).toBeVisible();
      const sale = tableRow(sellerPage, car.productName);
      await expect(sale.getByText('Waiting for a payout account')).toBeVisible();
      await expectNoAxeViolations(sellerPage, 'Payouts with money waiting');
      await sellerPage.getByRole('button', { name: 'Add payout account' }).click();
      await expect(sellerPage).toHaveURL(/\/dashboard\/payouts\/test-onboarding\?account=acct_/);
      await sellerPage.getByLabel('Account holder name').fill('Sam Seller');
      await sellerPage.getByLabel('Routing number').fill('110000000');
      await sellerPage.getByLabel('Account number').fill('000123456789');
      await expectNoAxeViolations(sellerPage, 'the test payout onboarding');
      await sellerPage.getByRole('button', { name: 'Save payout details' }).click();
      await expect(sellerPage.getByText('Payout details saved')).toBeVisible();
      await expect(sellerPage).toHaveURL(/\/dashboard\/payouts(\?onboarding=done)?$/);
      await expect(sellerPage.getByText('Payouts go to your account')).toBeVisible();
      await expect(sale.getByText(/^Sent on /)).toBeVisible();
      await expect(sale.getByText('$18,500').first()).toBeVisible();
      await expectNoAxeViolations(sellerPage, 'Payouts with the money sent');
      await sellerPage.context().close();
    });

    test('the seller cancels the sale and the buyer sees the refund', async ({ page, browser }) => {
      test.setTimeout(90_000);
      const sellerPage = await newPersonPage(browser);
      await sellerPage.setViewportSize(screen);
      const { car, buyer, orderId } = await sellerAndBuyer(page, sellerPage, 9900);
      await payViaApi(page.request, buyer, orderId);

      await sellerPage.goto('/dashboard/bookings');
      const request = tableRow(sellerPage, car.productName);
      await request.getByRole('button', { name: 'Cancel sale' }).click();
      const dialog = sellerPage.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Cancel sale' }).click();
      // The reason is required.
      await expect(dialog.getByLabel('Reason')).toBeFocused();
      await dialog.getByLabel('Reason').fill('The car failed its inspection this morning.');
      await expectNoAxeViolations(sellerPage, 'the Cancel sale dialog');
      await dialog.getByRole('button', { name: 'Cancel sale' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(request.getByText(/^Refunded on /)).toBeVisible();

      await page.goto('/dashboard/myorders');
      const order = tableRow(page, car.productName);
      await expect(order.getByRole('button', { name: 'Paid' })).toBeDisabled();
      await expect(order.getByText(/^Refunded on /)).toBeVisible();
      await expect(order.getByText('The car failed its inspection this morning.').first()).toBeVisible();
      await expect(order.getByRole('button', { name: 'I have the car' })).toHaveCount(0);
      await expectNoAxeViolations(page, 'My Orders with a refunded payment');
      // The car is on the market again.
      await page.goto(`/cars/${car._id}`);
      await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();
      await sellerPage.context().close();
    });

    test('the buyer reports a problem and the admin refunds them with a note', async ({ page, browser }) => {
      test.setTimeout(120_000);
      const sellerPage = await newPersonPage(browser);
      const { car, buyer, orderId } = await sellerAndBuyer(page, sellerPage, 7700);
      await payViaApi(page.request, buyer, orderId);
      await sellerPage.context().close();

      await page.goto('/dashboard/myorders');
      const order = tableRow(page, car.productName);
      // Before the meeting the buyer may still cancel (and be refunded); with a problem open, no longer.
      await expect(order.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
      await order.getByRole('button', { name: 'Report a problem' }).click();
      const report = page.getByRole('dialog');
      await report.getByLabel('Reason').selectOption({ label: 'The car is not as described' });
      await report.getByLabel('Details').fill('The odometer shows 40,000 km more than the listing.');
      await expectNoAxeViolations(page, 'the Report a problem dialog');
      await report.getByRole('button', { name: 'Report a problem' }).click();
      await expect(report).toHaveCount(0);
      await expect(order.getByText(/^Problem reported on .*; an admin will decide$/)).toBeVisible();
      await expect(order.getByRole('button', { name: 'I have the car' })).toHaveCount(0);
      await expect(order.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);

      const adminPage = await newPersonPage(browser);
      await adminPage.setViewportSize(screen);
      await signInViaApi(adminPage, demo.admin);
      await adminPage.goto('/dashboard/disputes');
      const row = tableRow(adminPage, car.productName);
      await expect(row).toBeVisible();
      await expectNoAxeViolations(adminPage, 'Disputes');
      await row.getByRole('link', { name: 'Decide' }).click();
      await expect(adminPage.getByText('The odometer shows 40,000 km more than the listing.')).toBeVisible();
      await adminPage.getByLabel('Note').fill('The listing understated the mileage.');
      await expectNoAxeViolations(adminPage, 'a dispute case');
      await adminPage.getByRole('button', { name: 'Refund buyer' }).click();
      await adminPage.getByRole('dialog').getByRole('button', { name: 'Refund buyer' }).click();
      await expect(adminPage.getByText('The listing understated the mileage.').first()).toBeVisible();
      await expect(adminPage.getByRole('button', { name: 'Refund buyer' })).toHaveCount(0);
      await adminPage.context().close();

      // The refund ends the booking, and the order says the admin's note once.
      await page.reload();
      await expect(order.getByText(/^Refunded on /)).toBeVisible();
      await expect(order.getByTestId('booking-status')).toHaveText('Cancelled');
      await expect(order.getByText(/The listing understated the mileage\./)).toHaveCount(1);
    });
  });
}
