import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The demo accounts seeded with the demo data (CONTRACT.md). Never fail a sign-in 5 times on one of them. */
export const demo = {
  admin: { email: 'admin@demo.test', password: 'demo1234' },
  seller: { email: 'seller@demo.test', password: 'demo1234' },
  seller2: { email: 'seller2@demo.test', password: 'demo1234' },
  buyer: { email: 'buyer@demo.test', password: 'demo1234' },
} as const;

export type SignUpRole = 'Buyer' | 'Seller';

export interface NewUser {
  name: string;
  photoURL: string;
  email: string;
  password: string;
  role: SignUpRole;
}

/** The origin the tests run against (playwright.config.ts). */
export const baseUrl = `http://localhost:${process.env.E2E_PORT ?? 3917}`;

/** A user nobody else has used: tests run in parallel against one shared server. */
export function uniqueUser(role: SignUpRole): NewUser {
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  const kind = role.toLowerCase();
  return {
    name: `E2E ${role} ${tag}`,
    // The product's own illustration: a photo URL that really loads.
    photoURL: `${baseUrl}/hero-car.svg`,
    email: `${kind}-${tag}@test.example`,
    password: `pw-${tag}`,
    role,
  };
}

/** Fills the sign-up form (the page must be on /signup) without submitting. */
export async function fillSignUpForm(page: Page, user: NewUser): Promise<void> {
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Photo URL').fill(user.photoURL);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByLabel('User Role').selectOption(user.role);
}

/** Signs up through the UI and waits for the success toast and the home page. */
export async function signUpThroughUi(page: Page, user: NewUser): Promise<void> {
  await page.goto('/signup');
  await fillSignUpForm(page, user);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('User Created Successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

/** Fills the login form (the page must be on /login) and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Logs in through the UI from /login and waits for the success toast. */
export async function logInThroughUi(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(page.getByText('User Logged In Successful')).toBeVisible();
  await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

/** Creates an account through the server's sign-up endpoint (setup only, not the journey under test). */
export async function createUserViaApi(request: APIRequestContext, user: NewUser, baseURL: string): Promise<void> {
  const response = await request.post('/api/auth/sign-up/email', {
    headers: { Origin: baseURL },
    data: { name: user.name, email: user.email, password: user.password, image: user.photoURL, role: user.role },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The main navigation bar. */
export function navbar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The dashboard's side menu. */
export function dashboardMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

export const allMenuEntries = ['All Sellers', 'All Buyers', 'Reported Items', 'Add A Product', 'My Products', 'My Orders', 'My Wishlist'] as const;

/** Checks that the dashboard menu shows exactly `expected` among all the role entries. */
export async function expectMenuEntries(page: Page, expected: readonly string[]): Promise<void> {
  const menu = dashboardMenu(page);
  for (const entry of expected) await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  for (const entry of allMenuEntries.filter((e) => !expected.includes(e))) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveCount(0);
  }
}
