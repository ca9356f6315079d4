import { expect, test, type Page } from '@playwright/test';
import { addCarViaApi, baseUrl, bookViaApi, openEmailTo, categoryByName, expectNoAxeViolations, keepScreenshot, navbar, newApiActor, phoneScreen, signUpInBrowser } from './support.ts';

// A booking request's email reaches the development mailbox (/dev/mailbox), its
// unsubscribe link works, and the seller's bell shows the notification and clears its count once
// opened. The email is the one the bookings module sends the seller ("{buyer} booked {car}").

/** The signed-in seller of `page` lists a car of this make, and a new buyer books it: the seller is told. */
async function listCarThatABuyerBooks(page: Page, make: string) {
  const category = await categoryByName(page.request, make);
  const car = await addCarViaApi(page.request, { categoryId: category._id });
  const buyer = await newApiActor('Buyer');
  try {
    await bookViaApi(buyer.api, car._id);
  } finally {
    await buyer.api.dispose();
  }
}

test('a booking request is emailed to the seller, shown in the development mailbox, and its unsubscribe link works', async ({ page }, testInfo) => {
  const seller = await signUpInBrowser(page, 'Seller');
  await listCarThatABuyerBooks(page, 'Toyota');

  await openEmailTo(page, seller.email);
  const text = page.getByTestId('mail-text');
  await expect(page.getByRole('heading', { name: / booked /, level: 2 })).toBeVisible();
  await expect(text).toContainText(`Open it on Second Gear: ${baseUrl}/`);
  await expect(page.getByText('List-Unsubscribe=One-Click')).toBeVisible();
  await expectNoAxeViolations(page, 'development mailbox');
  await keepScreenshot(page, testInfo, 'mailbox');

  // The unsubscribe link, as a person clicks it in the email.
  await text.getByRole('link', { name: /\/unsubscribe\?token=/ }).click();
  await expect(page.getByRole('heading', { name: 'Unsubscribe from emails', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText('You are unsubscribed');

  // A forged link is refused in words.
  await page.goto('/unsubscribe?token=forged.token');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid');
});

test('the bell shows the new notification and clears its unread count when opened, on a phone and a desktop', async ({ page }, testInfo) => {
  await signUpInBrowser(page, 'Seller');
  await listCarThatABuyerBooks(page, 'Honda');

  await page.setViewportSize(phoneScreen);
  await page.goto('/');
  const bell = navbar(page).getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the navbar with the bell scrolls sideways at 390 px').toBeLessThanOrEqual(0);

  // Keyboard: the bell is reachable and opens with Enter.
  await bell.focus();
  await page.keyboard.press('Enter');
  const list = page.locator('#notification-list');
  await expect(list.getByRole('link', { name: / booked / })).toBeVisible();
  await expect(navbar(page).getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'notification list');
  await keepScreenshot(page, testInfo, 'bell-open');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();

  // Read stays read: after a reload the count is gone, and the list still has the notification.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  const readBell = navbar(page).getByRole('button', { name: 'Notifications', exact: true });
  await readBell.click();
  await expect(list.getByRole('link', { name: / booked / })).toBeVisible();
  await keepScreenshot(page, testInfo, 'bell-open');
  await list.getByRole('link', { name: / booked / }).click();
  await expect(list).toBeHidden();
});
