import { expect, test } from '@playwright/test';
import { desktopScreen, expectNoAxeViolations, logInThroughUi, newPersonPage, openEmailTo, phoneScreen, signUpInBrowser, submitLogin } from './support.ts';

/**
 * Forgot Password?, end to end: the request, the email in the development mailbox, the link, the new
 * password (typed twice), every other session ended, the new password signing in, and the used link
 * refused as soon as it is opened, with a way forward.
 */
for (const screen of [desktopScreen, phoneScreen]) {
  test(`at ${screen.width} px: a forgotten password is reset through the emailed link, and the old session ends`, async ({ page, browser }) => {
    // Two browsers, the mailbox and two sign-ins: more than a minute on a busy machine.
    test.setTimeout(120_000);
    await page.setViewportSize(screen);
    // Another device, signed in before the reset.
    const otherDevice = await newPersonPage(browser);
    const user = await signUpInBrowser(otherDevice, 'Buyer');
    await otherDevice.goto('/dashboard');
    await expect(otherDevice.getByRole('heading', { name: `Welcome, ${user.name}`, level: 1 })).toBeVisible();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot Password', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Email Address is required', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'forgot password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText('If an account uses this email, we sent a link to reset its password');
    await expectNoAxeViolations(page, 'reset link sent');

    await openEmailTo(page, user.email);
    await expect(page.getByRole('heading', { name: 'Reset your Second Gear password' })).toBeVisible();
    const text = (await page.getByTestId('mail-text').textContent()) ?? '';
    const link = /http\S+\/api\/auth\/reset-password\/\S+/.exec(text)?.[0];
    expect(link, text).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Reset Password', level: 1 })).toBeVisible();
    const newPassword = `${user.password}-new`;
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await expect(page.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'reset password, passwords not matching');
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText('Your password was changed, and every device signed in to your account was signed out.');
    await expectNoAxeViolations(page, 'password changed');

    // The other device's session has ended: the dashboard sends it to log in.
    await otherDevice.goto('/dashboard');
    await expect(otherDevice).toHaveURL(/\/login$/);
    await otherDevice.context().close();

    await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, user.email, user.password);
    await expect(page.getByText('User Logged In Failed')).toBeVisible();
    await logInThroughUi(page, user.email, newPassword);

    // The link works once, and says so as soon as it is opened again: no password to type first.
    await page.goto(link!);
    await expect(page.getByRole('main').getByRole('alert')).toContainText('This reset link can no longer be used');
    await expect(page.getByLabel('New Password')).toHaveCount(0);
    const again = page.getByRole('main').getByRole('link', { name: 'Send a new link' });
    await expect(again).toHaveAttribute('href', '/forgot-password');
    await expectNoAxeViolations(page, 'used reset link');
    await again.click();
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  });
}
