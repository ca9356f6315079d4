import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser } from '@playwright/test';
import { findLayoutFaults } from './layout-faults.ts';
import {
  addCarViaApi,
  baseUrl,
  bookViaApi,
  categoryByName,
  demo,
  keepScreenshot,
  newApiActor,
  payViaApi,
  uniqueCarName,
  waitForSettledLayout,
  wishlistViaApi,
  type ApiActor,
} from './support.ts';

/**
 * The layout sweep (issue 47, "Nothing cut off, nothing overlapping"): every route of the web app
 * (apps/web/src/app/router.tsx) at a phone, a tablet, a small laptop and a desktop width, signed out
 * and as each role, with something in every list. A route fails on anything wider than its container
 * (the page or a box scrolling sideways, an element sticking out) and on text over other text or over a
 * control (layout-faults.ts). A full-page screenshot of each route and role at the phone's and the desktop's
 * width, and at any width with a fault, is kept for review.
 */

const widths = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

type Role = 'visitor' | 'buyer' | 'seller' | 'admin';

/** A route as the router names it, and the address it is visited at. */
interface Visit {
  route: string;
  at: string;
}

/** The ids the sweep's routes are visited with: made once, through the API, by `makeData`. */
interface Data {
  carId: string;
  wishedCarId: string;
  unpaidOrderId: string;
  categoryId: string;
  disputeId: string;
  /** The seller's account: their public profile. */
  sellerId: string;
}

const publicRoutes = (d: Data): Visit[] => [
  { route: '/', at: '/' },
  { route: '/blog', at: '/blog' },
  { route: '/login', at: '/login' },
  { route: '/signup', at: '/signup' },
  { route: '/forgot-password', at: '/forgot-password' },
  { route: '/reset-password', at: '/reset-password' },
  { route: '/terms', at: '/terms' },
  { route: '/privacy', at: '/privacy' },
  { route: '/cars/:id', at: `/cars/${d.carId}` },
  { route: '/sellers/:id', at: `/sellers/${d.sellerId}` },
  // A paid car (shown as gone) beside one on the market.
  { route: '/compare', at: `/compare?cars=${d.carId},${d.wishedCarId}` },
  // A valued demo Camry: the answer with its chart, which the demo's Camrys are enough for (e2e/value.spec.ts).
  { route: '/value', at: `/value?${new URLSearchParams({ make: d.categoryId, model: 'Camry', modelYear: '2021', mileage: '55000', mileageUnit: 'mi', condition: 'Good' })}` },
  { route: '/search', at: '/search' },
  { route: '/unsubscribe', at: '/unsubscribe' },
  { route: '/confirm-email', at: '/confirm-email' },
  { route: '/dev/mailbox', at: '/dev/mailbox' },
];

const everyUsersRoutes = (d: Data): Visit[] => [
  ...publicRoutes(d),
  { route: '/category/:id', at: `/category/${d.categoryId}` },
  { route: '/dashboard', at: '/dashboard' },
  { route: '/dashboard/messages', at: '/dashboard/messages' },
  { route: '/dashboard/alerts', at: '/dashboard/alerts' },
  { route: '/dashboard/settings', at: '/dashboard/settings' },
  { route: '/dashboard/two-factor-setup', at: '/dashboard/two-factor-setup' },
];

