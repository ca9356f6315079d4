import { expect, test } from '@playwright/test';
import { addCarViaApi, addMakeViaApi, expectNoAxeViolations, newApiActor, signUpInBrowser, uniqueCarName } from './support.ts';

// The fair price on a car's page (docs/pricing.md): a fresh make and model, so that the comparables are
// only the cars this file adds.

test('a car with enough similar cars shows its rating (on its card and in the search too), its range and the cars it came from; a lone car says Not enough data', async ({ page }) => {
  test.setTimeout(120_000);
  const make = await addMakeViaApi('Pricemake');
  // Two sellers: a week-old account with more than five cars on sale is flagged by the listing
  // checks, and a flagged car shows no rating.
  const sellers = [await newApiActor('Seller'), await newApiActor('Seller')];
  let listed = 0;
  const car = (model: string, resalePrice: number, modelYear: number, mileage: number) =>
    addCarViaApi(sellers[listed++ % 2]!.api, { categoryId: make._id, productName: uniqueCarName(`E2E ${model}`), model, resalePrice, modelYear, yearsOfUse: String(modelYear), mileage, mileageUnit: 'km' });
  // Six alike cars around 15,000; the one looked at asks 12,000.
  for (const [price, year, km] of [[15_000, 2019, 50_000], [15_500, 2019, 45_000], [14_500, 2019, 55_000], [15_200, 2020, 40_000], [14_800, 2018, 60_000], [15_000, 2019, 52_000]] as const) {
    await car('Corolla', price, year, km);
  }
  const bargain = await car('Corolla', 12_000, 2019, 50_000);
  const lone = await car('Supra', 30_000, 2020, 20_000);
  for (const seller of sellers) await seller.api.dispose();

  await signUpInBrowser(page, 'Buyer');
  // The model is priced again by a job a few seconds after its cars change.
  await expect(async () => {
    await page.goto(`/cars/${bargain._id}`);
    await expect(page.getByRole('heading', { name: 'Fair price' })).toBeVisible({ timeout: 1000 });
    await expect(page.getByText(/based on 6 similar cars/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  const panel = page.getByRole('region', { name: 'Fair price' });
  await expect(panel.getByText('Great price', { exact: true })).toBeVisible();
  // The similar cars' list (each a link to its page), beside the chart's legend.
  await expect(panel.getByRole('listitem').filter({ has: page.getByRole('link') })).toHaveCount(6);
  await expect(panel.getByText(/2020, 24,855 mi, Good: 1 year newer, 6,214 mi less/)).toBeVisible();
  await expectNoAxeViolations(page);

  // The card says it too, in the make's category.
  await page.goto(`/category/${make._id}`);
  await expect(page.getByRole('article', { name: bargain.productName }).getByText('Great price', { exact: true })).toBeVisible();

  // The search sorts by it and filters to great or good prices.
  await page.goto(`/search?make=${make._id}`);
  await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Best deal' });
  await expect(page).toHaveURL(/sort=best-deal/);
  await expect(page.getByRole('article').first()).toHaveAccessibleName(bargain.productName);
  // The box follows the address, which the click changes a moment later: click, then wait for both.
  await page.getByLabel('Great or good price').click();
  await expect(page).toHaveURL(/goodPrice=true/);
  await expect(page.getByLabel('Great or good price')).toBeChecked();
  await expect(page.getByRole('article', { name: bargain.productName })).toBeVisible();
  // The others' ratings depend on the whole market's depreciation (other specs add cars): only
  // great and good prices are left, whichever they are.
  await expect(page.getByRole('article').filter({ hasNotText: /Great price|Good price/ })).toHaveCount(0);

  await expect(async () => {
    await page.goto(`/cars/${lone._id}`);
    await expect(page.getByRole('region', { name: 'Fair price' }).getByText('Not enough data')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
});

test('a seller typing a price sees where similar cars are listed and how the price would be rated', async ({ page }) => {
  const make = await addMakeViaApi('Guidemake');
  // Two sellers, and each car's year of purchase its model year: a flagged car (a week-old account
  // with more than five cars on sale, a model year after the purchase) is nobody's comparable.
  const others = [await newApiActor('Seller'), await newApiActor('Seller')];
  let listed = 0;
  for (const [price, year, km] of [[15_000, 2019, 50_000], [15_500, 2019, 45_000], [14_500, 2019, 55_000], [15_200, 2020, 40_000], [14_800, 2018, 60_000], [15_000, 2019, 52_000]] as const) {
    await addCarViaApi(others[listed++ % 2]!.api, {
      categoryId: make._id,
      productName: uniqueCarName('E2E Civic'),
      model: 'Civic',
      resalePrice: price,
      modelYear: year,
      yearsOfUse: String(year),
      mileage: km,
      mileageUnit: 'km',
    });
  }
  for (const seller of others) await seller.api.dispose();

  await signUpInBrowser(page, 'Seller');
  await page.goto('/dashboard/addProduct');
  const price = page.getByLabel('Resale Price', { exact: true });
  await expect(price).toHaveAccessibleDescription(/Give the category, condition, model, model year and mileage/);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: make.name });
  await page.getByLabel('Condition', { exact: true }).selectOption('Good');
  await page.getByLabel('Model', { exact: true }).fill('Civic');
  await page.getByLabel('Model Year', { exact: true }).fill('2019');
  // In the form's first unit, the market's (miles): 31,000 mi is about 50,000 km, among the others.
  await expect(page.getByLabel('Mileage unit', { exact: true })).toHaveValue('mi');
  await page.getByLabel('Mileage', { exact: true }).fill('31000');
  await expect(price).toHaveAccessibleDescription(/^Similar cars are listed between \$1\d,\d{3} and \$1\d,\d{3}\.$/);
  await price.fill('12000');
  await expect(price).toHaveAccessibleDescription(/At \$12,000 it would be rated Great price\.$/);
  await price.fill('25000');
  await expect(price).toHaveAccessibleDescription(/At \$25,000 it would be rated Overpriced\.$/);
  await expectNoAxeViolations(page);
});
