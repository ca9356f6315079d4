import { expect, test, type Page } from '@playwright/test';
import {
  addCarViaApi,
  categoryByName,
  demo,
  desktopScreen,
  expectNoAxeViolations,
  findProductCard,
  newApiActor,
  openEmailTo,
  phoneScreen,
  signInViaApi,
  signUpInBrowser,
  tableRow,
  uniqueCarName,
} from './support.ts';

/**
 * Verifying a seller with evidence: the admin's Make Verified opens the seller's record (join date,
 * confirmed email, cars with their listing checks, reports…) and asks for a note; the seller is told by
 * email; Remove verification undoes it the same way. And a refused booking says why under its field.
 */

async function openAllSellers(page: Page) {
  await signInViaApi(page, demo.admin);
  await page.goto('/dashboard/allseller');
  await expect(page.getByRole('main').getByRole('heading', { name: /^All Sellers/, level: 1 })).toBeVisible();
}

for (const screen of [desktopScreen, phoneScreen]) {
  test.describe(`at ${screen.width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize(screen));

    test('the admin verifies a seller with evidence and a note, the seller is emailed, then the admin removes the verification', async ({ page }) => {
      test.setTimeout(120_000);
      const seller = await newApiActor('Seller');
      const buyer = await newApiActor('Buyer');
      const honda = await categoryByName(seller.api, 'Honda');
      const car = await addCarViaApi(seller.api, { categoryId: honda._id, productName: uniqueCarName('E2E Evidence') });
      const reported = await buyer.api.post('/api/reports', { data: { productId: car._id, reason: 'Wrong information', note: 'The mileage looks wrong' } });
      expect(reported.status(), await reported.text()).toBe(200);

      await openAllSellers(page);
      const row = tableRow(page, seller.email);
      await row.getByRole('button', { name: 'Make Verified' }).click();
      const panel = page.getByRole('dialog', { name: `Verify ${seller.name}` });
      await expect(panel.getByText('Joined', { exact: true })).toBeVisible();
      // Set up through the API, the seller confirmed their email as they signed up.
      await expect(panel.getByText(`${seller.email} (confirmed)`)).toBeVisible();
      await expect(panel.getByText('Not given', { exact: true })).toBeVisible();
      await expect(panel.getByRole('heading', { name: 'Cars (1)', exact: true })).toBeVisible();
      await expect(panel.getByText(car.productName, { exact: true })).toBeVisible();
      await expect(panel.getByRole('heading', { name: 'Reports against their cars (1)', exact: true })).toBeVisible();
      await expect(panel.getByText(/Wrong information — “The mileage looks wrong”/)).toBeVisible();
      await expect(panel.getByRole('heading', { name: 'Flagged messages (0)', exact: true })).toBeVisible();
      await expect(panel.getByRole('heading', { name: 'Bookings of their cars (0)', exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'verification panel');

      // The note is required, said under it.
      await panel.getByRole('button', { name: 'Verify seller' }).click();
      await expect(panel.getByLabel('Note')).toHaveAccessibleDescription('Note is Required');
      await panel.getByLabel('Note').fill('Email and phone checked; one report about mileage was answered.');
      await panel.getByRole('button', { name: 'Verify seller' }).click();
      await expect(page.getByText(`${seller.name} verified successfully!!`, { exact: true })).toBeVisible();
      await expect(panel).toBeHidden();
      await expect(row.getByText('Verified', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: 'Make Verified' })).toBeDisabled();

      // The seller's email, in the development mailbox.
      await openEmailTo(page, seller.email, 'Your seller account is verified');
      await expect(page.getByTestId('mail-text')).toContainText('your cars now show the Verified Seller badge');

      // Removing it: the same record with the decision taken, and a note.
      await page.goto('/dashboard/allseller');
      await tableRow(page, seller.email).getByRole('button', { name: 'Remove verification' }).click();
      const removal = page.getByRole('dialog', { name: `Remove the verification of ${seller.name}` });
      await expect(removal.getByRole('heading', { name: 'Earlier decisions (1)', exact: true })).toBeVisible();
      await expect(removal.getByText(/Verified by .+: “Email and phone checked/)).toBeVisible();
      await expectNoAxeViolations(page, 'removing a verification');
      await removal.getByLabel('Note').fill('Verified by mistake: the phone number is not theirs.');
      await removal.getByRole('button', { name: 'Remove verification' }).click();
      await expect(page.getByText(`${seller.name} is no longer verified`, { exact: true })).toBeVisible();
      await expect(tableRow(page, seller.email).getByText('Not verified')).toBeVisible();
      await expect(tableRow(page, seller.email).getByRole('button', { name: 'Make Verified' })).toBeEnabled();

      await openEmailTo(page, seller.email, 'Your seller account is no longer verified');
      await expect(page.getByTestId('mail-text')).toContainText('no longer show the Verified Seller badge');
      await Promise.all([seller.api.dispose(), buyer.api.dispose()]);
    });

    test('a booking in the past says so under Preferred Time, in words for people', async ({ page }) => {
      const seller = await newApiActor('Seller');
      const bmw = await categoryByName(seller.api, 'BMW');
      const car = await addCarViaApi(seller.api, { categoryId: bmw._id, productName: uniqueCarName('E2E Past booking') });
      await signUpInBrowser(page, 'Buyer');
      await page.goto(`/category/${bmw._id}`);
      const card = await findProductCard(page, car.productName);
      await card.getByRole('button', { name: 'Book Now' }).click();
      const modal = page.getByRole('dialog', { name: car.productName });
      await modal.getByLabel('Preferred Time', { exact: true }).fill('2020-01-06T10:00');
      await modal.getByRole('button', { name: 'Submit' }).click();
      await expect(modal.getByLabel('Preferred Time', { exact: true })).toHaveAccessibleDescription('Preferred Time cannot be in the past');
      await expect(modal.getByLabel('Preferred Time', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(/Invalid body|preferredTime/)).toHaveCount(0);
      await expectNoAxeViolations(page, 'booking refused for a past time');
      await seller.api.dispose();
    });
  });
}
