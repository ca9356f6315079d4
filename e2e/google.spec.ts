import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, expectMenuEntries, expectNoAxeViolations, navbar, newApiActor, signUpInBrowser } from './support.ts';

/**
 * CONTINUE WITH GOOGLE through the built-in test identity provider (README, "Real Google sign-in"):
 * a real OpenID Connect round trip in Chromium, in the 500×600 popup and, when
 * the popup is blocked, in the page itself.
 */

function googlePerson(tag = 'google') {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  return { email: `${tag}-${stamp}@test.example`, name: `Gina ${tag} ${stamp}` };
}

/** Fills the test identity provider's sign-in page and submits it. */
async function signInAtProvider(page: Page, person: { email: string; name: string }) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // The provider's page is served by apps/server (auth/test-identity-provider.ts, dev and test only).
  await expectNoAxeViolations(page, 'test identity provider sign-in');
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Name').fill(person.name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Clicks CONTINUE WITH GOOGLE on /login and signs in in the popup, which then closes. */
async function googleInPopup(page: Page, person: { email: string; name: string }) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
  const popup = await popupOpened;
  // Listen before submitting: the popup can close before the click's promise settles.
  const closed = popup.waitForEvent('close');
  await signInAtProvider(popup, person);
  await closed;
}

async function sessionUser(page: Page): Promise<{ name: string; email: string; role: string }> {
  const response = await page.request.get('/api/auth/get-session');
  return ((await response.json()) as { user: { name: string; email: string; role: string } }).user;
}

