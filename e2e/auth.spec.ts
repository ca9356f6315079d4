import { expect, test } from '@playwright/test';
import {
  createUserViaApi,
  dashboardMenu,
  demo,
  expectMenuEntries,
  fillSignUpForm,
  jpegPicture,
  logInThroughUi,
  navbar,
  signUpThroughUi,
  submitLogin,
  uniqueUser,
  expectNoAxeViolations,
} from './support.ts';

test.describe('sign up', () => {
  test('shows every validation message and the role choices', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();

    const role = page.getByLabel('User Role');
    const placeholder = role.locator('option', { hasText: 'Select User Role' });
    await expect(placeholder).toBeDisabled();
    await expect(role.locator('option')).toHaveText(['Select User Role', 'Buyer', 'Seller']);
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expectNoAxeViolations(page, 'sign-up');

    await page.getByRole('button', { name: 'Sign Up' }).click();
    for (const message of ['Name is required', 'Photo URL is required', 'Email Address is required', 'Password is required', 'User Role is Required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/signup$/);
    await expectNoAxeViolations(page, 'sign-up with validation messages');

    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Password must be 6 Characters or Longer', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, 'sign-up with a short password');
  });

  test('a seller signs up and sees the seller dashboard', async ({ page }) => {
    const seller = uniqueUser('Seller');
    await signUpThroughUi(page, seller);

    const nav = navbar(page);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(page.getByTitle(seller.name, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'home, signed in');

    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectMenuEntries(page, ['Add A Product', 'My Products', 'Booking Requests', 'Payouts']);
    const main = page.getByRole('main');
    await expect(main.getByText(seller.name)).toBeVisible();
    // Exactly the address (the confirmation banner above names it in a sentence).
    await expect(main.getByText(seller.email, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard welcome (seller)');
  });

  test('the sign-up photo may be uploaded: it fills the required Photo URL and becomes the avatar', async ({ page }) => {
    const buyer = uniqueUser('Buyer');
    await page.goto('/signup');
    await fillSignUpForm(page, { ...buyer, photoURL: '' });
    await page.getByLabel('Upload a photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpegPicture('#aa7744', 400, 400) });
    const photoUrl = page.getByLabel('Photo URL');
    await expect(photoUrl).toHaveValue(new RegExp(`^${page.url().replace(/\/signup$/, '')}/uploads/[A-Za-z0-9_-]+-\\d+\\.webp$`));
    await expect(photoUrl).toBeEditable();
    await expectNoAxeViolations(page, 'sign-up with an uploaded photo');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('User Created Successfully.')).toBeVisible();
    await expect(navbar(page).getByRole('img', { name: buyer.name })).toHaveAttribute('src', /\/uploads\/[A-Za-z0-9_-]+-\d+\.webp$/);
  });

  test('a buyer signs up and sees the buyer dashboard', async ({ page }) => {
    const buyer = uniqueUser('Buyer');
    await signUpThroughUi(page, buyer);
    await expect(page.getByTitle(buyer.name, { exact: true })).toBeVisible();

    await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expectMenuEntries(page, ['My Orders', 'My Wishlist']);
    await expect(page.getByRole('main').getByText(buyer.email, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard welcome (buyer)');
  });

  test('signing up twice with one email shows the provider error', async ({ page, request, baseURL }) => {
    const first = uniqueUser('Buyer');
    await createUserViaApi(request, first, baseURL ?? '');

    await page.goto('/signup');
    await fillSignUpForm(page, { ...uniqueUser('Seller'), email: first.email });
    await page.getByRole('button', { name: 'Sign Up' }).click();

    const inline = page.getByRole('alert');
    await expect(inline).toBeVisible();
    const message = (await inline.innerText()).trim();
    expect(message.length).toBeGreaterThan(0);
    // The same provider message appears as an error toast (react-hot-toast renders it as a status).
    await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
    await expect(page.getByText('User Created Successfully.')).toHaveCount(0);
    await expectNoAxeViolations(page, 'sign-up with the provider error');
    await expect(page).toHaveURL(/\/signup$/);
    await expect(navbar(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });
});

test.describe('login', () => {
  test('shows the validation messages, the links and the Google button', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email Address is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'login with validation messages');

    await expect(page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create new account' })).toHaveAttribute('href', '/signup');

    const forgot = page.getByRole('link', { name: 'Forgot Password?' });
    await expect(forgot).toHaveAttribute('href', '/forgot-password');
    await forgot.click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot Password', level: 1 })).toBeVisible();
  });

  test('a wrong password fails, the right one logs in, Sign Out logs out', async ({ page, request, baseURL }) => {
    const user = uniqueUser('Buyer');
    await createUserViaApi(request, user, baseURL ?? '');

    await page.goto('/login');
    await submitLogin(page, user.email, `${user.password}-wrong`);
    await expect(page.getByText('User Logged In Failed')).toBeVisible();
    // A failure's toast stays four seconds: long enough to check the toasts as people read them.
    await expectNoAxeViolations(page, 'the failed login’s toast', { toasts: true });
    const inline = page.getByRole('alert');
    await expect(inline).toBeVisible();
    await expect(inline).not.toHaveText('');
    await expectNoAxeViolations(page, 'login with a wrong password');
    await expect(page).toHaveURL(/\/login$/);
    await expect(navbar(page).getByRole('link', { name: 'Login' })).toBeVisible();

    await logInThroughUi(page, user.email, user.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTitle(user.name, { exact: true })).toBeVisible();

    await navbar(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('User Logged Out Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(navbar(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(navbar(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  });

  test('a signed-out visitor is sent to /login and comes back after logging in', async ({ page }) => {
    await page.goto('/dashboard/myorders');
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughUi(page, demo.buyer.email, demo.buyer.password);
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    await expect(dashboardMenu(page).getByRole('link', { name: 'My Orders' })).toBeVisible();
  });

  test('the dashboard itself also needs a session', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });
});

test.describe('roles', () => {
  test('the admin sees the admin menu and the sellers page', async ({ page }) => {
    await page.goto('/login');
    await logInThroughUi(page, demo.admin.email, demo.admin.password);
    await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expectMenuEntries(page, ['All Sellers', 'All Buyers', 'Reported Items', 'Categories', 'Disputes']);

    await dashboardMenu(page).getByRole('link', { name: 'All Sellers' }).click();
    await expect(page).toHaveURL(/\/dashboard\/allseller$/);
    await expect(page.getByRole('main').getByRole('heading', { name: 'All Sellers' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
    await expectNoAxeViolations(page, 'admin: All Sellers');
  });

  test('a seller does not get the admin sellers page', async ({ page }) => {
    await page.goto('/dashboard/allseller');
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughUi(page, demo.seller.email, demo.seller.password);
    await expect(page).toHaveURL(/\/dashboard\/allseller$/);
    await expectMenuEntries(page, ['Add A Product', 'My Products', 'Booking Requests', 'Payouts']);
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toBeVisible();
    await expect(main.getByRole('heading', { name: 'All Sellers' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'a page of another role');
  });
});
