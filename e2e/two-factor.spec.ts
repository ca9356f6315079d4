import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { expect, test, type Page } from '@playwright/test';
import { adminCommand } from './own-server.ts';
import { dashboardMenu, desktopScreen, expectNoAxeViolations, navbar, phoneScreen, signUpInBrowser, submitLogin } from './support.ts';

const port = Number(process.env.E2E_PORT ?? 3917);

/** The code an authenticator app shows now for the key the setup shows as text, with the library better-auth checks codes with. */
function codeFor(key: string): Promise<string> {
  return createOTP(base32.decode(key.replace(/\s/g, ''))).totp();
}

/** Reaches a dashboard page through its side menu (on a phone, through the menu button's drawer). */
async function openFromMenu(page: Page, name: string) {
  const menuButton = page.getByRole('button', { name: 'Dashboard menu' });
  if (await menuButton.isVisible()) await menuButton.click();
  await dashboardMenu(page).getByRole('link', { name, exact: true }).click();
}

async function signOut(page: Page) {
  await navbar(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Two-factor sign-in, end to end: an account promoted to admin with `npm run admin -- promote`
 * (not the demo admin, who is spared outside production) is taken to the setup before any admin
 * page, turns it on with an authenticator app (the test computes its codes from the key shown as
 * text), then signs in with a code, with a backup code, and on a remembered device without one.
 */
for (const screen of [desktopScreen, phoneScreen]) {
  test(`at ${screen.width} px: a new admin turns on two-factor sign-in, then signs in with a code and with a backup code`, async ({ page }) => {
    // Three sign-ins, a setup and a promotion by the admin command: minutes on a busy machine.
    test.setTimeout(180_000);
    await page.setViewportSize(screen);
    const user = await signUpInBrowser(page, 'Buyer');
    expect(await adminCommand(port, 'promote', user.email)).toBe(`${user.name} <${user.email}> is now an admin.`);

    // Every admin page leads to the setup first.
    await page.goto('/dashboard/allseller');
    await expect(page).toHaveURL(/\/dashboard\/two-factor-setup$/);
    await expect(page.getByRole('heading', { name: 'Turn on two-factor sign-in', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'two-factor setup');

    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByLabel('Current password').fill(`${user.password}-wrong`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Invalid password')).toBeVisible();
    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const key = (await page.getByRole('main').locator('code').textContent()) ?? '';
    expect(key).toMatch(/^[A-Z2-7 ]{20,}$/);
    await expectNoAxeViolations(page, 'two-factor setup: the QR code');
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Invalid code')).toBeVisible();
    await page.getByLabel('Authentication code').fill(await codeFor(key));
    await page.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const backupCodes = await codes.allTextContents();
    await expect(page.getByRole('button', { name: 'Download codes' })).toBeVisible();
    await expectNoAxeViolations(page, 'two-factor setup: the backup codes');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('link', { name: 'Continue to the dashboard' }).click();
    await openFromMenu(page, 'All Sellers');
    await expect(page).toHaveURL(/\/dashboard\/allseller$/);
    await expect(page.getByRole('heading', { name: 'All Sellers', level: 1 })).toBeVisible();
    await openFromMenu(page, 'Settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText('Two-factor sign-in is on')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New backup codes' })).toBeVisible();
    await expectNoAxeViolations(page, 'settings with two-factor sign-in on');

    // The password is not enough any more: the authenticator app's code.
    await signOut(page);
    await submitLogin(page, user.email, user.password);
    await expect(page.getByLabel('Authentication code')).toBeVisible();
    await expectNoAxeViolations(page, 'login: the authentication code');
    await page.getByLabel('Authentication code').fill(await codeFor(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('User Logged In Successful')).toBeVisible();
    await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();

    // A backup code instead, and this device remembered for 30 days.
    await signOut(page);
    await submitLogin(page, user.email, user.password);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByLabel('Remember this device for 30 days').check();
    await expectNoAxeViolations(page, 'login: a backup code');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('User Logged In Successful')).toBeVisible();

    // The remembered device signs in with the password alone.
    await signOut(page);
    await submitLogin(page, user.email, user.password);
    await expect(page.getByText('User Logged In Successful')).toBeVisible();
    await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  });
}