test.describe('CONTINUE WITH GOOGLE', () => {
  test('a new person signs in in a 500×600 popup and is registered as a buyer', async ({ page }) => {
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      (window as unknown as { openCalls: string[] }).openCalls = [];
      window.open = (url?: string | URL, target?: string, features?: string) => {
        (window as unknown as { openCalls: string[] }).openCalls.push(features ?? '');
        return open(url, target, features);
      };
    });
    const person = googlePerson('new');
    await page.goto('/login');
    await googleInPopup(page, person);

    await expect(page.getByText('Login Successful')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    // Google has confirmed the address already: no notice asks for it.
    await expect(page.getByRole('region', { name: 'Email confirmation' })).toHaveCount(0);
    const features = await page.evaluate(() => (window as unknown as { openCalls: string[] }).openCalls);
    expect(features).toHaveLength(1);
    expect(features[0]).toMatch(/width=500/);
    expect(features[0]).toMatch(/height=600/);

    expect(await sessionUser(page)).toMatchObject({ email: person.email, name: person.name, role: 'buyer' });
    await page.goto('/dashboard');
    await expectMenuEntries(page, ['My Orders', 'My Wishlist']);
  });

  test('a returning person comes back to the page they came from, same account', async ({ page, browser }) => {
    const person = googlePerson('returning');
    // The first sign-in, in another browser.
    const first = await browser.newContext();
    const firstPage = await first.newPage();
    await firstPage.goto('/login');
    await googleInPopup(firstPage, person);
    await expect(firstPage.getByText('Login Successful')).toBeVisible();
    await first.close();

    await page.goto('/dashboard/mywishlist');
    await expect(page).toHaveURL(/\/login$/);
    await googleInPopup(page, { email: person.email, name: 'Another Name' });
    await expect(page.getByText('Login Successful')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/mywishlist$/);
    expect(await sessionUser(page)).toMatchObject({ email: person.email, name: person.name, role: 'buyer' });
  });

  test('links Google to an existing email-and-password account with the same email, ending its unverified password', async ({ page }) => {
    // Registered with a password and never confirmed: anyone could have registered the address first.
    const seller = await newApiActor('Seller', { confirmed: false });
    await seller.api.dispose();

    await page.goto('/login');
    await googleInPopup(page, { email: seller.email, name: 'Not The Seller' });
    await expect(page.getByText('Login Successful')).toBeVisible();
    await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    // The same account: its name and its role are the seller's.
    expect(await sessionUser(page)).toMatchObject({ email: seller.email, name: seller.name, role: 'seller' });
    await page.goto('/dashboard');
    await expectMenuEntries(page, ['Add A Product', 'My Products', 'Booking Requests', 'Payouts']);

    // Nobody had verified the address the password was registered with, so the verified Google
    // owner ends that password (decision 009); Google signs in to the same account again.
    await navbar(page).getByRole('button', { name: 'Sign Out' }).click();
    await page.goto('/login');
    await page.getByLabel('Email').fill(seller.email);
    await page.getByLabel('Password').fill(seller.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('User Logged In Failed')).toBeVisible();
    await googleInPopup(page, { email: seller.email, name: 'Not The Seller' });
    await expect(page.getByText('Login Successful')).toBeVisible();
    expect(await sessionUser(page)).toMatchObject({ email: seller.email, role: 'seller' });
  });

  test('an account with two-factor sign-in on is asked for its code after Google too, and only then signed in', async ({ page }) => {
    // Set up through the API of the page's own context: a password account, its app's secret, a first code.
    const user = await signUpInBrowser(page, 'Buyer');
    const headers = { Origin: baseUrl };
    const enabled = await page.request.post('/api/auth/two-factor/enable', { headers, data: { password: user.password } });
    expect(enabled.status(), await enabled.text()).toBe(200);
    const secret = base32.decode(new URL(((await enabled.json()) as { totpURI: string }).totpURI).searchParams.get('secret')!);
    const codeNow = () => createOTP(secret).totp();
    expect((await page.request.post('/api/auth/two-factor/verify-totp', { headers, data: { code: await codeNow() } })).status()).toBe(200);
    expect((await page.request.post('/api/auth/sign-out', { headers, data: {} })).status()).toBe(200);

    await page.goto('/login');
    await googleInPopup(page, { email: user.email, name: user.name });
    await expect(page.getByLabel('Authentication code')).toBeVisible();
    await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();
    await page.getByLabel('Authentication code').fill(await codeNow());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Login Successful')).toBeVisible();
    await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    expect(await sessionUser(page)).toMatchObject({ email: user.email });
  });

  test('falls back to the whole page when the popup is blocked, and returns to the remembered page', async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const person = googlePerson('redirect');
    await page.goto('/dashboard/myorders');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
    await expect(page).toHaveURL(/\/api\/test-idp\/interaction\//);
    await signInAtProvider(page, person);

    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    await expect(page.getByText('Login Successful')).toBeVisible();
    await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    expect(await sessionUser(page)).toMatchObject({ email: person.email, role: 'buyer' });
  });

  test('the completion page only ever returns to a page of this site', async ({ page, baseURL }) => {
    // Were the page to leave for another site, this answers instead of the network.
    await page.route((url) => url.hostname === 'evil.example', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' }));
    const origin = new URL(baseURL!).origin;
    for (const to of ['/%09/evil.example', '/%0a/evil.example', 'https://evil.example', '//evil.example', '/%5Cevil.example', '/\\evil.example', '/.//evil.example', 'javascript:alert(1)']) {
      await page.goto(`/api/auth/google/done?mode=redirect&to=${to}`);
      await page.waitForURL((url) => url.pathname !== '/api/auth/google/done', { waitUntil: 'commit' });
      await page.waitForLoadState();
      expect(new URL(page.url()).origin, to).toBe(origin);
      await expect(page.getByRole('heading', { name: 'evil' }), to).toHaveCount(0);
    }
    // A path of this site is kept, with its query. Nobody is signed in here, so the dashboard then
    // sends the page on to /login: the navigation the completion page starts is what is checked.
    const kept = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/dashboard/myorders');
    await page.goto(`/api/auth/google/done?mode=redirect&to=${encodeURIComponent('/dashboard/myorders?tab=1')}`);
    expect((await kept).url()).toBe(`${origin}/dashboard/myorders?tab=1`);
  });

  test('an identity whose email Google has not verified is refused and ends on the login page', async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const person = googlePerson('unverified');
    await page.goto('/login');
    await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
    await expect(page).toHaveURL(/\/api\/test-idp\/interaction\//);
    await page.getByLabel('Email verified').uncheck();
    await signInAtProvider(page, person);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText('Google has not verified this email address, so it cannot be used to sign in here.');
    await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  });

  test('a popup closed by the person shows nothing and is only logged', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'info') logged.push(message.text());
    });
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
    const popup = await popupOpened;
    await expect(popup.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await popup.close();

    await expect.poll(() => logged.some((line) => line.includes('closed before signing in finished'))).toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
    await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  });

  test('a sign-in cancelled at the provider shows a readable inline message', async ({ page }) => {
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
    const popup = await popupOpened;
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await closed;
    await expect(page.getByRole('alert')).toHaveText('Google sign-in was cancelled.');
    await expectNoAxeViolations(page, 'login with the Google error');
    await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  });
});
