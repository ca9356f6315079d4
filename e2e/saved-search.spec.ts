import { expect, test } from '@playwright/test';
import { addCarViaApi, addMakeViaApi, dashboardMenu, expectNoAxeViolations, keepScreenshot, navbar, newApiActor, phoneScreen, signUpInBrowser, uniqueCarName } from './support.ts';

// Saved searches (decision 019): a buyer saves a search, a seller lists a matching car, and the buyer is
// told once, in the bell and by email; My Alerts pauses, edits and deletes. A make made fresh for
// this file keeps the cars other tests add out of the search.

test('a buyer saves a search, is told once of a matching car in the bell and by email, and pauses, edits and deletes it in My Alerts', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const make = await addMakeViaApi('Alertmake');
  const buyer = await signUpInBrowser(page, 'Buyer');

  // The search: the fresh make, up to $20,000.
  await page.goto(`/search?make=${make._id}&maxPrice=20000`);
  await expect(page.getByRole('heading', { name: 'Search cars', level: 1 })).toBeVisible();
  await expect(page.getByText('No cars match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  // A name is needed.
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill('Cheap Alertmake');
  await expect(dialog.getByLabel('How often', { exact: true })).toHaveValue('Instantly');
  await expectNoAxeViolations(page, 'save this search');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Saved “Cheap Alertmake”.' })).toBeVisible();
  await page.getByRole('link', { name: 'See it in My Alerts' }).click();

  await expect(page).toHaveURL(/\/dashboard\/alerts$/);
  await expect(page.getByRole('heading', { name: /My Alerts/, level: 1 })).toBeVisible();
  await expect(dashboardMenu(page).getByRole('link', { name: 'My Alerts', exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Cheap Alertmake' });
  await expect(row).toContainText(`Make: ${make.name} · Max Price: $20,000`);
  await expect(row).toContainText('Instantly');
  await expect(row).toContainText('Active');
  await expectNoAxeViolations(page, 'my alerts');

  // A seller lists a car that matches, and one over the price.
  const seller = await newApiActor('Seller');
  const match = await addCarViaApi(seller.api, { categoryId: make._id, productName: uniqueCarName('E2E Alert match'), resalePrice: 14_500 });
  await addCarViaApi(seller.api, { categoryId: make._id, productName: uniqueCarName('E2E Alert dear'), resalePrice: 35_000 });

  // The bell: the job runs a couple of seconds after the listing.
  await page.goto('/');
  const list = page.locator('#notification-list');
  await expect(async () => {
    await page.reload();
    await navbar(page).getByRole('button', { name: 'Notifications, 1 unread' }).click({ timeout: 5000 });
  }).toPass({ timeout: 45_000 });
  const notice = list.getByRole('link', { name: new RegExp(`New match for “Cheap Alertmake”: ${match.productName}`) });
  await expect(notice).toBeVisible();
  await expect(list.getByRole('link', { name: /E2E Alert dear/ })).toHaveCount(0);
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/cars/${match._id}$`));

  // Exactly one email to the buyer, about that car, with its one-click unsubscribe (besides the sign-up's confirmation email).
  const mails = async () =>
    ((await (await page.request.get('/api/dev/mailbox')).json()) as { id: string; to: string; subject: string }[]).filter(
      (m) => m.to === buyer.email && m.subject !== 'Confirm your email address',
    );
  await expect.poll(async () => (await mails()).map((m) => m.subject), { timeout: 30_000 }).toEqual([`New match for “Cheap Alertmake”: ${match.productName}`]);
  const email = await (await page.request.get(`/api/dev/mailbox/${(await mails())[0]!.id}`)).text();
  expect(email).toContain('List-Unsubscribe=One-Click');
  expect(email).toContain(`/cars/${match._id}`);

  // Pause, then a new matching car tells nothing.
  await page.goto('/dashboard/alerts');
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row).toContainText('Paused');
  await expect(row.getByRole('button', { name: 'Resume' })).toBeVisible();
  await addCarViaApi(seller.api, { categoryId: make._id, productName: uniqueCarName('E2E Alert while paused'), resalePrice: 12_000 });
  await seller.api.dispose();

  // Edit: the name and how often.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Cheap Alertmake' });
  await edit.getByLabel('Name', { exact: true }).fill('Weekly Alertmake');
  await edit.getByLabel('How often', { exact: true }).selectOption('Weekly');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(edit).toBeHidden();
  const edited = page.getByRole('row').filter({ hasText: 'Weekly Alertmake' });
  await expect(edited).toContainText('Weekly');
  await page.setViewportSize(phoneScreen);
  await expectNoAxeViolations(page, 'my alerts on a phone');
  await keepScreenshot(page, testInfo, 'my-alerts-phone');

  // The Run link opens the search.
  await edited.getByRole('link', { name: 'Run' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?make=${make._id}&maxPrice=20000$`));
  await expect(page.getByRole('article', { name: match.productName })).toBeVisible();

  // Delete, after a confirmation; then the empty state.
  await page.goto('/dashboard/alerts');
  await page.getByRole('row').filter({ hasText: 'Weekly Alertmake' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have no saved searches yet.')).toBeVisible();

  // Nothing was told of the car listed while paused.
  expect((await mails()).map((m) => m.subject)).toEqual([`New match for “Cheap Alertmake”: ${match.productName}`]);
});
