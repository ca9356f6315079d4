import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { runningUrlFile } from '../apps/server/src/db/embedded-postgres.ts';
import { sharedDataDir } from './own-server.ts';
import { addCarViaApi, categoryByName, desktopScreen, expectNoAxeViolations, keepScreenshot, newApiActor, phoneScreen, uniqueCarName, type AddedCar } from './support.ts';

/**
 * The map (issue 48): `/search`'s Map view shows the search's cars as price pins and clusters, a pin
 * opens its car, a cluster zooms in, `Search this area` puts the map's area in the address, and the
 * cars without a place are listed beside; a car page shows its ZIP code's area. The tiles come from
 * a closed port (playwright.config.ts): everything works on a plain grey map, as when a tile server is down.
 */

/**
 * Places the cars as the places work does (a ZIP code's centre), straight in the shared server's
 * database: placing a car from its ZIP code is that work's, not this journey's.
 */
async function placeCars(places: { car: AddedCar; zip: string; lat: number; lon: number }[]) {
  const port = Number(process.env.E2E_PORT ?? 3917);
  const client = new pg.Client({ connectionString: fs.readFileSync(runningUrlFile(sharedDataDir(port)), 'utf8') });
  await client.connect();
  try {
    for (const { car, zip, lat, lon } of places) {
      await client.query('update products set zip = $2, lat = $3, lon = $4 where id = $1', [car._id, zip, lat, lon]);
    }
  } finally {
    await client.end();
  }
}

