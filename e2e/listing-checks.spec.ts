import { expect, test } from '@playwright/test';
import { vinYearCode, withCheckDigit } from '@second-gear/contract/constants';
import { addCarViaApi, categoryByName, demo, expectNoAxeViolations, keepScreenshot, newApiActor, newPersonPage, phoneScreen, signInViaApi, signUpInBrowser, uniqueCarName } from './support.ts';

// The listing checks (decision 020): run by the job runner of the e2e server a second after a car is
// listed. A Toyota listed as a 2019 whose VIN says 2015 gets a neutral note; the admin sees the car
// before the cars that were only reported.

/** A made-up North American Toyota VIN of `year` (a letter in the 7th place for 2010 on), unique per run. */
function toyotaVin(year: number): string {
  return withCheckDigit(`4T1BF1FK0${vinYearCode(year)}U${String(Date.now() % 1_000_000).padStart(6, '0')}`);
}

test("a car whose VIN says another year shows the Listing checks panel with a neutral note, and comes first in the admin's Reported Items", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const seller = await newApiActor('Seller');
  const toyota = await categoryByName(seller.api, 'Toyota');
  const checked = await addCarViaApi(seller.api, {
    categoryId: toyota._id,
    productName: uniqueCarName('E2E Checked Corolla'),
    model: 'Corolla',
    modelYear: 2019,
    mileage: 48_000,
    mileageUnit: 'km',
    vin: toyotaVin(2015),
  });
  const reportedOnly = await addCarViaApi(seller.api, { categoryId: toyota._id, productName: uniqueCarName('E2E Reported only') });
  await seller.api.dispose();
  const buyer = await newApiActor('Buyer');
  const reported = await buyer.api.post('/api/reports', { data: { productId: reportedOnly._id, reason: 'Wrong information' } });
  expect(reported.status(), await reported.text()).toBe(200);
  await buyer.api.dispose();

  // The buyer opens the car's page once the job has checked it.
  const buyerPage = await newPersonPage(browser);
  await signUpInBrowser(buyerPage, 'Buyer');
  const panel = buyerPage.getByRole('region', { name: 'Listing checks', exact: true });
  await expect(async () => {
    await buyerPage.goto(`/cars/${checked._id}`);
    await expect(panel).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const vin = panel.getByRole('listitem').filter({ hasText: 'VIN: Note' });
  await expect(vin.getByText('This VIN decodes to a 2015 car; the listing says 2019. Ask the seller.')).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: 'Seller: Passed' })).toContainText('The seller joined today');
  // The test pictures are one plain colour: nothing to compare.
  await expect(panel.getByRole('listitem').filter({ hasText: 'Photos: Not checked' })).toBeVisible();
  await expect(panel.getByText(/fraud|scam|suspicious/i)).toHaveCount(0);
  await expectNoAxeViolations(buyerPage, 'car page with its listing checks');
  await keepScreenshot(buyerPage, testInfo, 'listing checks');
  // On a phone the notes wrap: nothing scrolls sideways.
  await buyerPage.setViewportSize(phoneScreen);
  await expect(vin).toBeVisible();
  expect(await buyerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await keepScreenshot(buyerPage, testInfo, 'listing checks');
  await buyerPage.context().close();

  // The admin sees it in Reported Items, with what the checks found, before the car that was only reported.
  await signInViaApi(page, demo.admin);
  await page.goto('/dashboard/reporteditems');
  const rows = page.getByRole('main').getByRole('row');
  const flaggedRow = rows.filter({ hasText: checked.productName });
  await expect(flaggedRow).toBeVisible();
  await expect(flaggedRow.getByRole('list', { name: 'Listing checks' })).toContainText('This VIN decodes to a 2015 car; the listing says 2019.');
  await expect(rows.filter({ hasText: reportedOnly.productName })).toBeVisible();
  const names = await rows.allTextContents();
  const flaggedAt = names.findIndex((text) => text.includes(checked.productName));
  const reportedAt = names.findIndex((text) => text.includes(reportedOnly.productName));
  expect(flaggedAt).toBeLessThan(reportedAt);
  await expectNoAxeViolations(page, 'admin: Reported Items with a flagged car');
  await keepScreenshot(page, testInfo, 'reported items with a flagged car');
});