const routesOf: Record<Role, (d: Data) => Visit[]> = {
  visitor: publicRoutes,
  buyer: (d) => [
    ...everyUsersRoutes(d),
    { route: '/dashboard/myorders', at: '/dashboard/myorders' },
    { route: '/dashboard/mywishlist', at: '/dashboard/mywishlist' },
    { route: '/dashboard/payment/:id', at: `/dashboard/payment/${d.unpaidOrderId}` },
    { route: '/dashboard/wishlistpayment/:id', at: `/dashboard/wishlistpayment/${d.wishedCarId}` },
  ],
  seller: (d) => [
    ...everyUsersRoutes(d),
    { route: '/dashboard/addProduct', at: '/dashboard/addProduct' },
    { route: '/dashboard/myproducts', at: '/dashboard/myproducts' },
    { route: '/dashboard/myproducts/:id/edit', at: `/dashboard/myproducts/${d.carId}/edit` },
    { route: '/dashboard/products/:id/performance', at: `/dashboard/products/${d.carId}/performance` },
    { route: '/dashboard/bookings', at: '/dashboard/bookings' },
    { route: '/dashboard/payouts', at: '/dashboard/payouts' },
    { route: '/dashboard/payouts/test-onboarding', at: '/dashboard/payouts/test-onboarding' },
  ],
  admin: (d) => [
    ...everyUsersRoutes(d),
    { route: '/dashboard/allseller', at: '/dashboard/allseller' },
    { route: '/dashboard/allbuyer', at: '/dashboard/allbuyer' },
    { route: '/dashboard/reporteditems', at: '/dashboard/reporteditems' },
    { route: '/dashboard/categories', at: '/dashboard/categories' },
    { route: '/dashboard/disputes', at: '/dashboard/disputes' },
    { route: '/dashboard/disputes/:id', at: `/dashboard/disputes/${d.disputeId}` },
  ],
};

/**
 * Boxes that scroll sideways on purpose. A dashboard table scrolls inside its frame only on Booking
 * Requests, the widest, and only below 1024 px; from there on its actions must be in view.
 */
function scrollersAt(route: string, width: number): string[] {
  const photoStrip = 'ul[aria-label="All photos"]';
  // A map's viewport holds panes wider than itself and shows the part the map is moved to.
  const map = '.leaflet-container';
  // The cars compared side by side scroll sideways under their row labels on a narrow screen.
  const comparedCars = 'div[aria-label="Cars side by side"]';
  return route === '/dashboard/bookings' && width < 1024 ? [photoStrip, map, 'div:has(> table)'] : [photoStrip, map, comparedCars];
}

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/**
 * Something in every list, made through the API: a seller and a buyer with long email addresses; a car
 * the buyer booked, the seller accepted and the buyer paid (My Orders' busiest row: Add to calendar,
 * I have the car, Report a problem, Cancel); a pending booking (Booking Requests' Accept, Propose Time,
 * Decline); a car on the wishlist with a message to its seller; a paid car with a problem reported (a dispute).
 */
async function makeData(buyer: ApiActor, seller: ApiActor, admin: APIRequestContext): Promise<Data> {
  const toyota = await categoryByName(seller.api, 'Toyota');
  const car = (name: string) => addCarViaApi(seller.api, { categoryId: toyota._id, productName: uniqueCarName(name) });
  const [paid, unpaid, wished, disputed] = [await car('E2E Sweep Paid'), await car('E2E Sweep Unpaid'), await car('E2E Sweep Wished'), await car('E2E Sweep Disputed')];

  await wishlistViaApi(buyer.api, wished._id, buyer.email);
  await ok(await buyer.api.post('/api/conversations', { data: { productId: wished._id, text: 'Is the car still available? Could I see it on Saturday morning?' } }));

  const paidOrderId = await bookViaApi(buyer.api, paid._id);
  const meetingTime = new Date(Date.now() + 2 * 86_400_000).toISOString();
  await ok(await seller.api.post(`/api/bookings/${paidOrderId}/accept`, { data: { meetingTime } }));
  await payViaApi(buyer.api, buyer, paidOrderId);
  const unpaidOrderId = await bookViaApi(buyer.api, unpaid._id);

  const disputedOrderId = await bookViaApi(buyer.api, disputed._id);
  await payViaApi(buyer.api, buyer, disputedOrderId);
  const requests = (await ok(await seller.api.get('/api/bookings/requests'))) as { _id: string; money?: { paymentId: string } | null }[];
  const paymentId = requests.find((r) => r._id === disputedOrderId)?.money?.paymentId;
  expect(paymentId, 'the disputed car’s payment').toBeDefined();
  await ok(await buyer.api.post(`/api/payments/${paymentId}/problem`, { data: { reason: 'not_as_described', details: 'The odometer shows far more than the listing says.' } }));
  const disputes = (await ok(await admin.get('/api/disputes'))) as { id: string; paymentId: string }[];
  const dispute = disputes.find((d) => d.paymentId === paymentId);
  expect(dispute, 'the dispute the admin decides').toBeDefined();

  const { sellerId } = ((await ok(await seller.api.get(`/api/cars/${unpaid._id}`))) as { product: { sellerId: string } }).product;
  return { carId: paid._id, wishedCarId: wished._id, unpaidOrderId, categoryId: toyota._id, disputeId: dispute!.id, sellerId };
}

