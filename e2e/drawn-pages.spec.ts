import { expect, test, type Page } from '@playwright/test';
import { addCarViaApi, baseUrl, categoryByName, holdRequests, navbar, newApiActor, phoneScreen, signInViaApi, uniqueCarName, type AddedCar } from './support.ts';

// The public pages come drawn by the server (apps/server/src/modules/site/first-screen.ts): a phone
// shows the page before the app's code has run, and the app then takes it over as it stands, with
// no second drawing (React says so in the console when what it would draw does not match).

let car: AddedCar;
let sellerId: string;

test.beforeAll(async () => {
  const seller = await newApiActor('Seller');
  // A demo make: a make of its own would add a row to the home page's brands, which phone-shell.spec.ts measures.
  const make = await categoryByName(seller.api, 'Hyundai');
  car = await addCarViaApi(seller.api, { categoryId: make._id, productName: uniqueCarName('E2E Drawn'), model: 'Touring', resalePrice: 18_750 });
  sellerId = (await (await seller.api.get('/api/auth/get-session')).json()).user.id;
  await seller.api.dispose();
});

/** The pages, and what each shows in its first screen. */
const pages = () => [
  { path: '/', shows: (page: Page) => page.getByRole('heading', { level: 1 }) },
  { path: `/cars/${car._id}`, shows: (page: Page) => page.getByRole('heading', { name: car.productName, level: 1 }) },
  { path: `/sellers/${sellerId}`, shows: (page: Page) => page.getByRole('link', { name: car.productName }).first() },
  { path: `/search?keyword=${encodeURIComponent(car.productName)}`, shows: (page: Page) => page.getByRole('link', { name: car.productName }).first() },
  { path: '/value', shows: (page: Page) => page.getByLabel('Make', { exact: true }) },
  // Drawn with the API's refusal, which comes with the page's data for the app's first render.
  { path: `/sellers/${nobody}`, shows: (page: Page) => page.getByRole('heading', { name: 'No seller here.', level: 1 }) },
  { path: `/cars/${nobody}`, shows: (page: Page) => page.getByRole('heading', { name: 'No such car', level: 1 }) },
];
const nobody = '00000000-0000-4000-8000-000000000000';

/** The page's errors, and React's complaints that the page it drew differs from the server's, as they come. */
function hydrationMismatches(page: Page): () => string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => complaints.push(`page error: ${error.message}`));
  // React's production build names a mismatch by its error number (418: the text differs, 419–425: the tree).
  return () => complaints.filter((c) => /^page error|hydrat|did not match|react\.dev\/errors\/4(1[89]|2\d)/i.test(c));
}

