import { expect, test, type Page } from '@playwright/test';
import {
  addCarViaApi,
  categoryByName,
  dashboardMenu,
  deleteDialog,
  demo,
  expectNoAxeViolations,
  expectNotOnFirstPage,
  findProductCard,
  newApiActor,
  newPersonPage,
  signInViaApi,
  signUpInBrowser,
  tableRow,
  uniqueCarName,
} from './support.ts';

/** The demo admin, signed in, opens one of the admin screens from the side menu. */
async function openAdminScreen(page: Page, entry: 'All Sellers' | 'All Buyers' | 'Reported Items'): Promise<void> {
  await signInViaApi(page, demo.admin);
  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: entry, exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: new RegExp(`^${entry}`), level: 1 })).toBeVisible();
}

test.describe('admin', () => {
  test('the admin verifies a new seller; their car then shows Verified Seller', async ({ page }) => {
    const seller = await newApiActor('Seller');
    const hyundai = await categoryByName(seller.api, 'Hyundai');
    const car = await addCarViaApi(seller.api, { categoryId: hyundai._id, productName: uniqueCarName('E2E Verified') });

    await openAdminScreen(page, 'All Sellers');
    await expect(page).toHaveURL(/\/dashboard\/allseller$/);
    const row = tableRow(page, seller.email);
    await expect(row.getByText(seller.name)).toBeVisible();
    await expect(row.getByText('Not verified')).toBeVisible();
    const verify = row.getByRole('button', { name: 'Make Verified' });
    await expect(verify).toBeEnabled();
    await verify.click();
    // The seller's record opens; a note on it verifies (verification.spec.ts walks through the evidence).
    const panel = page.getByRole('dialog', { name: `Verify ${seller.name}` });
    await panel.getByLabel('Note').fill('New seller, checked.');
    await panel.getByRole('button', { name: 'Verify seller' }).click();
    await expect(page.getByText(`${seller.name} verified successfully!!`, { exact: true })).toBeVisible();
    await expect(verify).toBeDisabled();
    await expect(row.getByText('Verified', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'admin: All Sellers');

    // The demo seller is verified already: their Make Verified is disabled.
    await expect(tableRow(page, demo.seller.email).getByRole('button', { name: 'Make Verified' })).toBeDisabled();

    // The badge on the seller's car (added before the verification).
    await page.goto(`/category/${hyundai._id}`);
    const card = await findProductCard(page, car.productName);
    await expect(card).toBeVisible();
    await expect(card.getByText('Verified Seller')).toBeVisible();

    await seller.api.dispose();
  });

  test('the admin deletes a new buyer through the dialog; the buyer’s session ends', async ({ page, browser }) => {
    const buyerPage = await newPersonPage(browser);
    const buyer = await signUpInBrowser(buyerPage, 'Buyer');
    await buyerPage.goto('/dashboard/myorders');
    await expect(buyerPage.getByRole('heading', { name: /My Orders/ })).toBeVisible();

    await openAdminScreen(page, 'All Buyers');
    await expect(page).toHaveURL(/\/dashboard\/allbuyer$/);
    const row = tableRow(page, buyer.email);
    await expect(row.getByText(buyer.name)).toBeVisible();
    await expectNoAxeViolations(page, 'admin: All Buyers');

    // Cancel keeps the buyer.
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = deleteDialog(page);
    await expect(dialog.getByText(`If you Delete ${buyer.name} It Cannot be Undone.`, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'admin: delete buyer dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText(`If you Delete ${buyer.name} It Cannot be Undone.`, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('User Deleted Successfully', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);

    // The deleted buyer's session is refused: the API says 401 and the next navigation lands on /login.
    const orders = await buyerPage.request.get(`/api/orders?${new URLSearchParams({ email: buyer.email }).toString()}`);
    expect(orders.status()).toBe(401);
    await buyerPage.goto('/dashboard/myorders');
    await expect(buyerPage).toHaveURL(/\/login$/);
    await expect(buyerPage.getByRole('heading', { name: 'Login' })).toBeVisible();

    await buyerPage.context().close();
  });

  test('a buyer reports cars; the admin deletes one and dismisses the other in Reported Items', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const seller = await newApiActor('Seller');
    const mercedes = await categoryByName(seller.api, 'Mercedes-Benz');
    const scam = await addCarViaApi(seller.api, { categoryId: mercedes._id, productName: uniqueCarName('E2E Scam') });
    const fine = await addCarViaApi(seller.api, { categoryId: mercedes._id, productName: uniqueCarName('E2E Fine') });

    // The buyer reports both cars from their cards.
    const buyerPage = await newPersonPage(browser);
    await signUpInBrowser(buyerPage, 'Buyer');
    await buyerPage.goto(`/category/${mercedes._id}`);
    for (const [car, reason, note] of [
      [scam, 'Scam or fraud', 'Asks for a deposit by wire transfer.'],
      [fine, 'Wrong information', ''],
    ] as const) {
      const card = await findProductCard(buyerPage, car.productName);
      await expect(card).toBeVisible();
      await buyerPage.getByRole('listitem').filter({ has: card }).getByRole('button', { name: 'Report' }).click();
      const dialog = buyerPage.getByRole('dialog', { name: `Report ${car.productName}` });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Send Report' }).click();
      await expect(dialog.getByText('Reason is Required')).toBeVisible();
      await expectNoAxeViolations(buyerPage, 'report dialog with its validation message');
      await dialog.getByLabel('Reason', { exact: true }).selectOption(reason);
      if (note) await dialog.getByLabel('Note', { exact: true }).fill(note);
      await dialog.getByRole('button', { name: 'Send Report' }).click();
      await expect(buyerPage.getByText('Thanks, the report was sent to our team.').first()).toBeVisible();
      await expect(dialog).toBeHidden();
    }

    await openAdminScreen(page, 'Reported Items');
    await expect(page).toHaveURL(/\/dashboard\/reporteditems$/);
    const scamRow = tableRow(page, scam.productName);
    await expect(scamRow).toBeVisible();
    await expect(scamRow.getByText(seller.name)).toBeVisible();
    await expect(scamRow.getByText('Scam or fraud')).toBeVisible();
    await expect(scamRow.getByText('Asks for a deposit by wire transfer.')).toBeVisible();
    const fineRow = tableRow(page, fine.productName);
    await expect(fineRow.getByText('Wrong information')).toBeVisible();
    await expectNoAxeViolations(page, 'admin: Reported Items');

    // Delete the scam through the dialog.
    await scamRow.getByRole('button', { name: 'Delete Car' }).click();
    const dialog = deleteDialog(page);
    await expect(dialog.getByText(`If you Delete ${scam.productName} It Cannot be Undone.`, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'admin: delete car dialog');
    // The seller is told, with the reason given here.
    await dialog.getByLabel('Reason told to the seller').fill('Asks buyers for a deposit before a viewing.');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`Product ${scam.productName} Deleted Successfully`, { exact: true })).toBeVisible();
    await expect(scamRow).toHaveCount(0);

    // Dismiss the other: the reports go, the car stays listed.
    await fineRow.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText('Reports dismissed', { exact: true })).toBeVisible();
    await expect(fineRow).toHaveCount(0);

    await buyerPage.goto(`/category/${mercedes._id}`);
    await expect(await findProductCard(buyerPage, fine.productName)).toBeVisible();
    await expectNotOnFirstPage(buyerPage, scam.productName);
    // The deleted car is nowhere to be bought: its own address says so.
    await buyerPage.goto(`/cars/${scam._id}`);
    await expect(buyerPage.getByRole('heading', { name: 'This car is no longer listed' })).toBeVisible();

    await buyerPage.context().close();
    await seller.api.dispose();
  });
});
