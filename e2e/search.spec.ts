import { expect, test, type Page } from '@playwright/test';
import {
  addCarViaApi,
  addMakeViaApi,
  expectNoAxeViolations,
  keepScreenshot,
  navbar,
  newApiActor,
  phoneScreen,
  signUpInBrowser,
  uniqueCarName,
  type AddedCar,
  type CategoryRef,
} from './support.ts';

// The search at /search: filters in the address, counts beside the options, sorting, Back.
// Everything is scoped by a make made fresh for this file, so cars other tests add elsewhere at the
// same time change nothing here.

let make: CategoryRef;
/** The five cars the journey looks for, cheapest first. */
let cheap: AddedCar, dieselLow: AddedCar, dieselHigh: AddedCar, petrol: AddedCar, electric: AddedCar;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  make = await addMakeViaApi();
  const seller = await newApiActor('Seller');
  const car = (resalePrice: number, fuel: 'Petrol' | 'Diesel' | 'Electric', transmission: 'Automatic' | 'Manual') =>
    addCarViaApi(seller.api, {
      categoryId: make._id,
      productName: uniqueCarName('E2E Search'),
      resalePrice,
      fuel,
      transmission,
      mileage: 40000,
      mileageUnit: 'km',
    });
  // One after another, so that "newest" has a known order too.
  cheap = await car(12000, 'Petrol', 'Manual');
  dieselLow = await car(18000, 'Diesel', 'Automatic');
  dieselHigh = await car(24000, 'Diesel', 'Automatic');
  petrol = await car(31500, 'Petrol', 'Automatic');
  electric = await car(45000, 'Electric', 'Automatic');
  // Eight more above every price the journey asks for, so the make alone fills more than one page (12).
  for (let i = 0; i < 8; i += 1) await car(60000 + i * 1000, 'Petrol', 'Automatic');
  await seller.api.dispose();
});

/** The names of the result cards, in the order shown. */
async function resultNames(page: Page): Promise<string[]> {
  return page.getByRole('list').getByRole('article').evaluateAll((cards) => cards.map((card) => card.querySelector('h2')?.textContent?.trim() ?? ''));
}