/** A word only this journey's cars have, which the search finds them by (a make of their own would add a brand to every other journey's home page). */
const tag = `Mapped${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let cars: { austin: AddedCar; austinToo: AddedCar; southAustin: AddedCar; dallas: AddedCar; unplaced: AddedCar };

test.beforeAll(async () => {
  const seller = await newApiActor('Seller');
  const toyota = await categoryByName(seller.api, 'Toyota');
  const add = (resalePrice: number, location: string) =>
    addCarViaApi(seller.api, { categoryId: toyota._id, productName: uniqueCarName(`${tag} E2E Map`), resalePrice, location });
  cars = {
    austin: await add(12_500, 'Austin, TX'),
    austinToo: await add(14_000, 'Austin, TX'),
    southAustin: await add(15_900, 'Austin, TX'),
    dallas: await add(21_750, 'Dallas, TX'),
    unplaced: await add(9_900, 'Somewhere far'),
  };
  await placeCars([
    { car: cars.austin, zip: '78701', lat: 30.2672, lon: -97.7431 },
    { car: cars.austinToo, zip: '78701', lat: 30.2672, lon: -97.7431 },
    { car: cars.southAustin, zip: '78704', lat: 30.2428, lon: -97.7658 },
    { car: cars.dallas, zip: '75201', lat: 32.7876, lon: -96.7994 },
  ]);
  await seller.api.dispose();
});

/** Whether the page has loaded Leaflet (which names itself `window.L`, as its noConflict() documents). */
const leafletLoaded = (page: Page) => page.evaluate(() => 'L' in window);

/** Nothing the page runs may throw: the tiles failing to load is the only trouble it meets. */
function failuresOf(page: Page): string[] {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  return failures;
}

for (const screen of [phoneScreen, desktopScreen]) {
  test(`at ${screen.width} px the Map view shows the search's cars without tiles, opens a car, zooms into a cluster and searches that area`, async ({ page }, testInfo) => {
    // Two axe checks and a dozen steps on a busy machine.
    test.setTimeout(180_000);
    const failures = failuresOf(page);
    await page.setViewportSize(screen);
    await page.goto(`/search?keyword=${tag}`);
    const view = page.getByRole('group', { name: 'View' });
    await expect(view.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article', { name: cars.dallas.productName })).toBeVisible();
    expect(await leafletLoaded(page), 'the List view loads no map code').toBe(false);
    await view.getByRole('button', { name: 'Map' }).click();
    await expect(view.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/view=map/);

    const map = page.getByRole('region', { name: 'Map of the cars found' });
    await expect(map).toBeVisible();
    expect(await leafletLoaded(page)).toBe(true);
    // Fitted to Austin and Dallas: Dallas's car is a price pin, Austin's three cars one cluster.
    const dallas = map.getByRole('button', { name: `${cars.dallas.productName}, $21,750` });
    await expect(dallas).toHaveText('$21,750');
    const austin = map.getByRole('button', { name: '3 cars here: zoom in' });
    await expect(austin).toHaveText('3');
    // The car without a place, listed beside the map, links to its page.
    await expect(page.getByRole('heading', { name: '1 car has no place on the map' })).toBeVisible();
    await expect(page.getByRole('link', { name: cars.unplaced.productName })).toHaveAttribute('href', `/cars/${cars.unplaced._id}`);
    // The tiles did not load: the map is its plain grey background.
    await expect(map.locator('img.leaflet-tile-loaded')).toHaveCount(0);
    await expectNoAxeViolations(page, `the Map view at ${screen.width} px`);
    await keepScreenshot(page, testInfo, 'map-view');

    // A pin opens a card linking to its car.
    await dallas.click();
    const card = page.getByRole('link', { name: cars.dallas.productName });
    await expect(card).toHaveAttribute('href', `/cars/${cars.dallas._id}`);
    await expect(card).toBeFocused();
    // The map moved to show the card whole, but not by the person: nothing to search yet.
    await expect(page.getByRole('button', { name: 'Search this area' })).toHaveCount(0);
    await expectNoAxeViolations(page, `a car's card on the map at ${screen.width} px`);
    await keepScreenshot(page, testInfo, 'map-car-card');
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);
    await expect(dallas).toBeFocused();

    // From the keyboard, the cluster zooms in; the cars of one ZIP code stay together and list their cars.
    await austin.focus();
    await page.keyboard.press('Enter');
    await expect(map).toBeFocused();
    const sameZip = map.getByRole('button', { name: '2 cars here: zoom in' });
    await expect(sameZip).toBeVisible();
    await expect(map.getByRole('button', { name: `${cars.southAustin.productName}, $15,900` })).toBeVisible();

    // The map moved: searching this area puts it in the address, and the map stays where it is.
    await page.getByRole('button', { name: 'Search this area' }).click();
    await expect(page).toHaveURL(/[?&]bounds=/);
    const [south, west, north, east] = new URL(page.url()).searchParams.get('bounds')!.split(',').map(Number) as [number, number, number, number];
    // Around Austin's cars, without Dallas's.
    expect(south < 30.2428 && north > 30.2672 && west < -97.7658 && east > -97.7431 && north < 32.7876).toBe(true);
    await expect(page.getByRole('button', { name: 'Search this area' })).toHaveCount(0);
    await expect(page.getByText('Only cars in the map’s area')).toBeVisible();
    await expect(sameZip).toBeVisible();

    // The List view keeps the area; clearing it searches everywhere again.
    await view.getByRole('button', { name: 'List' }).click();
    await expect(page).not.toHaveURL(/view=map/);
    await expect(page).toHaveURL(/bounds=/);
    // The area narrows the list as it did the map: Dallas's car is outside it.
    await expect(page.getByRole('article', { name: cars.austin.productName })).toBeVisible();
    await expect(page.getByRole('article', { name: cars.dallas.productName })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear map area' }).click();
    await expect(page).not.toHaveURL(/bounds=/);
    await expect(page.getByRole('article', { name: cars.dallas.productName })).toBeVisible();
    expect(failures).toEqual([]);
  });

  test(`at ${screen.width} px a car page shows its ZIP code's area on a small map, and a car without a place none`, async ({ page }, testInfo) => {
    const failures = failuresOf(page);
    await page.setViewportSize(screen);
    await page.goto(`/cars/${cars.austin._id}`);
    await expect(page.getByRole('heading', { name: 'Around ZIP 78701', level: 2 })).toBeVisible();
    const map = page.getByRole('region', { name: 'Map: Around ZIP 78701' });
    await expect(map).toHaveAccessibleDescription(/within about a mile and a half of ZIP code 78701’s centre/);
    // An area, never a pin on a spot.
    await expect(map.locator('.leaflet-overlay-pane path')).toHaveCount(1);
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(0);
    // Keyboard users pass the map by.
    const skip = page.getByRole('button', { name: 'Skip the map' });
    await skip.focus();
    await expect(skip).toBeVisible();
    await skip.press('Enter');
    await expect(page.getByText('After the map')).toBeFocused();
    await expectNoAxeViolations(page, `a car page with its area at ${screen.width} px`);
    await keepScreenshot(page, testInfo, 'car-page-area');

    await page.goto(`/cars/${cars.unplaced._id}`);
    await expect(page.getByRole('heading', { name: cars.unplaced.productName, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Around ZIP/ })).toHaveCount(0);
    expect(await leafletLoaded(page), 'a car page without a map loads no map code').toBe(false);
    expect(failures).toEqual([]);
  });
}
