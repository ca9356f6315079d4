import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { addCarViaApi, categoryByName, demo, desktopScreen, expectNoAxeViolations, phoneScreen, signUpInBrowser, submitLogin } from './support.ts';

/**
 * Settings' last two sections, end to end: Download my data (the file prepared while the page
 * follows it, then downloaded: the person's rows, nobody else's), and Delete my account (a wrong
 * password said under the field, then the account gone and its sign-in refused).
 */
for (const screen of [desktopScreen, phoneScreen]) {
  test(`at ${screen.width} px: a seller downloads their data, then deletes their account`, async ({ page }) => {
    // A car added, a file prepared by a job and downloaded, an account deleted: more than a minute on a busy machine.
    test.setTimeout(120_000);
    await page.setViewportSize(screen);
    const seller = await signUpInBrowser(page, 'Seller');
    const car = await addCarViaApi(page.request, { categoryId: (await categoryByName(page.request, 'Toyota'))._id });

    await page.goto('/dashboard/settings');
    const yourData = page.getByRole('region', { name: 'Your data' });
    await yourData.getByRole('button', { name: 'Download my data' }).click();
    const fileLink = yourData.getByRole('link', { name: /^Download the file of / });
    await expect(fileLink).toBeVisible();
    await expectNoAxeViolations(page, 'settings, a file of your data ready');
    const [download] = await Promise.all([page.waitForEvent('download'), fileLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^second-gear-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path())!, 'utf8');
    const data = JSON.parse(text) as { profile: { email: string; name: string }; cars: { name: string }[] };
    expect(data.profile).toMatchObject({ email: seller.email, name: seller.name });
    expect(data.cars.map((c) => c.name)).toEqual([car.productName]);
    for (const someoneElse of [demo.buyer.email, demo.seller.email, demo.admin.email]) expect(text).not.toContain(someoneElse);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    await expect(dialog).toContainText('You are signed out everywhere at once.');
    await dialog.getByLabel('Password').fill(`${seller.password}-wrong`);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('The password is not right.')).toBeVisible();
    await expect(dialog.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'delete my account, a wrong password');
    await dialog.getByLabel('Password').fill(seller.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Your account was deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The car is gone from the market, and the account from sign-in.
    expect((await page.request.get(`/api/cars/${car._id}`)).status()).toBe(404);
    await page.goto('/login');
    await submitLogin(page, seller.email, seller.password);
    await expect(page.getByText('User Logged In Failed')).toBeVisible();
  });
}
