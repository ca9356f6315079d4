import { expect, test, type Page } from '@playwright/test';
import { addCarViaApi, addMakeViaApi, expectNoAxeViolations, keepScreenshot, newApiActor, phoneScreen, signUpInBrowser, uniqueCarName } from './support.ts';

// Badges a listing earns (docs/listing-checks.md, docs/pricing.md): a car the listing checks flagged
// shows no deal rating, its findings at the top of its page, comes last under Best deal and is told
// in no instant alert; the cards show the model year and the mileage in the reader's unit (the market's: miles). A make
// made fresh for this file keeps other tests' cars out.

const ratings = /Great price|Good price|Fair price|High price|Overpriced/;

/** The warning box beside the price: present once the car's checks have run (a few seconds after its fair price). */
const flagsBox = (page: Page) => page.getByRole('region', { name: /^Listing checks found/ });

test('a flagged car earns no badge, shows its flags at the top, is not first under Best deal nor in an instant alert; cards show model year and mileage', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const make = await addMakeViaApi('Honestmake');
  const buyer = await signUpInBrowser(page, 'Buyer');
  const saved = await page.request.post('/api/alerts', { data: { name: 'Honest Civics', frequency: 'Instantly', filters: { make: make._id } } });
  expect(saved.status(), await saved.text()).toBe(201);

  // Three sellers, so that none is a week-old account with more than five cars on sale (a flag of its own).
  const sellers = [await newApiActor('Seller'), await newApiActor('Seller'), await newApiActor('Seller')];
  let listed = 0;
  const civic = (resalePrice: number, details: Record<string, unknown> = {}) =>
    addCarViaApi(sellers[listed++ % sellers.length]!.api, {
      categoryId: make._id,
      productName: uniqueCarName('E2E Civic'),
      model: 'Civic',
      resalePrice,
      originalPrice: 25_000,
      modelYear: 2019,
      yearsOfUse: '2019',
      mileage: 50_000 + listed * 1_000,
      mileageUnit: 'km',
      ...details,
    });
  const honest = [];
  for (const price of [15_000, 15_300, 14_800, 15_100, 14_900, 15_200, 13_500]) honest.push(await civic(price));
  // The cheapest by far, listed in miles, with an original price of $1: possible, but not plausible.
  const flagged = await civic(9_000, { productName: uniqueCarName('E2E Suspicious Civic'), originalPrice: 1, mileage: 31_000, mileageUnit: 'mi' });
  for (const seller of sellers) await seller.api.dispose();

  // Its page: the findings in a warning box beside the price, before the photos' details; no rating.
  await expect(async () => {
    await page.goto(`/cars/${flagged._id}`);
    await expect(flagsBox(page)).toBeVisible({ timeout: 1000 });
    await expect(page.getByText(/based on \d+ similar cars/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(flagsBox(page)).toContainText('Plausibility: The original price ($1) is less than any car costs new.');
  await expect(flagsBox(page)).toContainText('No deal rating is shown');
  const boxTop = (await flagsBox(page).boundingBox())!.y;
  expect(boxTop).toBeLessThan((await page.getByRole('heading', { name: 'Details', exact: true }).boundingBox())!.y);
  const fairPrice = page.getByRole('region', { name: 'Fair price' });
  await expect(fairPrice.getByText('No rating while the listing checks above have findings to clear.')).toBeVisible();
  await expect(fairPrice.locator('.badge')).toHaveCount(0);
  // Its comparables are links to their cars, their mileage and the difference in the reader's unit (miles), whatever their sellers gave.
  await expect(fairPrice.getByRole('link', { name: honest[0]!.productName })).toHaveAttribute('href', `/cars/${honest[0]!._id}`);
  await expect(fairPrice.getByText(/2019, 31,690 mi, Good: [\d,]+ mi more; \$[\d,]+ carried over to this car/)).toBeVisible();
  await expectNoAxeViolations(page, 'a flagged car');

  // An honest car lists the other honest ones among its comparables, never the flagged one: a
  // flagged car is nobody's comparable (docs/pricing.md).
  await page.goto(`/cars/${honest[0]!._id}`);
  const honestFairPrice = page.getByRole('region', { name: 'Fair price' });
  await expect(honestFairPrice.getByRole('link', { name: honest[1]!.productName })).toBeVisible();
  await expect(honestFairPrice.getByRole('link', { name: flagged.productName })).toHaveCount(0);
  await expect(flagsBox(page)).toHaveCount(0);

  // Cards: no rating on the flagged car; the model year and the mileage in the reader's unit, 51,000 km read as miles.
  await page.goto(`/category/${make._id}`);
  const flaggedCard = page.getByRole('article', { name: flagged.productName });
  await expect(flaggedCard).toBeVisible();
  await expect(flaggedCard.getByText(ratings)).toHaveCount(0);
  await expect(flaggedCard.getByRole('definition').filter({ hasText: '31,000 mi' })).toBeVisible();
  await expect(flaggedCard.getByRole('term').filter({ hasText: 'Model Year' })).toBeVisible();
  await expect(page.getByRole('article', { name: honest[0]!.productName }).getByRole('definition').filter({ hasText: '31,690 mi' })).toBeVisible();

  // Best deal: the flagged car, cheapest of all, comes last.
  await page.goto(`/search?make=${make._id}&sort=best-deal`);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(honest.length + 1);
  await expect(cards.first()).not.toHaveAccessibleName(flagged.productName);
  await expect(cards.last()).toHaveAccessibleName(flagged.productName);
  await expect(page.getByRole('article', { name: flagged.productName }).getByText(ratings)).toHaveCount(0);

  // The instant alert told each honest car, and never the flagged one (the development mailbox).
  const subjects = async () =>
    ((await (await page.request.get('/api/dev/mailbox')).json()) as { to: string; subject: string }[]).filter((m) => m.to === buyer.email && m.subject.startsWith('New match')).map((m) => m.subject);
  await expect.poll(async () => (await subjects()).length, { timeout: 60_000 }).toBe(honest.length);
  expect((await subjects()).sort()).toEqual(honest.map((car) => `New match for “Honest Civics”: ${car.productName}`).sort());

  // On a phone: the box still sits at the top, and nothing fails axe.
  await page.setViewportSize(phoneScreen);
  await page.goto(`/cars/${flagged._id}`);
  await expect(flagsBox(page)).toBeVisible();
  expect((await flagsBox(page).boundingBox())!.y).toBeLessThan((await page.getByRole('heading', { name: 'Details', exact: true }).boundingBox())!.y);
  await expectNoAxeViolations(page, 'a flagged car on a phone');
  await keepScreenshot(page, testInfo, 'flagged-car-phone');
  await page.goto(`/search?make=${make._id}&sort=best-deal`);
  await expect(page.getByRole('article').last()).toHaveAccessibleName(flagged.productName);
  await expectNoAxeViolations(page, 'best deal on a phone');
});
