import { expect, test, type Page } from '@playwright/test';
import { dashboardMenu, deleteDialog, demo, expectNoAxeViolations, holdRequests, jpegPicture, signInViaApi } from './support.ts';

/** A brand name nobody else uses (tests run in parallel against one server). */
const uniqueBrand = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The Categories table's row of a category (named by its row header, not by text that details may repeat). */
function categoryRow(page: Page, name: string) {
  return page.getByRole('main').getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** `drawer`: at a phone's width the menu is a drawer, opened by its button first. */
async function openCategories(page: Page, { drawer = false } = {}): Promise<void> {
  await signInViaApi(page, demo.admin);
  await page.goto('/dashboard');
  if (drawer) await page.getByRole('button', { name: 'Dashboard menu' }).click();
  await dashboardMenu(page).getByRole('link', { name: 'Categories', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/categories$/);
  await expect(page.getByRole('main').getByRole('heading', { name: /^Categories/, level: 1 })).toBeVisible();
  // The demo data's categories are listed.
  await expect(categoryRow(page, 'Toyota')).toBeVisible();
}

/** The home page's card of a category. */
function homeCard(page: Page, name: string) {
  return page.getByRole('region', { name: /Available Car Category/ }).getByRole('article', { name, exact: true });
}

test.describe('admin: categories', () => {
  test('the admin adds a category with a picture, renames it, cannot delete one with cars, and deletes the empty one', async ({ page }) => {
    test.setTimeout(90_000);
    await openCategories(page);
    await expectNoAxeViolations(page, 'admin: Categories');

    // Every field is required.
    const form = page.getByRole('form', { name: 'Add A Category' });
    await form.getByRole('button', { name: 'Add Category' }).click();
    for (const message of ['Name is Required', 'Details is Required', 'Picture is Required']) await expect(form.getByText(message)).toBeVisible();
    await expectNoAxeViolations(page, 'admin: Categories with validation messages');

    // Add one; the upload shows its progress while it runs.
    const name = uniqueBrand('E2E Motors');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Details', { exact: true }).fill('Made by the end-to-end test, with a picture of its own.');
    await form.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'brand.jpg', mimeType: 'image/jpeg', buffer: await jpegPicture('#227744', 800, 600) });
    await expect(form.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
    const upload = await holdRequests(page, /\/api\/images$/);
    await form.getByRole('button', { name: 'Add Category' }).click();
    await upload.requested;
    await expect(form.getByRole('progressbar', { name: 'Uploading image' })).toBeVisible();
    upload.release();
    await expect(page.getByText(`${name} is Added Successfully`, { exact: true })).toBeVisible();
    const row = categoryRow(page, name);
    await expect(row.getByText('0 cars')).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');

    // The home page shows it, with its picture.
    await page.goto('/');
    const card = homeCard(page, name);
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name })).toHaveJSProperty('complete', true);
    expect(await card.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Rename it in the edit dialog.
    await page.goBack();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expectNoAxeViolations(page, 'admin: edit category dialog');
    const renamed = uniqueBrand('E2E Renamed Motors');
    await dialog.getByLabel('Name', { exact: true }).fill(renamed);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(`${renamed} is Updated Successfully`, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const renamedRow = categoryRow(page, renamed);
    await expect(renamedRow).toBeVisible();

    // A taken name is refused, readably, and the dialog keeps what was typed.
    await renamedRow.getByRole('button', { name: 'Edit' }).click();
    const again = page.getByRole('dialog', { name: `Edit ${renamed}` });
    await again.getByLabel('Name', { exact: true }).fill('toyota');
    await again.getByRole('button', { name: 'Save Changes' }).click();
    await expect(again.getByRole('alert')).toHaveText('A category named toyota already exists.');
    await expect(again.getByLabel('Name', { exact: true })).toHaveValue('toyota');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();

    // A category with cars: its Delete is disabled and says why before any confirmation (the server
    // refuses such a delete too), and the row stays.
    const toyota = categoryRow(page, 'Toyota');
    const toyotaDelete = toyota.getByRole('button', { name: 'Delete' });
    await expect(toyotaDelete).toBeDisabled();
    await expect(toyotaDelete).toHaveAccessibleDescription(/^Cannot be deleted: \d+ cars? (is|are) listed in it \(sold ones too\)\.$/);
    const confirm = deleteDialog(page);
    await expect(confirm).toBeHidden();
    await expect(toyota).toBeVisible();

    // The empty one goes.
    await renamedRow.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByText(`If you Delete ${renamed} It Cannot be Undone.`, { exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`Category ${renamed} Deleted Successfully`, { exact: true })).toBeVisible();
    await expect(renamedRow).toHaveCount(0);
    await page.goto('/');
    await expect(homeCard(page, 'Toyota')).toBeVisible();
    await expect(homeCard(page, renamed)).toHaveCount(0);
  });

  test('the Categories screen works at a phone’s width and by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openCategories(page, { drawer: true });
    // The page itself does not scroll sideways (the table scrolls inside its frame).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const form = page.getByRole('form', { name: 'Add A Category' });
    await form.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Details', { exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Picture', { exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Add Category' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form.getByText('Name is Required')).toBeVisible();
    await expectNoAxeViolations(page, 'admin: Categories at a phone’s width');
  });
});
