import { AxeBuilder } from '@axe-core/playwright';
import { expect, request as playwrightRequest, type APIRequestContext, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import type { MailboxEntry, MailboxMessage, VehicleDetails } from '@second-gear/contract';
import { nextLoopbackAddress, rawRequest } from '../apps/server/test/raw-http.ts';

/** The rule sets every screen is held to: WCAG 2.0, 2.1 and 2.2, levels A and AA, and axe's best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Where the toasts are shown (react-hot-toast's `<Toaster>`, app/providers.tsx). */
const toaster = '[data-rht-toaster]';

/**
 * Runs axe (`@axe-core/playwright`) on the page as it is now and fails with every violation, its
 * rule, help text and the offending elements. Call it once the screen under test is fully shown
 * (wait for its content first: axe only sees what is in the DOM).
 *
 * Toasts are left out: they come and go on their own clock, and one that starts leaving while axe
 * runs is measured half faded (1.01:1, #fdfdfd on white, seen in a journey). `{ toasts: true }`
 * checks the toasts alone instead, for a journey that has just shown one that stays a while.
 * `{ only: selector }` checks that part alone: an open popover, say, covers what is under it by
 * design, and axe counts each target it covers as too small (WCAG 2.2's target size).
 */
export async function expectNoAxeViolations(page: Page, screen?: string, { toasts = false, only }: { toasts?: boolean; only?: string } = {}): Promise<void> {
  // A dialog or a toast fading in is drawn in lighter colours for a moment (axe measured a toast at
  // 3.84:1, #828282 on white): axe reads the colours people are left with.
  await finishAnimations(page);
  // axe's default run finishes in a new blank page it injects axe into a second time, and reports every
  // node that passed: in one page (the app has no frames), violations only, the same 54 checks took
  // 120 s instead of 208 (docs/decisions/046).
  // `options` before `withTags`: AxeBuilder's `options` replaces every option given before it, the
  // tags' `runOnly` too, and axe then ran its default rules instead of these tags.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(axeTags).setLegacyMode();
  const results = await (toasts ? builder.include(toaster) : only ? builder.include(only) : builder.exclude(toaster)).analyze();
  const report = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n/g, ' ') ?? ''}`).join('\n'),
  );
  expect(report, `axe violations on ${screen ?? page.url()}`).toEqual([]);
}

/** The demo accounts seeded with the demo data (README, "Demo accounts"). Never fail a sign-in 5 times on one of them. */
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

/**
 * Signs the page's browser in through the sign-in endpoint (setup, not the journey: auth.spec.ts and
 * the specs of the login page's own paths use the form). The page's context holds the session, so
 * its next navigation is signed in.
 */
export async function signInViaApi(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  const signedIn = await page.request.post('/api/auth/sign-in/email', { headers: { Origin: baseUrl }, data: { email, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}

/** Logs in through the UI from /login and waits for the success toast. */
export async function logInThroughUi(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(page.getByText('User Logged In Successful')).toBeVisible();
  await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

/**
 * Creates an account through the server's sign-up endpoint (setup only, not the journey under test),
 * signs `request` in as it and (unless `confirmed: false`) confirms its email with the link the development mailbox received, as
 * its owner would: an unconfirmed account gets no emails and may not message or save searches.
 * Sign-ups are limited per client address, so each comes from a loopback address of its own
 * (127.x.y.z); the sign-in, which a success leaves uncounted, comes from the request context, so
 * that its cookie jar (a page's, when it is `page.request`) holds the session.
 */
export async function createUserViaApi(request: APIRequestContext, user: NewUser, baseURL: string, { confirmed = true } = {}): Promise<void> {
  const signUp = await rawRequest(baseURL, {
    method: 'POST',
    target: '/api/auth/sign-up/email',
    localAddress: nextLoopbackAddress(),
    headers: { origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify({ name: user.name, email: user.email, password: user.password, image: user.photoURL, role: user.role }),
  });
  expect(signUp.status, signUp.body).toBe(200);
  const signIn = await request.post('/api/auth/sign-in/email', { headers: { Origin: baseURL }, data: { email: user.email, password: user.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  if (!confirmed) return;
  const opened = await request.get(await confirmationLinkFor(request, user.email), { maxRedirects: 0 });
  expect(opened.status(), await opened.text()).toBe(302);
  expect(opened.headers().location, 'the link was accepted').not.toContain('error=');
}

/** The link of the latest confirmation email to `email` in the development mailbox (its API), once it has arrived. */
export async function confirmationLinkFor(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const entries = (await (await request.get('/api/dev/mailbox')).json()) as MailboxEntry[];
    const entry = entries.find((e) => e.to === email && e.subject === 'Confirm your email address');
    expect(entry, `a confirmation email to ${email}`).toBeDefined();
    const message = (await (await request.get(`/api/dev/mailbox/${entry!.id}`)).json()) as MailboxMessage;
    link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(message.text)?.[0];
    expect(link, 'a link in the email').toBeDefined();
  }).toPass({ timeout: 30_000 });
  return link!;
}

/** The main navigation bar. */
export function navbar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The dashboard's side menu. */
export function dashboardMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

export const allMenuEntries = ['All Sellers', 'All Buyers', 'Reported Items', 'Categories', 'Disputes', 'Add A Product', 'My Products', 'Booking Requests', 'Payouts', 'My Orders', 'My Wishlist'] as const;

/** Checks that the dashboard menu shows exactly `expected` among all the role entries. */
export async function expectMenuEntries(page: Page, expected: readonly string[]): Promise<void> {
  const menu = dashboardMenu(page);
  for (const entry of expected) await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  for (const entry of allMenuEntries.filter((e) => !expected.includes(e))) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveCount(0);
  }
}

// ---------------------------------------------------------------------------------------------
// Catalog, buyer, payment and admin journeys: setup through the API, so each test owns its data.
// ---------------------------------------------------------------------------------------------

/** A real JPEG picture (a solid colour) for the add-product form or `POST /api/images`. */
export function jpegPicture(background = '#4477aa', width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();
}

/** A user with their own API session (their own cookie jar), for setup steps that are not under test. */
export interface ApiActor extends NewUser {
  api: APIRequestContext;
}

/**
 * Signs up a new user through the API in a request context of their own. Dispose `api` when done.
 * `confirmed: false` leaves the email as a sign-up does, unconfirmed; `longEmail` gives them a long address.
 */
export async function newApiActor(role: SignUpRole, { confirmed = true, longEmail = false } = {}): Promise<ApiActor> {
  const user = uniqueUser(role);
  // An address as long as people really have, with no hyphen or space to break at: it must wrap wherever it is shown.
  if (longEmail) user.email = `${role.toLowerCase()}.with.a.rather.long.address.${user.email.replaceAll('-', '.')}`;
  const api = await playwrightRequest.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Origin: baseUrl } });
  await createUserViaApi(api, user, baseUrl, { confirmed });
  return { ...user, api };
}

/**
 * Signs a browser page up as a new user through the API of the page's own context: the page shares
 * the session cookie, so it is signed in on its next navigation (setup, not the sign-up journey).
 */
export async function signUpInBrowser(page: Page, role: SignUpRole): Promise<NewUser> {
  const user = uniqueUser(role);
  await createUserViaApi(page.request, user, baseUrl);
  return user;
}

/** A second, independent browser session (another person) in the same test. */
export async function newPersonPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl });
  return context.newPage();
}

export interface CategoryRef {
  _id: string;
  name: string;
}

/** The brand categories (`GET /api/categories`, public). */
export async function categoriesViaApi(api: APIRequestContext): Promise<CategoryRef[]> {
  const response = await api.get('/api/categories');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as CategoryRef[]).map(({ _id, name }) => ({ _id, name }));
}

/** One category by name (the demo data has Toyota, Honda, BMW, Ford, Tesla, Hyundai, Mercedes-Benz). */
export async function categoryByName(api: APIRequestContext, name: string): Promise<CategoryRef> {
  const category = (await categoriesViaApi(api)).find((c) => c.name === name);
  expect(category, `category ${name}`).toBeDefined();
  return category!;
}

/** A car name nobody else uses. */
export function uniqueCarName(prefix = 'E2E Car'): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export interface CarFields {
  productName: string;
  categoryId: string;
  condition: 'Excellent' | 'Good' | 'Fair';
  description: string;
  originalPrice: number;
  resalePrice: number;
  yearsOfUse: string;
  mobile: string;
  location: string;
}

export interface AddedCar extends CarFields {
  _id: string;
  image: string;
}

/**
 * Uploads a JPEG (`POST /api/images`) and adds a car (`POST /api/addProducts`) as the seller of `api`,
 * with any of the car's details (model, mileage, fuel…) given.
 */
export async function addCarViaApi(api: APIRequestContext, car: Partial<CarFields> & VehicleDetails & { categoryId: string; zip?: string }): Promise<AddedCar> {
  const upload = await api.post('/api/images', {
    multipart: { image: { name: 'car.jpg', mimeType: 'image/jpeg', buffer: await jpegPicture('#8844aa', 640, 480) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const image = ((await upload.json()) as { data: { url: string } }).data.url;
  const fields: CarFields = {
    productName: uniqueCarName(),
    condition: 'Good',
    description: 'Well kept, one owner, full service history.',
    originalPrice: 42000,
    resalePrice: 26500,
    yearsOfUse: '2018',
    mobile: '555-0100',
    location: 'Portland, OR',
    ...car,
  };
  const added = await api.post('/api/addProducts', { data: { ...fields, image } });
  expect(added.status(), await added.text()).toBe(200);
  const { insertedId } = (await added.json()) as { insertedId: string };
  return { ...fields, _id: insertedId, image };
}

/** A new brand category, added by the demo admin through the API. */
export async function addMakeViaApi(prefix = 'Searchmake'): Promise<CategoryRef> {
  const admin = await playwrightRequest.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Origin: baseUrl } });
  const signIn = await admin.post('/api/auth/sign-in/email', { data: demo.admin });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const upload = await admin.post('/api/images', {
    multipart: { image: { name: 'make.jpg', mimeType: 'image/jpeg', buffer: await jpegPicture('#225588', 640, 480) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const image = ((await upload.json()) as { data: { url: string } }).data.url;
  const name = `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const added = await admin.post('/api/categories', { data: { name, details: 'A make only the search journey sells.', image } });
  expect(added.status(), await added.text()).toBe(200);
  const { insertedId } = (await added.json()) as { insertedId: string };
  await admin.dispose();
  return { _id: insertedId, name };
}

