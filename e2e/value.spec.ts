import { expect, test } from '@playwright/test';
import type { CarPage, SearchResult } from '@second-gear/contract';
import { categoryByName, dashboardMenu, expectNoAxeViolations, fillSignUpForm, jpegPicture, phoneScreen, signUpInBrowser, uniqueCarName, uniqueUser } from './support.ts';

// What's my car worth? (issue 49): a visitor values a car the demo data has enough similar cars for
// (Toyota Camrys are three to seven years old, about 11,500 miles a year: src/demo-data/fleet.ts),
// then lists it at that price, signing up as a seller on the way. Every make used exists already.

for (const screen of [phoneScreen, { width: 1280, height: 900 }]) {
  test(`at ${screen.width} px a visitor values a car, sees its range and similar cars, and lists it at that price after signing up as a seller`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(screen);
    await page.goto('/');
    await page.getByRole('link', { name: "What's my car worth?" }).click();
    await expect(page.getByRole('heading', { name: "What's my car worth?", level: 1 })).toBeVisible();

    await page.getByLabel('Make', { exact: true }).selectOption({ label: 'Toyota' });
    await page.getByLabel('Model', { exact: true }).fill('Camry');
    await page.getByLabel('Model Year', { exact: true }).fill('2021');
    await page.getByLabel('Mileage', { exact: true }).fill('55000');
    // The market's unit first (miles).
    await expect(page.getByLabel('Mileage unit', { exact: true })).toHaveValue('mi');
    await page.getByLabel('Condition', { exact: true }).selectOption('Good');
    await page.getByLabel('ZIP code', { exact: true }).fill('78701');
    await page.getByRole('button', { name: 'Value my car' }).click();

    const answer = page.getByRole('region', { name: 'Your car’s value' });
    await expect(answer.getByText(/^Fair price \$[\d,]+; most such cars between \$[\d,]+ and \$[\d,]+\.$/)).toBeVisible();
    const estimate = Number((await answer.locator('strong').textContent())!.replace(/[$,]/g, ''));
    expect(estimate).toBeGreaterThan(5_000);
    await expect(answer.getByText(/Based on \d+ similar cars on sale/)).toBeVisible();
    await expect(answer.getByText(/\d+ of them (is|are) within 50 miles of 78701 \(Austin, TX\)\. The ZIP code does not change the fair price/)).toBeVisible();

    // The chart, drawn, with its words: the summary everybody reads and the figures behind a button.
    const chart = answer.getByRole('img', { name: /^Price against mileage of \d+ similar cars$/ });
    await expect(chart).toBeVisible();
    const similar = Number((await chart.getAttribute('aria-label'))!.match(/\d+/)![0]);
    expect(similar).toBeGreaterThanOrEqual(5);
    // Each similar car a point, and the fair price one more (a point is a line of no length: counted, not "visible").
    await expect(chart.locator('svg .ct-point')).toHaveCount(similar + 1);
    await expect(answer.getByText(/similar cars ask \$[\d,]+ to \$[\d,]+ at [\d,]+ mi to [\d,]+ mi; your car’s fair price, \$[\d,]+ at 55,000 mi, is marked\./)).toBeVisible();
    await answer.getByText('Show the figures').click();
    await expect(answer.getByRole('table').getByRole('row')).toHaveCount(similar + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll').toBe(true);
    await expectNoAxeViolations(page, `What's my car worth? (${screen.width} px)`);

    // A visitor signs up as a seller, and arrives at Add A Product with the car filled in.
    await answer.getByRole('link', { name: 'List it at this price' }).click();
    await expect(page).toHaveURL(/\/signup\?next=/);
    await expect(page.getByText('Sign up as a seller to list your car')).toBeVisible();
    await expectNoAxeViolations(page, `Sign up to list (${screen.width} px)`);
    await fillSignUpForm(page, uniqueUser('Seller'));
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Add A Product', level: 1 })).toBeVisible();
    const category = page.getByLabel('Category', { exact: true });
    await expect(category.locator('option:checked')).toHaveText('Toyota');
    await expect(page.getByLabel('Condition', { exact: true })).toHaveValue('Good');
    await expect(page.getByLabel('Resale Price', { exact: true })).toHaveValue(String(estimate));
    await expect(page.getByLabel('ZIP code', { exact: true })).toHaveValue('78701');
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Austin, TX');
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('Camry');
    await expect(page.getByLabel('Model Year', { exact: true })).toHaveValue('2021');
    await expect(page.getByLabel('Mileage', { exact: true })).toHaveValue('55000');
    await expect(page.getByLabel('Mileage unit', { exact: true })).toHaveValue('mi');
    await expectNoAxeViolations(page, `Add A Product, filled in (${screen.width} px)`);

    // The rest of the specification's fields, as any listing.
    const productName = uniqueCarName('E2E Valued Camry');
    await page.getByLabel('Product Name', { exact: true }).fill(productName);
    await page.getByLabel('Product Description', { exact: true }).fill('Valued on Second Gear, listed at its fair price.');
    await page.getByLabel('Original Price', { exact: true }).fill('29500');
    await page.getByLabel('Year of Purchase', { exact: true }).fill('2021');
    await page.getByLabel('Mobile No.', { exact: true }).fill('555-0149');
    await page.getByLabel('Image', { exact: true }).setInputFiles({ name: 'camry.jpg', mimeType: 'image/jpeg', buffer: await jpegPicture('#8899aa', 320, 240) });
    // Uploaded, not only previewed (the cover shows at once, its progress bar until the upload is
    // done): a form sent while a photo uploads is held back with a toast.
    await expect(page.getByText('The cover (Image)', { exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(`${productName} is Added Successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myproducts$/);
    // A seller finds the page again in their menu (a drawer on a phone).
    if (screen.width < 1024) await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await expect(dashboardMenu(page).getByRole('link', { name: "What's my car worth?" })).toHaveAttribute('href', '/value');

    // Listed at the estimate: found by its own words in the search, at that price.
    const keyword = productName.split(' ').at(-1)!;
    await page.goto(`/search?${new URLSearchParams({ keyword })}`);
    const card = page.getByRole('article', { name: productName });
    await expect(card).toBeVisible();
    await expect(card.getByText(`$${estimate.toLocaleString('en-US')}`, { exact: true })).toBeVisible();
  });
}

test('a buyer who values a car is told that listing is for seller accounts', async ({ page }) => {
  await signUpInBrowser(page, 'Buyer');
  const toyota = await categoryByName(page.request, 'Toyota');
  await page.goto(`/value?${new URLSearchParams({ make: toyota._id, model: 'Camry', modelYear: '2021', mileage: '55000', mileageUnit: 'mi', condition: 'Good' })}`);
  const answer = page.getByRole('region', { name: 'Your car’s value' });
  await expect(answer.getByText(/^Fair price \$[\d,]+;/)).toBeVisible();
  await expect(answer.getByText('Listing a car is for seller accounts: this account cannot list one.')).toBeVisible();
  await expect(answer.getByRole('link', { name: 'List it at this price' })).toHaveCount(0);
});

test('on a 390 px phone a car page draws its similar cars beside the deal rating, this car marked', async ({ page }) => {
  await page.setViewportSize(phoneScreen);
  const toyota = await categoryByName(page.request, 'Toyota');
  // A demo Camry with a fair price (nearly all have one: fleet.ts).
  const found = await page.request.get(`/api/search?${new URLSearchParams({ make: toyota._id, keyword: 'Camry' })}`);
  let rated: CarPage | undefined;
  for (const car of ((await found.json()) as SearchResult).results) {
    const one = (await (await page.request.get(`/api/cars/${car._id}`)).json()) as CarPage;
    if (one.fairPrice?.kind === 'rated') {
      rated = one;
      break;
    }
  }
  expect(rated, 'a demo Camry with a fair price').toBeDefined();
  const comparables = rated!.fairPrice!.kind === 'rated' ? rated!.fairPrice!.comparables.length : 0;
  await page.goto(`/cars/${rated!.product._id}`);
  const panel = page.getByRole('region', { name: 'Fair price' });
  const chart = panel.getByRole('img', { name: `Price against mileage of ${comparables} similar cars` });
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toBeVisible();
  // Each similar car, the fair price and this car's own price.
  await expect(chart.locator('svg .ct-point')).toHaveCount(comparables + 2);
  await expect(panel.getByText(/; this car’s fair price, \$[\d,]+ at [\d,]+ (mi|km), is marked\. Each is listed below with its figures\./)).toBeVisible();
  // The list stays the figures: no second table.
  await expect(panel.getByRole('listitem').filter({ has: page.getByRole('link') })).toHaveCount(comparables);
  await expect(panel.getByText('Show the figures')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll').toBe(true);
  await expectNoAxeViolations(page, 'car page with its comparables chart (phone)');
});
