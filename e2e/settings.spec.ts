import { expect, test, type Page } from '@playwright/test';
import { desktopScreen, expectNoAxeViolations, jpegPicture, logInThroughUi, newPersonPage, openEmailTo, phoneScreen, signUpInBrowser, type NewUser } from './support.ts';

/**
 * Settings, end to end: the profile with an uploaded photo, an email change confirmed at the new
 * address through the development mailbox, a password change and `Sign out everywhere else` each
 * ending the session of another browser signed in to the same account.
 */

const settings = (page: Page) => page.goto('/dashboard/settings');
const section = (page: Page, name: string) => page.getByRole('region', { name });

/** The same account signed in on another device: a browser context of its own. */
async function otherDeviceOf(page: Page, user: NewUser): Promise<Page> {
  const other = await newPersonPage(page.context().browser()!);
  await logInThroughUi(other, user.email, user.password);
  return other;
}

async function expectSignedOut(device: Page) {
  await device.goto('/dashboard');
  await expect(device).toHaveURL(/\/login$/);
  await device.context().close();
}

for (const screen of [desktopScreen, phoneScreen]) {
  test.describe(`at ${screen.width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize(screen));

    test('the profile is saved with an uploaded photo, a phone and a time zone', async ({ page }) => {
      const user = await signUpInBrowser(page, 'Buyer');
      await settings(page);
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      const profile = section(page, 'Profile');
      await expect(profile.getByLabel('Name')).toHaveValue(user.name);
      await expect(profile.getByLabel('Time zone')).toHaveValue(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
      // The account kept the browser's zone and locale at sign-up: its emails speak the person's time too.
      const browserClock = await page.evaluate(() => ({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, locale: navigator.language }));
      await expect.poll(async () => (await page.request.get('/api/me/profile')).json()).toMatchObject(browserClock);
      await expectNoAxeViolations(page, 'settings');

      await profile.getByLabel('Phone').fill('12');
      await profile.getByRole('button', { name: 'Save' }).click();
      await expect(profile.getByText(/Phone must be a phone number/)).toBeVisible();

      await profile.getByLabel('Name').fill(`${user.name} Renamed`);
      await profile.getByLabel('Photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpegPicture('#aa4477', 400, 400) });
      await profile.getByLabel('Phone').fill('+44 20 7946 0958');
      await profile.getByLabel('Time zone').selectOption('Europe/Paris');
      await profile.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Profile saved')).toBeVisible();

      await page.reload();
      const saved = section(page, 'Profile');
      await expect(saved.getByLabel('Name')).toHaveValue(`${user.name} Renamed`);
      await expect(saved.getByLabel('Phone')).toHaveValue('+44 20 7946 0958');
      await expect(saved.getByLabel('Time zone')).toHaveValue('Europe/Paris');
      // A zone chosen here stays: a page that reads the session again never puts the browser's back.
      expect(await (await page.request.get('/api/me/profile')).json()).toMatchObject({ timeZone: 'Europe/Paris', locale: browserClock.locale });
      await expect(saved.locator('img')).toHaveAttribute('src', /\/uploads\/[A-Za-z0-9_-]+-\d+\.webp$/);
      await expectNoAxeViolations(page, 'settings saved');
    });

    test('an email change is confirmed at the new address', async ({ page }) => {
      const user = await signUpInBrowser(page, 'Buyer');
      await settings(page);
      const email = section(page, 'Email');
      const newEmail = `moved-${user.email}`;
      await email.getByLabel('New email').fill(newEmail);
      await email.getByRole('button', { name: 'Change email' }).click();
      await expect(email.getByRole('status')).toContainText(`until then you sign in with ${user.email}`);
      await expectNoAxeViolations(page, 'email change asked');

      await openEmailTo(page, newEmail);
      const text = (await page.getByTestId('mail-text').textContent()) ?? '';
      const link = /http\S+\/api\/auth\/verify-email\?\S+/.exec(text)?.[0];
      expect(link, text).toBeTruthy();
      await page.goto(link!);
      await expect(page.getByText('Email confirmed')).toBeVisible();
      await settings(page);
      await expect(section(page, 'Email')).toContainText(`Your email is ${newEmail}.`);
    });

    test('a password change ends the other browser’s session and keeps this one', async ({ page }) => {
      const user = await signUpInBrowser(page, 'Buyer');
      const other = await otherDeviceOf(page, user);
      await settings(page);
      const password = section(page, 'Password');
      await password.getByLabel('Current Password').fill(user.password);
      await password.getByLabel('New Password').fill(`${user.password}-new`);
      await password.getByLabel('Confirm Password').fill(`${user.password}-typo`);
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(password.getByText('The passwords do not match')).toBeVisible();
      await password.getByLabel('Confirm Password').fill(`${user.password}-new`);
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Password changed. Your other devices were signed out.')).toBeVisible();
      await expectSignedOut(other);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    });

    test('Sign out everywhere else ends the other browser’s session', async ({ page }) => {
      const user = await signUpInBrowser(page, 'Buyer');
      const other = await otherDeviceOf(page, user);
      await settings(page);
      const devices = section(page, 'Signed-in devices');
      // The setup's sign-up and sign-in, and the other browser.
      await expect(devices.getByRole('button', { name: /^Sign out .+, last seen / })).toHaveCount(2);
      await expect(devices.getByText('This device')).toBeVisible();
      await expect(devices.getByText(/This network/).first()).toBeVisible();
      await expectNoAxeViolations(page, 'signed-in devices');
      await devices.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await expect(page.getByText('2 other devices are signed out')).toBeVisible();
      await expect(devices.getByRole('listitem')).toHaveCount(1);
      await expectSignedOut(other);
    });
  });
}
