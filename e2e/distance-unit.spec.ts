import { expect, test, type Page } from '@playwright/test';
import { addCarViaApi, categoryByName, expectNoAxeViolations, newApiActor, desktopScreen, signUpInBrowser, uniqueCarName } from './support.ts';

/**
 * One distance unit a person sees (issue 47): the market's (miles here, DISTANCE_UNIT's default) on
 * a car's page and in the search's Max Mileage, until the person chooses Kilometres in Settings;
 * then every mileage and the filter read km, and a Max Mileage typed in km finds the car it should.
 */

const mileage = (page: Page) => page.locator('xpath=//dt[normalize-space()="Mileage"]/following-sibling::dd[1]');

test('a buyer reads miles until they choose Kilometres in Settings, then km on the car page and in the search', async ({ page }) => {
  // Two pages, Settings with its accessibility check and three searches.
  test.setTimeout(180_000);
  await page.setViewportSize(desktopScreen);
  const seller = await newApiActor('Seller');
  const honda = await categoryByName(seller.api, 'Honda');
  const car = await addCarViaApi(seller.api, { categoryId: honda._id, productName: uniqueCarName('E2E Units'), model: 'Jazz', mileage: 40_000, mileageUnit: 'mi' });

  await signUpInBrowser(page, 'Buyer');
  await page.goto(`/cars/${car._id}`);
  await expect(mileage(page)).toHaveText('40,000 mi');
  await page.goto('/search');
  await expect(page.getByLabel('Max Mileage')).toHaveAccessibleDescription('In miles');

  await page.goto('/dashboard/settings');
  const units = page.getByRole('region', { name: 'Units' });
  await expect(units.getByLabel('Distance unit')).toHaveValue('mi');
  await units.getByLabel('Distance unit').selectOption({ label: 'Kilometres' });
  await expect(page.getByText('Distance unit saved')).toBeVisible();
  await expectNoAxeViolations(page, 'Settings with Distance unit');

  await page.goto(`/cars/${car._id}`);
  await expect(mileage(page)).toHaveText('64,374 km');
  // 64,374 km is just over 40,000 mi: the car is in, and one km less leaves it out.
  await page.goto(`/search?make=${honda._id}&model=Jazz`);
  const maxMileage = page.getByLabel('Max Mileage');
  await expect(maxMileage).toHaveAccessibleDescription('In km');
  await maxMileage.fill('64374');
  await maxMileage.press('Enter');
  await expect(page).toHaveURL(/maxMileage=64374&mileageUnit=km/);
  await expect(page.getByRole('article', { name: car.productName })).toBeVisible();
  await maxMileage.fill('64373');
  await maxMileage.press('Enter');
  await expect(page).toHaveURL(/maxMileage=64373&mileageUnit=km/);
  await expect(page.getByRole('article', { name: car.productName })).toHaveCount(0);
});
