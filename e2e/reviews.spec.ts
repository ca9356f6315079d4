import { expect, test, type Page } from '@playwright/test';
import {
  addCarViaApi,
  bookViaApi,
  categoryByName,
  desktopScreen,
  expectNoAxeViolations,
  newPersonPage,
  payViaApi,
  phoneScreen,
  signUpInBrowser,
  tableRow,
  uniqueCarName,
} from './support.ts';

/**
 * Reviews only a completed sale can write (issue 48, decision 042): once the buyer has the car, the
 * buyer reviews the seller on My Orders and the seller the buyer on Booking Requests, each blind to
 * the other's until both are in; then the stars show on the seller's cars and beside the buyer.
 * The rules themselves (who, when, blindness, checks) are held by the API tests (modules/reviews).
 */

/** Writes a review in the open `Write a review` dialog: the stars chosen with the keyboard, from the first. */
async function writeReview(page: Page, stars: number, text: string) {
  const dialog = page.getByRole('dialog', { name: 'Write a review' });
  await expect(dialog.getByRole('radiogroup', { name: 'Rating' })).toBeVisible();
  // The dialog's focus starts on the first star; each arrow moves to the next and chooses it.
  await expect(dialog.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
  for (let i = 1; i < stars; i++) await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: `${stars} stars` })).toBeChecked();
  await dialog.getByLabel('Review').fill(text);
  await expectNoAxeViolations(page, 'the Write a review dialog');
  await dialog.getByRole('button', { name: 'Write a review' }).click();
  await expect(dialog).toBeHidden();
}

for (const [screenName, screen] of [
  ['desktop', desktopScreen],
  ['phone', phoneScreen],
] as const) {
  test.describe(`reviews on a ${screenName}`, () => {
    test.use({ viewport: screen });

    test('the buyer and the seller review each other after the handover; the stars show once both are in', async ({ page, browser }) => {
      test.setTimeout(120_000);
      const sellerPage = await newPersonPage(browser);
      await sellerPage.setViewportSize(screen);
      const seller = await signUpInBrowser(sellerPage, 'Seller');
      const toyota = await categoryByName(sellerPage.request, 'Toyota');
      const car = await addCarViaApi(sellerPage.request, { categoryId: toyota._id, productName: uniqueCarName('E2E Reviewed'), resalePrice: 14000 });
      const other = await addCarViaApi(sellerPage.request, { categoryId: toyota._id, productName: uniqueCarName('E2E Rated seller'), resalePrice: 15000 });
      const buyer = await signUpInBrowser(page, 'Buyer');
      const orderId = await bookViaApi(page.request, car._id);
      await payViaApi(page.request, buyer, orderId);
      const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { money: { paymentId: string } };

      // Before the buyer has the car there is nothing to review.
      await page.goto('/dashboard/myorders');
      const row = tableRow(page, car.productName);
      await expect(row.getByText('Held until you have the car')).toBeVisible();
      await expect(row.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
      expect((await page.request.post(`/api/payments/${order.money.paymentId}/received`, { data: {} })).status()).toBe(200);

      await page.reload();
      await row.getByRole('button', { name: 'Write a review' }).click();
      await writeReview(page, 4, 'Honest seller, the car was as described.');
      await expect(page.getByText(new RegExp(`^Thanks: your review will show when ${seller.name} has written theirs, or on `))).toBeVisible();
      await expect(row.getByText(/^Waiting for the other side's review, or until /)).toBeVisible();
      // Blind: the car page shows no stars yet.
      await page.goto(`/cars/${other._id}`);
      await expect(page.getByRole('img', { name: /out of 5 stars/ })).toHaveCount(0);

      await sellerPage.goto('/dashboard/bookings');
      const request = tableRow(sellerPage, car.productName);
      await request.getByRole('button', { name: 'Write a review' }).click();
      await writeReview(sellerPage, 5, 'Paid at once and came on time.');
      await expect(sellerPage.getByText(`Thanks: your review of ${buyer.name} now shows, beside theirs of you.`)).toBeVisible();
      await sellerPage.reload();
      await expect(request.getByRole('img', { name: '5 out of 5 stars, 1 review' })).toBeVisible();
      await expectNoAxeViolations(sellerPage, 'Booking Requests with a reviewed buyer');

      // Both are in: the seller's stars on their car's page, beside the seller.
      await page.goto(`/cars/${other._id}`);
      await expect(page.getByRole('region', { name: 'Seller' }).getByRole('img', { name: '4 out of 5 stars, 1 review' })).toBeVisible();
      await page.goto('/dashboard/myorders');
      await expect(tableRow(page, car.productName).getByText('Your review shows')).toBeVisible();
      await expectNoAxeViolations(page, 'My Orders with a shown review');
    });
  });
}