let data: Data;
const sessions = new Map<Role, Awaited<ReturnType<APIRequestContext['storageState']>>>();
const actors: APIRequestContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [buyer, seller] = [await newApiActor('Buyer', { longEmail: true }), await newApiActor('Seller', { longEmail: true })];
  const admin = await playwrightRequest.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Origin: baseUrl } });
  await ok(await admin.post('/api/auth/sign-in/email', { data: demo.admin }));
  actors.push(buyer.api, seller.api, admin);
  data = await makeData(buyer, seller, admin);
  sessions.set('buyer', await buyer.api.storageState());
  sessions.set('seller', await seller.api.storageState());
  sessions.set('admin', await admin.storageState());
});

test.afterAll(async () => {
  await Promise.all(actors.map((api) => api.dispose()));
});

test('the sweep visits every route of the router', () => {
  const router = readFileSync(path.join(import.meta.dirname, '../apps/web/src/app/router.tsx'), 'utf8');
  const patterns = [...router.matchAll(/path: '([^']+)'/g)].map((match) => match[1]!);
  const swept = new Set(Object.values(routesOf).flatMap((routes) => routes(data).map(({ route }) => route)));
  const unswept = patterns.filter((pattern) => ![...swept].some((route) => route === pattern || route.endsWith(`/${pattern}`)));
  expect(unswept, 'routes of router.tsx the sweep does not visit').toEqual([]);
});

async function sweep(browser: Browser, role: Role, testInfo: Parameters<Parameters<typeof test>[2]>[1]) {
  const context = await browser.newContext({ baseURL: baseUrl, storageState: sessions.get(role) ?? { cookies: [], origins: [] } });
  const page = await context.newPage();
  // Where each dashboard page's content stands, by width: one container for them all.
  const dashboardFrames = new Map<number, string[]>();
  for (const { route, at } of routesOf[role](data)) {
    await page.setViewportSize(widths[0]);
    await page.goto(at);
    await expect(page.locator('#main'), `${route} as ${role}`).toBeVisible();
    for (const size of widths) {
      await page.setViewportSize(size);
      await waitForSettledLayout(page);
      const faults = await page.evaluate(findLayoutFaults, { scrollers: scrollersAt(route, size.width) });
      expect.soft(faults, `${route} at ${size.width} px as ${role}`).toEqual([]);
      if (route.startsWith('/dashboard')) {
        const frame = await page.evaluate(() => {
          const box = document.querySelector('#main h1')?.closest('#main > *')?.getBoundingClientRect();
          return box ? `${Math.round(box.left)}–${Math.round(box.right)} px` : 'no heading';
        });
        dashboardFrames.set(size.width, [...(dashboardFrames.get(size.width) ?? []), `${frame}: ${route}`]);
      }
      // Half the sweep's time went to 412 full-page screenshots: a phone's and a desktop's are kept for
      // review, and any width's with a fault.
      if (size === widths[0] || size === widths.at(-1) || faults.length > 0) {
        await keepScreenshot(page, testInfo, `${role}${route.replace(/[/:]+/g, '-').replace(/-$/, '') || '-home'}`, { type: 'jpeg' });
      }
    }
  }
  for (const [width, frames] of dashboardFrames) {
    const extents = new Set(frames.map((frame) => frame.split(':')[0]));
    expect.soft(extents.size, `the dashboard pages' content at ${width} px as ${role} stands at one place:\n${frames.join('\n')}`).toBe(1);
  }
  await context.close();
}

test.use({ navigationTimeout: 30_000 });

for (const role of ['visitor', 'buyer', 'seller', 'admin'] as const) {
  test(`every route at 390, 768, 1024 and 1440 px ${role === 'visitor' ? 'signed out' : `as ${role === 'admin' ? 'an' : 'a'} ${role}`}: nothing wider than its container, no text overlapping`, async ({ browser }, testInfo) => {
    test.setTimeout(600_000);
    await sweep(browser, role, testInfo);
  });
}