/** `PUT /api/product/{id}`: the seller advertises their car. */
export async function advertiseViaApi(api: APIRequestContext, productId: string): Promise<void> {
  const response = await api.put(`/api/product/${productId}`);
  expect(response.status(), await response.text()).toBe(200);
}

/** `POST /api/bookings` as the buyer of `api`; returns the order id. */
export async function bookViaApi(api: APIRequestContext, productId: string): Promise<string> {
  const response = await api.post('/api/bookings', { data: { productId, phone: '555-0199', location: 'Main Street' } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { acknowledged: boolean; insertedId?: string; message?: string };
  expect(body.acknowledged, body.message).toBe(true);
  return body.insertedId!;
}

/** Pays an order with the test card through the API (setup, where paying is not the journey under test). */
export async function payViaApi(api: APIRequestContext, buyer: NewUser, bookingId: string): Promise<string> {
  const intent = await api.post('/api/create-payment-intent', { data: { bookingId } });
  expect(intent.status(), await intent.text()).toBe(200);
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
  const confirmed = await api.post('/api/test-processor/confirm', { data: { clientSecret: (await intent.json()).clientSecret, card, billingDetails: { name: buyer.name, email: buyer.email } } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const transactionId = (await confirmed.json()).paymentIntent.id as string;
  const recorded = await api.post('/api/payments', { data: { transactionId, bookingId, email: buyer.email } });
  expect(recorded.status(), await recorded.text()).toBe(200);
  return transactionId;
}

/** `PUT /api/wishlists?id=&email=` as the buyer of `api`. */
export async function wishlistViaApi(api: APIRequestContext, productId: string, email: string): Promise<void> {
  const response = await api.put(`/api/wishlists?${new URLSearchParams({ id: productId, email }).toString()}`);
  expect(response.status(), await response.text()).toBe(200);
}

/** A product card (an article named by the car's name). */
export function productCard(scope: Page | Locator, productName: string): Locator {
  return scope.getByRole('article', { name: productName, exact: true });
}

/**
 * On a category page: the card of `productName`, loading further pages ('Load more cars') until it
 * shows. Other tests add cars to the same categories at the same time.
 */
export function findProductCard(page: Page, productName: string): Promise<Locator> {
  return loadCarsUntilShown(page, productCard(page, productName));
}

/**
 * On a category page: `card` (any card locator, such as a seller's cars), loading further pages
 * until one shows. The newest come first, so cars other tests list push older ones down.
 */
export async function loadCarsUntilShown(page: Page, card: Locator): Promise<Locator> {
  await expect(page.getByRole('heading', { name: /^Product Category: / })).toBeVisible();
  const cards = page.getByRole('main').getByRole('article');
  const more = page.getByRole('button', { name: 'Load more cars' });
  for (let i = 0; i < 20 && (await card.count()) === 0; i += 1) {
    if ((await more.count()) === 0) break;
    const shown = await cards.count();
    await more.click();
    // The next page has arrived when there are more cards, or no further page to load.
    await expect.poll(async () => (await cards.count()) > shown || (await more.count()) === 0).toBe(true);
  }
  return card;
}

/**
 * On a category page: `productName`, a car listed during the test, is not among the cars shown. The
 * page lists the newest first, so such a car, were it still on the market, would be on the first page
 * (other tests add only a few cars at the same time): paging through the whole category is not needed.
 */
export async function expectNotOnFirstPage(page: Page, productName: string): Promise<void> {
  await expect(page.getByRole('heading', { name: /^Product Category: / })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(productCard(page, productName)).toHaveCount(0);
}

/** The advertised cars grid on the home page (its region is named by its heading, or 'Featured cars'). */
export function advertisedGrid(page: Page): Locator {
  return page.getByRole('region', { name: /Advertised Cars|Featured cars/ });
}

/** A table row that names `text` (a car, a person). */
export function tableRow(page: Page, text: string): Locator {
  return page.getByRole('main').getByRole('row').filter({ hasText: text });
}

/** The delete confirmation dialog (docs/product.md, "Deleting"). */
export function deleteDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Are You Sure You Want to Delete?' });
}

/** Checks that an element's text colour is a red (computed colour resolved to sRGB by a canvas). */
export async function expectRedText(locator: Locator): Promise<void> {
  const [r = 0, g = 0, b = 0] = await locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) return [0, 0, 0];
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
  expect(r, `rgb(${r}, ${g}, ${b}) is red`).toBeGreaterThan(120);
  expect(r - Math.max(g, b), `rgb(${r}, ${g}, ${b}) is red`).toBeGreaterThan(60);
}

/**
 * Holds the requests matching `url` until `release()` is called, so a test can look at the page
 * while they are pending; `requested` resolves when the first one is made.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<{ requested: Promise<void>; release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(url, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  return { requested, release };
}

// Paying on a payment page with the test-mode card form (payments.spec.ts, honest-states.spec.ts).

/** A future expiry as typed into 'Expiration date' (MM / YY). */
export const futureExpiry = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** Fills the test-mode card form and presses Pay (the Pay button is enabled once the payment is prepared). */
export async function payWith(page: Page, cardNumber: string, cvc = '123'): Promise<void> {
  await page.getByLabel('Card number', { exact: true }).fill(cardNumber.replace(/ /g, ''));
  await expect(page.getByLabel('Card number', { exact: true })).toHaveValue(cardNumber);
  await page.getByLabel('Expiration date', { exact: true }).fill(futureExpiry);
  await page.getByLabel('CVC', { exact: true }).fill(cvc);
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await pay.click();
}

/** The success text with the transaction id; returns the id. */
export async function expectPaymentCompleted(page: Page): Promise<string> {
  const success = page.getByRole('status').filter({ hasText: 'Congrats! Your Payment has been Completed' });
  await expect(success).toBeVisible();
  await expect(success).toContainText(/Your transaction id: pi_\w+/);
  const id = /pi_\w+/.exec(await success.innerText())?.[0];
  expect(id).toMatch(/^pi_/);
  return id!;
}

/** The phone and the desktop that screens are checked and photographed at. */
export const phoneScreen = { width: 390, height: 844 } as const;
export const desktopScreen = { width: 1366, height: 900 } as const;

/**
 * A full-page screenshot, named with the viewport's width, kept for review as a test artifact and as a
 * file in the test's output folder (test-results/). Animations are finished first, so a drawer or a
 * toast is not caught halfway. A JPEG (`type: 'jpeg'`) is several times quicker to encode, for many at once.
 */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, { type = 'png' }: { type?: 'png' | 'jpeg' } = {}): Promise<void> {
  const fileName = `${name}-${page.viewportSize()?.width ?? 0}.${type === 'png' ? 'png' : 'jpg'}`;
  const body = await page.screenshot({ fullPage: true, animations: 'disabled', type, path: testInfo.outputPath(fileName) });
  await testInfo.attach(fileName, { body, contentType: `image/${type}` });
}

/**
 * Opens the newest email to `to` in the development mailbox (it arrives a moment after the event),
 * or the newest with `subject` in its subject, when others to the same address may be newer or older.
 */
export async function openEmailTo(page: Page, to: string, subject?: string) {
  // Waits on the mailbox's API rather than reloading the page against a short timeout: a loaded
  // machine may take longer than that to answer a reload, and then no reload would ever succeed.
  await expect
    .poll(async () => {
      const entries = (await (await page.request.get('/api/dev/mailbox')).json()) as MailboxEntry[];
      return entries.some((e) => e.to === to && (subject === undefined || e.subject.includes(subject)));
    }, { message: `an email to ${to}${subject ? ` about ${subject}` : ''}`, timeout: 30_000 })
    .toBe(true);
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Development Mailbox', level: 1 })).toBeVisible();
  const toThem = page.getByRole('navigation', { name: 'Emails' }).getByRole('link').filter({ hasText: `To ${to}` });
  await (subject ? toThem.filter({ hasText: subject }) : toThem).first().click();
  await expect(page.getByTestId('mail-text')).toBeVisible();
}

/**
 * Waits until the page has settled after a load or a resize: the resize's handlers run, no list or
 * page still loading (a busy region, a placeholder, a page spinner) and web fonts in; then its
 * animations are taken to their end (`finishAnimations`). Measuring forces the layout, so what is
 * measured next is current. A signal, never a fixed wait.
 */
export async function waitForSettledLayout(page: Page): Promise<void> {
  // A resize's own handlers (the window's resize event, resize observers: a chart redrawn to its new
  // width) run at the next frame, not when the viewport has changed: two frames and they have run.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await expect(page.locator('[aria-busy="true"], .skeleton, [role="status"].loading').filter({ visible: true })).toHaveCount(0);
  await page.waitForFunction(() => document.fonts.status === 'loaded', undefined, { timeout: 10_000 });
  await finishAnimations(page);
}

/**
 * Takes the page's transitions and other finite animations to their end, as Playwright's screenshots
 * do (a spinner turns forever and is left alone): what is measured next is what people are left with.
 */
async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity) animation.finish();
    }
  });
}
