import { expect, test } from '@playwright/test';
import {
  addCarViaApi,
  baseUrl,
  categoriesViaApi,
  createUserViaApi,
  logInThroughUi,
  desktopScreen,
  expectNoAxeViolations,
  keepScreenshot,
  newApiActor,
  openEmailTo,
  phoneScreen,
  signUpThroughUi,
  uniqueCarName,
  uniqueUser,
} from './support.ts';

// A new account's email address: signed in at once, asked to confirm on the dashboard, refused
// messaging until then, confirmed through the link in the development mailbox, and then messaging.

for (const [screen, size] of [
  ['desktop', desktopScreen],
  ['phone', phoneScreen],
] as const) {
  test(`a new account confirms its email from the development mailbox and may then message a seller (${screen})`, async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const seller = await newApiActor('Seller');
    const [category] = await categoriesViaApi(seller.api);
    const car = await addCarViaApi(seller.api, { categoryId: category!._id, productName: uniqueCarName('E2E Confirm') });
    await seller.api.dispose();

    await page.setViewportSize(size);
    const buyer = uniqueUser('Buyer');
    await signUpThroughUi(page, buyer);

    // Where the sign-up lands (the home page) already asks for the confirmation, as every page does.
    const banner = page.getByRole('region', { name: 'Email confirmation' });
    await expect(banner.getByText(`Confirm your email address: we sent a link to ${buyer.email}.`)).toBeVisible();
    await page.goto('/search');
    await expect(banner.getByText(`Confirm your email address: we sent a link to ${buyer.email}.`)).toBeVisible();

    // The dashboard asks for it too, and sends a new link on asking.
    await page.goto('/dashboard');
    await expect(banner.getByText(`Confirm your email address: we sent a link to ${buyer.email}.`)).toBeVisible();
    await expectNoAxeViolations(page, `dashboard with the confirmation banner (${screen})`);
    await keepScreenshot(page, testInfo, 'confirm-banner');
    await banner.getByRole('button', { name: 'Resend' }).click();
    await expect(banner.getByRole('status')).toHaveText(`We sent a new link to ${buyer.email}.`);

    // Messaging waits for it, and says so where the button is.
    await page.goto(`/cars/${car._id}`);
    await page.getByRole('button', { name: 'Message Seller' }).click();
    const dialog = page.getByRole('dialog', { name: `Message the seller of ${car.productName}` });
    await expect(dialog.getByText(`Confirm your email address to send messages. We sent a link to ${buyer.email}.`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Resend' })).toBeVisible();
    await expectNoAxeViolations(page, `Message Seller before confirming (${screen})`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A link that was tampered with says so, and offers a new one.
    await page.goto(`/api/auth/verify-email?token=forged.token.here&callbackURL=${encodeURIComponent(`${baseUrl}/confirm-email`)}`);
    await expect(page).toHaveURL(/\/confirm-email\?error=INVALID_TOKEN$/);
    await expect(page.getByRole('heading', { name: 'This link does not work', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
    await expectNoAxeViolations(page, `a refused confirmation link (${screen})`);

    // The email, as its owner gets it, and its link.
    await openEmailTo(page, buyer.email);
    await expect(page.getByRole('heading', { name: 'Confirm your email address', level: 2 })).toBeVisible();
    const link = page.getByTestId('mail-text').getByRole('link', { name: /\/api\/auth\/verify-email\?token=/ });
    const address = (await link.textContent()) ?? '';
    await link.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Email confirmed')).toBeVisible();
    await expect(banner).toHaveCount(0);

    // Opened where nobody is signed in, the link signs nobody in: it says so and offers to log in.
    const signedOut = await browser.newContext({ viewport: size });
    const elsewhere = await signedOut.newPage();
    await elsewhere.goto(address);
    await expect(elsewhere.getByRole('heading', { name: 'Email confirmed', level: 1 })).toBeVisible();
    await expect(elsewhere.getByRole('main').getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
    await expectNoAxeViolations(elsewhere, `a confirmation link opened signed out (${screen})`);
    await signedOut.close();

    // Now the seller can be messaged.
    await page.goto(`/cars/${car._id}`);
    await page.getByRole('button', { name: 'Message Seller' }).click();
    await dialog.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello! Is it still for sale?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/dashboard\/messages\?c=[0-9a-f-]{36}$/);
    await expect(page.getByRole('log', { name: /^Messages with / }).getByText('Hello! Is it still for sale?')).toBeVisible();
  });
}

test('the confirmation notice may be put away for the visit, and is back on the next one', async ({ page, browser }) => {
  const buyer = uniqueUser('Buyer');
  await createUserViaApi(page.request, buyer, baseUrl, { confirmed: false });
  await page.goto('/search');
  const banner = page.getByRole('region', { name: 'Email confirmation' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Not now' }).click();
  await expect(banner).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // Another visit (a new browser session) asks again.
  const next = await browser.newContext({ baseURL: baseUrl });
  const again = await next.newPage();
  await logInThroughUi(again, buyer.email, buyer.password);
  await expect(again.getByRole('region', { name: 'Email confirmation' })).toBeVisible();
  await next.close();
});
