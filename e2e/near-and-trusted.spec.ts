import { expect, test, type Locator, type Page } from '@playwright/test';
import { addCarViaApi, categoryByName, expectNoAxeViolations, expectPaymentCompleted, newPersonPage, payWith, phoneScreen, signUpInBrowser, tableRow } from './support.ts';

/**
 * Near you, and people you can trust (issue 48), as a buyer in Austin lives it: the cars within 50
 * miles, nearest first, on the list and on the map; a booking, a payment, the car in hand; then the
 * buyer and the seller review each other, blind until both are in, and the stars show on the seller's
 * cards and profile, which a visitor opens from a car page. The rules (the radius, who may review,
 * blindness) are held by the API and property tests; this is the path a person takes through them.
 */

/** Writes a review in the open `Write a review` dialog: the stars chosen with the keyboard, from the first. */
async function writeReview(page: Page, stars: number, text: string) {
  const dialog = page.getByRole('dialog', { name: 'Write a review' });
  await expect(dialog.getByRole('radiogroup', { name: 'Rating' })).toBeVisible();
  // The dialog's focus starts on the first star; each arrow moves to the next and chooses it.
  await expect(dialog.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
  for (let i = 1; i < stars; i++) await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: `${stars} stars` })).toBeChecked();
  await dialog.getByLabel('Review').fill(text);
  await expectNoAxeViolations(page, 'the Write a review dialog');
  await dialog.getByRole('button', { name: 'Write a review' }).click();
  await expect(dialog).toBeHidden();
}

/** The search's result cards, in the order shown. */
const resultCards = (page: Page): Locator => page.getByRole('region', { name: 'Search results' }).getByRole('article');