test.describe('search', () => {
  test('a buyer searches by make and price, sorts by price, opens a car and comes Back to the same search', async ({ page }, testInfo) => {
    await signUpInBrowser(page, 'Buyer');
    await page.goto('/');
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { name: 'Search cars', level: 1 })).toBeVisible();

    // The make, with its count beside it (all 13 of its cars before any other filter).
    const makeSelect = page.getByLabel('Make', { exact: true });
    await expect(makeSelect.locator(`option[value="${make._id}"]`)).toHaveText(`${make.name} (13)`);
    await makeSelect.selectOption(make._id);
    await expect(page.getByText('13 cars', { exact: true })).toBeVisible();

    // A price range, applied with Enter.
    await page.getByLabel('Min Price', { exact: true }).fill('15000');
    await page.getByLabel('Max Price', { exact: true }).fill('40000');
    await page.getByLabel('Max Price', { exact: true }).press('Enter');
    await expect(page.getByText('3 cars', { exact: true })).toBeVisible();

    await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect.poll(() => resultNames(page)).toEqual([dieselLow.productName, dieselHigh.productName, petrol.productName]);
    await expect(page.getByRole('article', { name: dieselLow.productName }).getByText('$18,000')).toBeVisible();

    // Each option's count under the other filters; an option that would find nothing is shown but disabled.
    const fuel = page.getByLabel('Fuel', { exact: true });
    await expect(fuel.locator('option[value="Diesel"]')).toHaveText('Diesel (2)');
    await expect(fuel.locator('option[value="Petrol"]')).toHaveText('Petrol (1)');
    await expect(fuel.locator('option[value="Electric"]')).toHaveText('Electric (0)');
    await expect(fuel.locator('option[value="Electric"]')).toBeDisabled();
    await expect(page.getByLabel('Transmission', { exact: true }).locator('option[value="Manual"]')).toHaveText('Manual (0)');
    await expectNoAxeViolations(page, 'search results');
    await keepScreenshot(page, testInfo, 'search-results');

    const searchUrl = page.url();
    expect(new URL(searchUrl).searchParams.get('make')).toBe(make._id);
    expect(new URL(searchUrl).searchParams.get('minPrice')).toBe('15000');
    expect(new URL(searchUrl).searchParams.get('maxPrice')).toBe('40000');

    // Open a car, then Back: the same results, filters and sort.
    await page.getByRole('link', { name: dieselHigh.productName, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/cars/${dieselHigh._id}$`));
    await expect(page.getByRole('heading', { name: dieselHigh.productName, level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(searchUrl);
    await expect(page.getByText('3 cars', { exact: true })).toBeVisible();
    await expect.poll(() => resultNames(page)).toEqual([dieselLow.productName, dieselHigh.productName, petrol.productName]);
    await expect(makeSelect).toHaveValue(make._id);
    await expect(page.getByLabel('Min Price', { exact: true })).toHaveValue('15000');
    await expect(page.getByLabel('Max Price', { exact: true })).toHaveValue('40000');
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('price-asc');

    // Back once more: the search before the sort, newest first.
    await page.goBack();
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('newest');
    await expect.poll(() => resultNames(page)).toEqual([petrol.productName, dieselHigh.productName, dieselLow.productName]);
  });

  test("the navbar's Search cars field searches by keyword, typos forgiven", async ({ page }) => {
    await signUpInBrowser(page, 'Buyer');
    await page.goto('/');
    const field = page.getByRole('searchbox', { name: 'Search cars' });
    await field.fill(`${make.name.replace('Searchmake', 'Serchmake')}`);
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?keyword=Serchmake/);
    await expect(page.getByLabel('Keyword', { exact: true })).toHaveValue(make.name.replace('Searchmake', 'Serchmake'));
    await expect(page.getByText('13 cars', { exact: true })).toBeVisible();
  });

  test('typing in a field adds one history entry, not one a key; a chosen option adds its own', async ({ page }) => {
    await signUpInBrowser(page, 'Buyer');
    await page.goto(`/search?make=${make._id}`);
    await expect(page.getByText('13 cars', { exact: true })).toBeVisible();
    const location = page.getByLabel('Location', { exact: true });
    await location.pressSequentially('Portl', { delay: 60 });
    await expect(page).toHaveURL(/location=Portl$/);
    // More typing in the same field after the pause replaces that entry.
    await location.pressSequentially('and', { delay: 60 });
    await expect(page).toHaveURL(/location=Portland$/);
    await page.getByLabel('Transmission', { exact: true }).selectOption('Manual');
    await expect(page.getByText('1 car', { exact: true })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/location=Portland$/);
    await expect(page.getByLabel('Transmission', { exact: true })).toHaveValue('');
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/search\\?make=${make._id}$`));
    await expect(location).toHaveValue('');
    await expect(page.getByText('13 cars', { exact: true })).toBeVisible();
    await page.goForward();
    await expect(location).toHaveValue('Portland');
  });

  test('two filters chosen before the page has drawn the first both apply: the second builds on the first', async ({ page }) => {
    await page.goto(`/search?make=${make._id}`);
    await expect(page.getByText('13 cars', { exact: true })).toBeVisible();
    // A choice the page answers first, made again until it does: the server drew the count and the
    // cars without the app, and choices made before the app takes the page over reach it only then,
    // handed over field by field (drawn-pages.spec.ts). Then the two choices below reach its handlers
    // themselves, in one task.
    await expect(async () => {
      await page.getByLabel('Sort by').selectOption('price-asc');
      await expect(page).toHaveURL(new RegExp(`/search\\?make=${make._id}&sort=price-asc$`), { timeout: 1000 });
    }).toPass();
    // One task chooses both, as a busy phone delivers two quick choices before drawing the first:
    // the router draws the first in a transition, so the second's handler runs before it is drawn.
    const [fuel, sort] = await Promise.all([page.getByLabel('Fuel', { exact: true }).elementHandle(), page.getByLabel('Sort by').elementHandle()]);
    await page.evaluate(
      ([fuelSelect, sortSelect]) => {
        for (const [select, value] of [[fuelSelect, 'Diesel'], [sortSelect, 'price-desc']] as const) {
          (select as HTMLSelectElement).value = value;
          select!.dispatchEvent(new Event('change', { bubbles: true }));
        }
      },
      [fuel, sort],
    );
    await expect(page).toHaveURL(new RegExp(`/search\\?make=${make._id}&fuel=Diesel&sort=price-desc$`));
    await expect(page.getByText('2 cars', { exact: true })).toBeVisible();
    expect(await resultNames(page)).toEqual([dieselHigh.productName, dieselLow.productName]);
  });

  test('Load more brings the next page after the first, in the same order', async ({ page }) => {
    await signUpInBrowser(page, 'Buyer');
    await page.goto(`/search?make=${make._id}&sort=price-asc`);
    await expect(page.getByText('13 cars', { exact: true })).toBeVisible();
    await expect.poll(async () => (await resultNames(page)).length).toBe(12);
    const firstPage = await resultNames(page);
    expect(firstPage.slice(0, 5)).toEqual([cheap, dieselLow, dieselHigh, petrol, electric].map((c) => c.productName));
    await page.getByRole('button', { name: 'Load more', exact: true }).click();
    await expect.poll(async () => (await resultNames(page)).length).toBe(13);
    expect((await resultNames(page)).slice(0, 12)).toEqual(firstPage);
    await expect(page.getByRole('button', { name: 'Load more', exact: true })).toHaveCount(0);
  });

  test('no car matches: removing the last filter set brings cars back; what a hand-edited address cannot use is reset or ignored with a note', async ({ page }) => {
    await signUpInBrowser(page, 'Buyer');
    await page.goto(`/search?make=${make._id}&fuel=Electric`);
    await expect(page.getByText('1 car', { exact: true })).toBeVisible();
    await page.getByLabel('Max Price', { exact: true }).fill('20000');
    await page.getByLabel('Max Price', { exact: true }).press('Enter');
    await expect(page.getByText('No cars match these filters.')).toBeVisible();
    await expect(page.getByText('0 cars', { exact: true })).toBeVisible();
    // Fuel stays choosable while it is the one chosen, though it now finds nothing.
    await expect(page.getByLabel('Fuel', { exact: true }).locator('option[value="Electric"]')).toBeEnabled();
    await expectNoAxeViolations(page, 'search: no cars match');

    await page.getByRole('button', { name: 'Remove the last filter: Max Price' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?make=${make._id}&fuel=Electric$`));
    await expect(page.getByRole('article', { name: electric.productName })).toBeVisible();
    await expect(page.getByLabel('Max Price', { exact: true })).toHaveValue('');

    // A hand-edited address: the malformed filter is reset with the server's sentence as a note, never an
    // error screen; an unknown sort is ignored with a note, never offered under Sort by.
    await page.goto(`/search?make=${make._id}&minPrice=cheap&sort=bogus`);
    const notes = page.getByRole('status', { name: 'About this address' });
    await expect(notes).toContainText('Min Price must be a whole number. Min Price was reset.');
    await expect(notes).toContainText('Unknown sort order ignored');
    await expect(page).toHaveURL(new RegExp(`/search\\?make=${make._id}&sort=bogus$`));
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByLabel('Min Price', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    await expect(page.getByLabel('Sort by').locator('option[value="bogus"]')).toHaveCount(0);
    await expect(page.getByRole('article', { name: electric.productName })).toBeVisible();
    await expectNoAxeViolations(page, 'search: an address with values the page cannot use');
  });

  test('on a phone the filters fold behind a Filters button, one car a row, nothing wider than the screen', async ({ page }, testInfo) => {
    await page.setViewportSize(phoneScreen);
    await signUpInBrowser(page, 'Buyer');
    await page.goto('/');
    // A phone's navbar row has no room for a search field: the menu has it.
    await navbar(page).getByLabel('Open menu').click();
    await page.getByRole('link', { name: 'Search cars' }).click();
    await expect(page).toHaveURL(/\/search$/);

    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Make', { exact: true })).toBeHidden();
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('Make', { exact: true }).selectOption(make._id);
    await page.getByLabel('Fuel', { exact: true }).selectOption('Diesel');
    await expect(page.getByText('2 cars', { exact: true })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expectNoAxeViolations(page, 'search on a phone, filters open');

    // Apply filters folds the panel away and shows the results, each active filter a removable chip.
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Make', { exact: true })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Search results' })).toBeFocused();
    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect(chips.getByRole('button')).toHaveText([/^Make: .+×$/, 'Fuel: Diesel×']);
    await expectNoAxeViolations(page, 'search on a phone, filters applied');
    await chips.getByRole('button', { name: 'Remove Fuel: Diesel' }).click();
    await expect(page).not.toHaveURL(/fuel=/);
    await expect(chips.getByRole('button')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear all', exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(chips).toHaveCount(0);
    // Back to the two cars for the layout checks below.
    await filters.click();
    await page.getByLabel('Make', { exact: true }).selectOption(make._id);
    await page.getByLabel('Fuel', { exact: true }).selectOption('Diesel');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('2 cars', { exact: true })).toBeVisible();

    // One car a row: the two cards share their left edge.
    const [first, second] = await page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().left));
    expect(first).toBe(second);

    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `page wider than ${width} px`).toBeLessThanOrEqual(0);
      // The navbar's row still fits: its last button ends inside the screen, and the bell does not cover the name.
      const signOut = await page.getByRole('button', { name: 'Sign Out' }).boundingBox();
      expect(signOut!.x + signOut!.width).toBeLessThanOrEqual(width);
      const name = await navbar(page).getByRole('link', { name: /Second Gear/ }).boundingBox();
      const bell = await navbar(page).getByRole('button', { name: /Notifications/ }).boundingBox();
      expect(name!.x + name!.width, `the name reaches under the bell at ${width} px`).toBeLessThanOrEqual(bell!.x);
      await keepScreenshot(page, testInfo, 'search-phone');
    }
  });
});