test.describe('pages drawn by the server', () => {
  test('show their first screen without JavaScript, the car’s price and photo with it', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: phoneScreen, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, shows } of pages()) {
      await page.goto(path);
      await expect(shows(page), path).toBeVisible();
    }
    await page.goto(`/cars/${car._id}`);
    await expect(page.getByText('$18,750').first()).toBeVisible();
    const photo = page.locator('main img').first();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await context.close();
  });

  for (const who of ['a visitor', 'a signed-in buyer'] as const) {
    // A reader far from the server's UTC, in en-GB: the page is hydrated in the clock it was drawn in, then written in theirs.
    test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-GB' });
    test(`are taken over by the app as they stand, for ${who}`, async ({ page }) => {
      await page.setViewportSize(phoneScreen);
      if (who === 'a signed-in buyer') {
        const buyer = await newApiActor('Buyer');
        await signInViaApi(page, buyer);
        await buyer.api.dispose();
      }
      const mismatches = hydrationMismatches(page);
      for (const { path, shows } of pages()) {
        await page.goto(path);
        await expect(shows(page), path).toBeVisible();
        expect(await page.locator('#first-screen-data').count(), `${path} is drawn by the server`).toBe(1);
        // Taken over: once the app's code has come and run, the menu's button (which does nothing
        // before) opens the menu.
        await page.waitForLoadState('networkidle');
        await navbar(page).getByLabel('Open menu').click();
        await expect(navbar(page).getByRole('link', { name: 'Search cars' }), path).toBeVisible();
      }
      // The dates, drawn in UTC and en-US, are then written in the reader's clock.
      await page.goto(`/cars/${car._id}`);
      await expect(page.locator('main time').first()).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      expect(mismatches()).toEqual([]);
    });
  }

  test('keep what a person typed and chose before the app took the page over', async ({ page }) => {
    // The app's code held back, as on a slow phone: the person uses the drawn page meanwhile.
    const code = await holdRequests(page, /\/assets\/.*\.js$/);
    await page.goto(`/search?keyword=${encodeURIComponent(car.productName)}`, { waitUntil: 'commit' });
    await expect(page.getByRole('link', { name: car.productName }).first()).toBeVisible();
    await code.requested;
    await page.getByLabel('Model', { exact: true }).fill('Touring');
    await page.getByLabel('Sort by', { exact: true }).selectOption('price-asc');
    code.release();
    // Taken over, the page applies both as if made now: the typed field after its pause, the option at once.
    await expect(page).toHaveURL(/[?&]sort=price-asc(&|$)/);
    await expect(page).toHaveURL(/[?&]model=Touring(&|$)/);
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('Touring');
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('price-asc');
    await expect(page.getByRole('link', { name: car.productName }).first()).toBeVisible();
  });

  // The person acts after React listens on the page and before it has taken it over (its takeover is
  // made in slices): the field's input event has React take the page over at once, inside that event.
  // Made in the microtask after React starts listening (its first listener on #root), so it is in
  // that moment every time; as a browser does, the value is set and then its events are sent.
  const inTheTakeover = [
    { what: 'an option chosen', label: 'Sort by', value: 'price-asc', events: ['input', 'change'], address: /[?&]sort=price-asc(&|$)/ },
    { what: 'a word typed', label: 'Model', value: 'Touring', events: ['input'], address: /[?&]model=Touring(&|$)/ },
  ];
  for (const { what, label, value, events, address } of inTheTakeover) {
    test(`keep ${what} while the app is taking the page over`, async ({ page }) => {
      await page.addInitScript(
        ([label, value, events]) => {
          const listen = EventTarget.prototype.addEventListener;
          let done = false;
          EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<typeof listen>) {
            if (!done && this instanceof HTMLElement && this.id === 'root') {
              done = true;
              queueMicrotask(() => {
                const field = [...document.querySelectorAll('label')].find((one) => one.textContent?.trim() === label)?.control;
                if (!(field instanceof HTMLSelectElement || field instanceof HTMLInputElement)) return;
                field.value = value;
                for (const type of events) field.dispatchEvent(new Event(type, { bubbles: true }));
              });
            }
            return listen.apply(this, args);
          } as typeof listen;
        },
        [label, value, events] as const,
      );
      await page.goto(`/search?keyword=${encodeURIComponent(car.productName)}`);
      await expect(page).toHaveURL(address);
      await page.waitForLoadState('networkidle');
      await expect(page).toHaveURL(address);
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    });
  }

  test('keep an option chosen before the search has opened near the visitor’s kept Near', async ({ page, context }) => {
    await context.addCookies([{ name: 'second-gear.near', value: encodeURIComponent(JSON.stringify({ nearZip: '78701', searchRadius: 50 })), url: baseUrl }]);
    const code = await holdRequests(page, /\/assets\/.*\.js$/);
    await page.goto('/search', { waitUntil: 'commit' });
    await code.requested;
    await page.getByLabel('Sort by', { exact: true }).selectOption('price-asc');
    code.release();
    // The search opens near the visitor, and the Sort chosen meanwhile stays.
    await expect(page).toHaveURL(/[?&]near=78701(&|$)/);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/[?&]near=78701(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=price-asc(&|$)/);
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('price-asc');
  });

  test('make a tap from before the app took the page over once it has', async ({ page }) => {
    await page.setViewportSize(phoneScreen);
    // The app's entry held back: the page has shown, and asked for it, without it.
    const code = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
    await page.goto('/search');
    await code.requested;
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    code.release();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Make', { exact: true })).toBeVisible();
  });

  test('take the page over even while one of its photos never finishes loading', async ({ page }) => {
    await page.setViewportSize(phoneScreen);
    // The page's load event waits for its photos: one held for good, as a dropped connection would.
    await holdRequests(page, /\/uploads\/.*\.(jpe?g|webp|avif)$/);
    await page.goto(`/search?keyword=${encodeURIComponent(car.productName)}`, { waitUntil: 'commit' });
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
  });

  test('know a visitor’s kept Near: the search opens near it, moved from where an earlier version kept it', async ({ page, context }) => {
    const kept = { nearZip: '78701', searchRadius: 50 };
    const mismatches = hydrationMismatches(page);
    // An earlier version kept it in the browser's localStorage, where the server cannot read it. Put
    // there from a file of the site, not one of its pages: a page's app, still coming, would move it.
    await page.goto('/robots.txt');
    await page.evaluate((value) => localStorage.setItem('second-gear.near', value), JSON.stringify(kept));
    await page.goto('/search');
    await expect(page).toHaveURL(/\/search\?near=78701&distance=50&distanceUnit=mi$/);
    expect(await page.evaluate(() => localStorage.getItem('second-gear.near'))).toBeNull();
    // The page the app drew anew, not the server's, answers its buttons all the same.
    await page.getByRole('button', { name: 'Save this search' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in to save this search' })).toBeVisible();
    await page.keyboard.press('Escape');
    const cookie = (await context.cookies()).find((c) => c.name === 'second-gear.near');
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual(kept);
    // Now the server draws with it: a bare search, opened afresh, is near the reader at once.
    await page.goto('/search');
    await expect(page).toHaveURL(/\/search\?near=78701&distance=50&distanceUnit=mi$/);
    await expect(page.getByLabel('Near', { exact: true })).toHaveValue('78701');
    // Changed on the page, it is kept anew.
    await page.getByLabel('Near', { exact: true }).fill('78745');
    await expect(page).toHaveURL(/[?&]near=78745/);
    const keptNow = async () => JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === 'second-gear.near')?.value ?? 'null'));
    await expect.poll(keptNow).toEqual({ nearZip: '78745', searchRadius: 50 });
    expect(mismatches()).toEqual([]);
  });
});