for (const screen of [phoneScreen, { width: 1280, height: 900 }]) {
  test(`at ${screen.width} px a buyer in Austin finds the cars within 50 miles nearest first, sees them on the map, buys one and reviews the seller, who reviews the buyer`, async ({ page, browser }) => {
    // A whole sale between two people, and a visitor, on a busy machine.
    test.setTimeout(240_000);
    await page.setViewportSize(screen);
    const phone = screen.width < 640;
    // The journey's cars share a word of their own, which the search finds them by (a make of their
    // own would add a brand to every other journey's home page).
    const tag = `Nearby${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const sellerPage = await newPersonPage(browser);
    await sellerPage.setViewportSize(screen);
    const seller = await signUpInBrowser(sellerPage, 'Seller');
    const toyota = await categoryByName(sellerPage.request, 'Toyota');
    const add = (name: string, zip: string, location: string, resalePrice: number) =>
      addCarViaApi(sellerPage.request, { categoryId: toyota._id, productName: `${tag} ${name}`, resalePrice, location, zip });
    // South Austin, Round Rock (about 25 miles north) and Dallas (about 190 miles), each at its ZIP code's centre.
    const southAustin = await add('E2E South Austin', '78745', 'Austin, TX', 16_500);
    const roundRock = await add('E2E Round Rock', '78664', 'Round Rock, TX', 18_000);
    const dallas = await add('E2E Dallas', '75201', 'Dallas, TX', 17_000);
    const buyer = await signUpInBrowser(page, 'Buyer');

    // Near the buyer's ZIP code, within 50 miles, nearest first.
    await page.goto(`/search?keyword=${tag}`);
    await expect(resultCards(page)).toHaveCount(3);
    if (phone) await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Near', { exact: true }).fill('78745');
    await expect(page).toHaveURL(/[?&]near=78745/);
    await page.getByLabel('Distance', { exact: true }).selectOption({ label: '50 miles' });
    await expect(page).toHaveURL(/[?&]distance=50/);
    if (phone) await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByLabel('Sort by').selectOption({ label: 'Nearest first' });
    await expect(page).toHaveURL(/[?&]sort=nearest/);
    const cards = resultCards(page);
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toHaveAccessibleName(southAustin.productName);
    await expect(cards.nth(1)).toHaveAccessibleName(roundRock.productName);
    await expect(cards.nth(0)).toContainText('< 1 mi away');
    const roundRockAway = Number(/(\d+) mi away/.exec(await cards.nth(1).innerText())?.[1]);
    expect(roundRockAway).toBeGreaterThan(15);
    expect(roundRockAway).toBeLessThanOrEqual(50);
    await expect(page.getByRole('article', { name: dallas.productName })).toHaveCount(0);
    await expectNoAxeViolations(page, `cars within 50 miles, nearest first, at ${screen.width} px`);

    // The same cars on the map (its tiles unreachable here, the map grey), then back to the list.
    const view = page.getByRole('group', { name: 'View' });
    await view.getByRole('button', { name: 'Map' }).click();
    const map = page.getByRole('region', { name: 'Map of the cars found' });
    await expect(map.getByRole('button', { name: /\$16,500|2 cars here/ })).toBeVisible();
    await expect(map.getByRole('button', { name: /\$17,000/ })).toHaveCount(0);
    await expectNoAxeViolations(page, `the map of cars within 50 miles at ${screen.width} px`);
    await view.getByRole('button', { name: 'List' }).click();

    // The nearest car's page says how far it is and shows its area; the buyer books it.
    await cards.nth(0).getByRole('link', { name: southAustin.productName }).click();
    await expect(page).toHaveURL(new RegExp(`/cars/${southAustin._id}$`));
    await expect(page.getByText('< 1 mi away')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Around ZIP 78745', level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Book Now' }).first().click();
    const booking = page.getByRole('dialog', { name: southAustin.productName });
    await booking.getByLabel('Phone Number', { exact: true }).fill('555-0123');
    await booking.getByLabel('Meeting Location', { exact: true }).fill('South Congress Avenue');
    await booking.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(`${southAustin.productName} Booking is Confirmed`, { exact: true })).toBeVisible();

    // Pays, and once the car is theirs, says so.
    await page.goto('/dashboard/myorders');
    const order = tableRow(page, southAustin.productName);
    await order.getByRole('link', { name: 'Pay' }).click();
    await payWith(page, '4242 4242 4242 4242');
    await expectPaymentCompleted(page);
    await page.goto('/dashboard/myorders');
    // Nothing to review while the money is held.
    await expect(order.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
    await order.getByRole('button', { name: 'I have the car' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'I have the car' }).click();
    await expect(order.getByText(/^Released to the seller on /)).toBeVisible();

    // The buyer reviews the seller: blind until the seller's review is in.
    await order.getByRole('button', { name: 'Write a review' }).click();
    await writeReview(page, 4, 'Honest seller, the car was as described.');
    await expect(page.getByText(new RegExp(`^Thanks: your review will show when ${seller.name} has written theirs, or on `))).toBeVisible();
    await expect(order.getByText(/^Waiting for the other side's review, or until /)).toBeVisible();
    await page.goto(`/cars/${roundRock._id}`);
    await expect(page.getByRole('region', { name: 'Seller' })).toBeVisible();
    await expect(page.getByRole('img', { name: /out of 5 stars/ })).toHaveCount(0);

    // The seller reviews the buyer on Booking Requests: both are in, both show.
    await sellerPage.goto('/dashboard/bookings');
    const request = tableRow(sellerPage, southAustin.productName);
    await request.getByRole('button', { name: 'Write a review' }).click();
    await writeReview(sellerPage, 5, 'Paid at once and came on time.');
    await expect(sellerPage.getByText(`Thanks: your review of ${buyer.name} now shows, beside theirs of you.`)).toBeVisible();
    await sellerPage.reload();
    await expect(request.getByRole('img', { name: '5 out of 5 stars, 1 review' })).toBeVisible();
    await expectNoAxeViolations(sellerPage, `Booking Requests with a reviewed buyer at ${screen.width} px`);

    await page.goto('/dashboard/myorders');
    await expect(order.getByText('Your review shows')).toBeVisible();
    await expectNoAxeViolations(page, `My Orders with a shown review at ${screen.width} px`);

    // The seller's stars on their other car's card.
    await page.goto(`/search?keyword=${tag}&near=78745&distance=50&sort=nearest`);
    await expect(page.getByRole('article', { name: roundRock.productName }).getByRole('img', { name: '4 out of 5 stars, 1 review' })).toBeVisible();

    // A visitor, signed out, opens the seller's profile from a car page: the review is there.
    const visitor = await newPersonPage(browser);
    await visitor.setViewportSize(screen);
    await visitor.goto(`/cars/${roundRock._id}`);
    await visitor.getByRole('region', { name: 'Seller' }).getByRole('link', { name: seller.name }).click();
    await expect(visitor).toHaveURL(/\/sellers\/[^/]+$/);
    await expect(visitor.getByRole('heading', { name: seller.name, level: 1 })).toBeVisible();
    const reviews = visitor.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByRole('img', { name: '4 out of 5 stars, 1 review' }).first()).toBeVisible();
    await expect(reviews.getByText('Honest seller, the car was as described.')).toBeVisible();
    await expect(visitor.getByRole('article', { name: roundRock.productName })).toBeVisible();
    await expectNoAxeViolations(visitor, `a seller's profile with a review at ${screen.width} px`);
    await visitor.context().close();
    await sellerPage.context().close();
  });
}
