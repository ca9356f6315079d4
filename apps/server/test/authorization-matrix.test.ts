import { randomBytes, randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { FakeStripeApi } from './payments/fake-stripe-api.ts';
import { StripeProvider } from '../src/payments/stripe.ts';
import { type ApiDocument, expectDocumented } from './documented-statuses.ts';
import { carListing, insertCar, insertCategory } from './fixtures.ts';
import { as, createTestApp, makeAdmin, multipartFile, signUp, type Person, type TestApp } from './harness.ts';
import { isWriteMethod, rolesOf, routeRules, type RouteRule } from './route-rules.ts';
import { inTransaction } from '../src/db/pool.ts';
import { unsubscribeToken } from '../src/mail/unsubscribe-token.ts';
import { notify } from '../src/modules/notifications/notify.ts';

/**
 * The authorization matrix: every `/api` route the server registers, called as anonymous,
 * buyer, another buyer, seller, another seller and admin, each answer checked against the rule in
 * route-rules.ts; then mass-assignment probes on every write route.
 */

// ---------------------------------------------------------------------------------------------
// The server's own route table: every route any Fastify instance built here registers, seen
// through its onRoute hook. The hook is added the moment the instance is created (Fastify's
// `fastify.initialization` diagnostics channel), before buildApp registers a single plugin.
// ---------------------------------------------------------------------------------------------

let collecting: Set<string> | undefined;
const onInit = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  const into = collecting;
  if (!into) return;
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // HEAD answers through its GET route (and the GET route's guard).
      if (method !== 'HEAD' && route.url.startsWith('/api')) into.add(`${method} ${route.url}`);
    }
  });
};

async function collectRoutes<T>(into: Set<string>, build: () => Promise<T>): Promise<T> {
  collecting = into;
  diagnostics.subscribe('fastify.initialization', onInit);
  try {
    return await build();
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInit);
    collecting = undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The people and their rows.
// ---------------------------------------------------------------------------------------------

const PERSONAS = ['anonymous', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'] as const;
type Who = (typeof PERSONAS)[number];
type SignedIn = Exclude<Who, 'anonymous'>;
const roleOf: Record<Who, 'buyer' | 'seller' | 'admin' | null> = {
  anonymous: null,
  buyer: 'buyer',
  otherBuyer: 'buyer',
  seller: 'seller',
  otherSeller: 'seller',
  admin: 'admin',
};
/** Whose data each person probes as "another user's". */
const otherOf: Record<SignedIn, SignedIn> = { buyer: 'otherBuyer', otherBuyer: 'buyer', seller: 'otherSeller', otherSeller: 'seller', admin: 'buyer' };

interface BuyerRows {
  tag: string;
  booking: string;
  wishCar: string;
  wishDelCar: string;
  newBookCar: string;
  newWishCar: string;
  reportCar: string;
  payBooking: string;
  payTx: string;
  payWishCar: string;
  payWishTx: string;
  /** Bookings for the buyer's answers: one to cancel, one with the seller's proposal, one confirmed. */
  cancelBooking: string;
  proposalBooking: string;
  meetingBooking: string;
  /** The buyer's conversation about one of the seller's cars. */
  conversation: string;
}
interface SellerRows {
  tag: string;
  adCar: string;
  delCar: string;
  /** Advertised from the start: its page is public. */
  shownCar: string;
  editCar: string;
  withdrawCar: string;
  imageUrl: string;
  /** A conversation about the seller's shown car, opened by a spare buyer. */
  conversation: string;
}
/** Bookings on a seller's cars, each for one of the seller's answers, and a confirmed one for its calendar. */
interface RequestRows {
  accept: string;
  decline: string;
  propose: string;
  meeting: string;
}

let t: TestApp;
let stripeApp: FastifyInstance;
let fake: FakeStripeApi;
const mainRoutes = new Set<string>();
const stripeRoutes = new Set<string>();
const P = {} as Record<SignedIn, Person>;
let spare: Person;
let categoryId: string;
const buyerRows = {} as Record<'buyer' | 'otherBuyer', BuyerRows>;
const sellerRows = {} as Record<'seller' | 'otherSeller', SellerRows>;
const requestRows = {} as Record<'seller' | 'otherSeller', RequestRows>;
let adminRows: { dismissCar: string; removeCar: string; doomed: Person; capSecret: string; picture: string; editCategory: string; emptyCategory: string };
let png: Buffer;
let calls = 0;

/** Buyer-side rows of a person: their own for buyers, the first buyer's for everyone else (they are refused first). */
const B = (who: Who): BuyerRows => buyerRows[who === 'otherBuyer' ? 'otherBuyer' : 'buyer'];
const S = (who: Who): SellerRows => sellerRows[who === 'otherSeller' ? 'otherSeller' : 'seller'];
const R = (who: Who): RequestRows => requestRows[who === 'otherSeller' ? 'otherSeller' : 'seller'];
/** A meeting time a day and a bit ahead (the answers refuse the past). */
const soon = (hours = 30) => new Date(Date.now() + hours * 3_600_000).toISOString();
/** A person's own conversation: the seller's about their car, the buyer's about a car they asked about (the admin: the first buyer's). */
const conversationOf = (who: Who) => (roleOf[who] === 'seller' ? S(who).conversation : B(who).conversation);
const emailOf = (who: Who) => (who === 'anonymous' ? P.buyer.email : P[who].email);
const enc = encodeURIComponent;

async function call(who: Who, opts: InjectOptions, app: FastifyInstance = t.app): Promise<LightMyRequestResponse> {
  calls++;
  const res = await as(app, who === 'anonymous' ? undefined : P[who], opts);
  // Never a 5xx, whoever asks and whatever they send.
  expect(res.statusCode, `${opts.method} ${opts.url} as ${who}: ${res.body}`).toBeLessThan(500);
  // And never an answer the API document does not list for the call.
  expectDocumented(app.swagger() as unknown as ApiDocument, opts.method ?? 'GET', String(opts.url), res.statusCode, `(as ${who}: ${res.body.slice(0, 200)})`);
  return res;
}

const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' });
const confirmCard = (clientSecret: string, number = '4242 4242 4242 4242'): InjectOptions => ({
  method: 'POST',
  url: '/api/test-processor/confirm',
  payload: { clientSecret, card: card(number), billingDetails: { name: 'Pat Buyer', email: 'pat@test.example' } },
});

async function okJson(who: Who, opts: InjectOptions) {
  const res = await call(who, opts);
  expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body}`).toBe(200);
  return res.json();
}

async function setUpBuyer(who: 'buyer' | 'otherBuyer') {
  const b = P[who];
  const tag = `Tag${who}${randomBytes(3).toString('hex')}`;
  const car = (purpose: string) => insertCar(t, P.seller, categoryId, { name: `${sellerRows.seller.tag} ${tag} ${purpose}`, price: 12_000 });
  const book = async (productId: string) => (await okJson(who, { method: 'POST', url: '/api/bookings', payload: { productId } })).insertedId as string;
  const wish = (productId: string) => okJson(who, { method: 'PUT', url: `/api/wishlists?id=${productId}&email=${enc(b.email)}` });

  const booking = await book(await car('booked'));
  const wishCar = await car('wished');
  await wish(wishCar);
  const wishDelCar = await car('wished, to remove');
  await wish(wishDelCar);

  const payBooking = await book(await car('order to pay'));
  const orderIntent = await okJson(who, { method: 'POST', url: '/api/create-payment-intent', payload: { bookingId: payBooking } });
  const payTx = (await okJson('anonymous', confirmCard(orderIntent.clientSecret))).paymentIntent.id as string;

  const payWishCar = await car('wished, to pay');
  await wish(payWishCar);
  const wishIntent = await okJson(who, { method: 'POST', url: '/api/wishlist-create-payment-intent', payload: { productId: payWishCar } });
  const payWishTx = (await okJson('anonymous', confirmCard(wishIntent.clientSecret))).paymentIntent.id as string;

  buyerRows[who] = {
    tag,
    booking,
    wishCar,
    wishDelCar,
    newBookCar: await car('to book'),
    newWishCar: await car('to wish'),
    reportCar: await car('to report'),
    payBooking,
    payTx,
    payWishCar,
    payWishTx,
    cancelBooking: await book(await car('booking to cancel')),
    proposalBooking: await book(await car('booking with a proposal')),
    meetingBooking: await book(await car('booking with a meeting')),
    conversation: (await okJson(who, post('/api/conversations', { productId: await car('to talk about'), text: `${tag} asks about it` }))).conversationId,
  };
  await okJson('seller', post(`/api/bookings/${buyerRows[who].proposalBooking}/propose`, { time: soon(50) }));
  await okJson('seller', post(`/api/bookings/${buyerRows[who].meetingBooking}/accept`, { meetingTime: soon() }));
}

/** Bookings by the buyer on the seller's cars, named with the seller's tag (what another seller must never see). */
async function setUpRequests(who: 'seller' | 'otherSeller') {
  const booking = async (purpose: string) => {
    const car = await insertCar(t, P[who], categoryId, { name: `${S(who).tag} ${purpose}` });
    return (await okJson('buyer', { method: 'POST', url: '/api/bookings', payload: { productId: car } })).insertedId as string;
  };
  requestRows[who] = { accept: await booking('request to accept'), decline: await booking('request to decline'), propose: await booking('request to answer with a time'), meeting: await booking('request with a meeting') };
  await okJson(who, post(`/api/bookings/${requestRows[who].meeting}/accept`, { meetingTime: soon() }));
}

async function uploadedImageOf(owner: Person): Promise<string> {
  const key = randomBytes(16).toString('base64url');
  await t.pool.query(`insert into images (key, widths, owner_id) values ($1, '{480}', $2)`, [key, owner.id]);
  return `/uploads/${key}-480.webp`;
}

async function setUpSeller(who: 'seller' | 'otherSeller') {
  const tag = `Tag${who}${randomBytes(3).toString('hex')}`;
  sellerRows[who] = {
    tag,
    adCar: await insertCar(t, P[who], categoryId, { name: `${tag} to advertise` }),
    delCar: await insertCar(t, P[who], categoryId, { name: `${tag} to delete` }),
    shownCar: await insertCar(t, P[who], categoryId, { name: `${tag} shown on its page`, advertised: true }),
    editCar: await insertCar(t, P[who], categoryId, { name: `${tag} to edit`, price: 15_000 }),
    withdrawCar: await insertCar(t, P[who], categoryId, { name: `${tag} to withdraw` }),
    imageUrl: await uploadedImageOf(P[who]),
    conversation: '',
  };
  const opened = await as(t.app, spare, post('/api/conversations', { productId: sellerRows[who].shownCar, text: `${tag} is asked about it` }));
  expect(opened.statusCode, opened.body).toBe(200);
  sellerRows[who].conversation = opened.json().conversationId;
}

beforeAll(async () => {
  t = await collectRoutes(mainRoutes, () => createTestApp());
  fake = await new FakeStripeApi().start();
  stripeApp = await collectRoutes(stripeRoutes, () =>
    buildApp({ config: t.app.config, pool: t.pool, auth: t.app.auth, images: t.app.images, payments: new StripeProvider(fake.settings) }),
  );
  await stripeApp.ready();

  [P.buyer, P.otherBuyer, P.seller, P.otherSeller, spare] = await Promise.all([
    signUp(t.app, 'Buyer'),
    signUp(t.app, 'Buyer'),
    signUp(t.app, 'Seller'),
    signUp(t.app, 'Seller'),
    signUp(t.app, 'Buyer'),
  ]);
  P.admin = await makeAdmin(t);
  categoryId = await insertCategory(t);
  png = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#808080' } }).png().toBuffer();

  await setUpSeller('seller');
  await setUpSeller('otherSeller');
  await setUpBuyer('buyer');
  await setUpBuyer('otherBuyer');
  await setUpRequests('seller');
  await setUpRequests('otherSeller');

  const reported = async (name: string) => {
    const id = await insertCar(t, P.seller, categoryId, { name });
    await okJson('buyer', { method: 'POST', url: '/api/reports', payload: { productId: id, reason: 'Scam or fraud' } });
    return id;
  };
  const capCar = await insertCar(t, P.seller, categoryId, { name: 'Capability car' });
  const capBooking = (await okJson('buyer', { method: 'POST', url: '/api/bookings', payload: { productId: capCar } })).insertedId;
  const capIntent = await okJson('buyer', { method: 'POST', url: '/api/create-payment-intent', payload: { bookingId: capBooking } });
  adminRows = {
    dismissCar: await reported('Reported, to dismiss'),
    removeCar: await reported('Reported, to remove'),
    doomed: await signUp(t.app, 'Buyer'),
    capSecret: capIntent.clientSecret,
    picture: await uploadedImageOf(P.admin),
    editCategory: await insertCategory(t),
    emptyCategory: await insertCategory(t),
  };
});

afterAll(async () => {
  await stripeApp?.close();
  await fake?.close();
  await t?.close();
  console.log(`authorization matrix: ${Object.keys(routeRules).length} routes, ${calls} calls`);
});

// ---------------------------------------------------------------------------------------------
// How each route is called, with realistic parameters.
//
// call(who, emailOwner, rowOwner): as `who`, naming the email of `emailOwner` and the rows of
// `rowOwner`. The own call is (who, who, who); the probes of another's data swap one of the two.
// ---------------------------------------------------------------------------------------------

interface Spec {
  call(who: Who, emailOwner: Who, rowOwner: Who): InjectOptions;
  /** Answers allowed for the right person (default 200): documented business answers only. */
  ok?: number[];
  /** Runs against the app built with PAYMENTS=stripe. */
  stripe?: boolean;
  /** Extra checks of an own answer. */
  check?(who: Who, res: LightMyRequestResponse): void | Promise<void>;
  /** After a refused probe of `rowOwner`'s row: their row is as it was. */
  intact?(rowOwner: Who): Promise<void>;
}

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload });
const form = (url: string, body: string): InjectOptions => ({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const one = async (sql: string, params: unknown[]) => (await t.pool.query(sql, params)).rows[0];

const specs: Record<string, Spec> = {
  'GET /api/openapi.json': { call: () => get('/api/openapi.json') },
  'GET /api/docs': { call: () => get('/api/docs') },
  'GET /api/docs/json': { call: () => get('/api/docs/json') },
  'GET /api/docs/yaml': { call: () => get('/api/docs/yaml') },
  'GET /api/docs/static/index.html': { call: () => get('/api/docs/static/index.html'), ok: [302] },
  'GET /api/docs/static/swagger-initializer.js': { call: () => get('/api/docs/static/swagger-initializer.js') },
  'GET /api/docs/static/*': { call: () => get('/api/docs/static/swagger-ui-bundle.js') },
  'GET /api/health': { call: () => get('/api/health') },
  'GET /api/site': { call: () => get('/api/site') },

  'GET /api/auth/*': {
    call: () => get('/api/auth/get-session'),
    // A session answers its own person only; no session answers nobody.
    check: (who, res) => expect(res.json()?.user?.email ?? null).toBe(who === 'anonymous' ? null : P[who].email),
  },
  'POST /api/auth/*': {
    call: (who) => post('/api/auth/sign-in/email', { email: who === 'anonymous' ? spare.email : P[who].email, password: 'secret123' }),
  },
  'GET /api/auth/google/done': { call: () => get('/api/auth/google/done') },
  'GET /api/auth/google/done.js': { call: () => get('/api/auth/google/done.js') },
  'GET /api/test-idp/*': { call: () => get('/api/test-idp/.well-known/openid-configuration') },
  // The token endpoint without a client or a code: the OpenID Connect protocol's own refusal.
  'POST /api/test-idp/*': { call: () => form('/api/test-idp/token', 'grant_type=authorization_code&code=nope'), ok: [400, 401] },
  'OPTIONS /api/test-idp/*': { call: () => ({ method: 'OPTIONS', url: '/api/test-idp/token', headers: { 'access-control-request-method': 'POST' } }), ok: [200, 204] },
  // Without the browser's interaction cookie every interaction is an expired sign-in.
  'GET /api/test-idp/interaction/:uid': { call: () => get('/api/test-idp/interaction/nope'), ok: [400] },
  'POST /api/test-idp/interaction/:uid/login': { call: () => form('/api/test-idp/interaction/nope/login', 'email=a%40b.example&name=A'), ok: [400] },
  'POST /api/test-idp/interaction/:uid/abort': { call: () => form('/api/test-idp/interaction/nope/abort', ''), ok: [400] },

  'POST /api/users': {
    call: (who, e) => post('/api/users', { name: 'Someone', email: emailOf(e), role: roleOf[who] === 'seller' ? 'Seller' : 'Buyer' }),
  },
  'GET /api/users/admin/:email': {
    call: (_who, e) => get(`/api/users/admin/${enc(emailOf(e))}`),
    check: (who, res) => expect(res.json()).toEqual({ isAdmin: who === 'admin' }),
  },
  'GET /api/users/seller/:email': {
    call: (_who, e) => get(`/api/users/seller/${enc(emailOf(e))}`),
    check: (who, res) => expect(res.json().isSeller).toBe(roleOf[who] === 'seller'),
  },
  'GET /api/users/buyer/:email': {
    call: (_who, e) => get(`/api/users/buyer/${enc(emailOf(e))}`),
    check: (who, res) => expect(res.json()).toEqual({ isBuyer: roleOf[who] === 'buyer' }),
  },

  'GET /api/categories': { call: () => get('/api/categories') },
  'GET /api/addProductCategories': { call: () => get('/api/addProductCategories') },
  'GET /api/advertisement/products': { call: () => get('/api/advertisement/products') },
  'GET /api/category/:id': { call: () => get(`/api/category/${categoryId}`) },
  'GET /api/search': { call: () => get(`/api/search?make=${categoryId}&sort=price-asc`) },
  'GET /api/pricing/guide': { call: () => get(`/api/pricing/guide?make=${categoryId}&model=Corolla&modelYear=2019&mileage=50000&mileageUnit=km&condition=Good`) },
  'POST /api/images': { call: () => ({ method: 'POST', url: '/api/images', ...multipartFile('image', 'car.png', 'image/png', png) }) },
  'POST /api/addProducts': {
    call: (who) =>
      post('/api/addProducts', carListing(categoryId, S(who).imageUrl, { productName: `${S(who).tag} listed in the matrix` })),
  },
  'GET /api/products': {
    call: (_who, e) => get(`/api/products?email=${enc(emailOf(e))}`),
    check: (who, res) => {
      expect(res.body).toContain(S(who).tag);
      expect(res.body).not.toContain(S(otherOf[who as SignedIn]).tag);
    },
  },
  'PUT /api/product/:id': {
    call: (_who, _e, r) => ({ method: 'PUT', url: `/api/product/${S(r).adCar}` }),
    intact: async (r) => expect(await one('select advertised from products where id = $1', [S(r).adCar])).toEqual({ advertised: false }),
  },
  'DELETE /api/products/:id': {
    call: (_who, _e, r) => ({ method: 'DELETE', url: `/api/products/${S(r).delCar}` }),
    check: (_who, res) => expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 }),
    intact: async (r) => expect(await one('select 1 as found from products where id = $1', [S(r).delCar])).toEqual({ found: 1 }),
  },
  'GET /api/cars/:id': {
    call: (_who, _e, r) => get(`/api/cars/${S(r).shownCar}`),
    check: (who, res) => {
      const page = res.json();
      expect(page.product.productName).toBe(`${S(who).tag} shown on its page`);
      // The seller's contact for signed-in people only.
      expect(page.product.email).toBe(who === 'anonymous' ? '' : P[who === 'otherSeller' ? 'otherSeller' : 'seller'].email);
    },
  },
  'PUT /api/products/:id': {
    call: (who, _e, r) => ({
      method: 'PUT',
      url: `/api/products/${S(r).editCar}`,
      payload: carListing(categoryId, S(who).imageUrl, { productName: `${S(r).tag} edited`, resalePrice: 14_000 }),
    }),
    check: (_who, res) => expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }),
    intact: async (r) =>
      expect(await one('select product_name, resale_price from products where id = $1', [S(r).editCar])).toEqual({
        product_name: `${S(r).tag} to edit`,
        resale_price: 15_000,
      }),
  },
  'POST /api/products/:id/withdraw': {
    call: (_who, _e, r) => ({ method: 'POST', url: `/api/products/${S(r).withdrawCar}/withdraw` }),
    check: (_who, res) => expect(res.json()).toMatchObject({ acknowledged: true, matchedCount: 1 }),
    intact: async (r) => expect(await one('select withdrawn_at from products where id = $1', [S(r).withdrawCar])).toEqual({ withdrawn_at: null }),
  },

  'POST /api/bookings': {
    call: (who) => post('/api/bookings', { productId: B(who).newBookCar, phone: '555-0199', location: 'Main Square' }),
    check: (_who, res) => expect(res.json()).toMatchObject({ acknowledged: true }),
  },
  'GET /api/orders': {
    call: (_who, e) => get(`/api/orders?email=${enc(emailOf(e))}`),
    check: (who, res) => {
      expect(res.body).toContain(B(who).tag);
      expect(res.body).not.toContain(B(otherOf[who as SignedIn]).tag);
    },
  },
  'GET /api/orders/:id': { call: (_who, _e, r) => get(`/api/orders/${B(r).booking}`) },
  'GET /api/bookings/requests': {
    call: () => get('/api/bookings/requests'),
    check: (who, res) => {
      expect(res.body).toContain(S(who).tag);
      expect(res.body).not.toContain(S(otherOf[who as SignedIn]).tag);
    },
  },
  'POST /api/bookings/:id/accept': {
    call: (_who, _e, r) => post(`/api/bookings/${R(r).accept}/accept`, { meetingTime: soon() }),
    check: (_who, res) => expect(res.json()).toMatchObject({ status: 'confirmed' }),
    intact: async (r) => expect(await one('select status from bookings where id = $1', [R(r).accept])).toEqual({ status: 'pending' }),
  },
  'POST /api/bookings/:id/decline': {
    call: (_who, _e, r) => post(`/api/bookings/${R(r).decline}/decline`, { reason: 'Not this week' }),
    check: (_who, res) => expect(res.json()).toMatchObject({ status: 'declined' }),
    intact: async (r) => expect(await one('select status from bookings where id = $1', [R(r).decline])).toEqual({ status: 'pending' }),
  },
  'POST /api/bookings/:id/propose': {
    call: (_who, _e, r) => post(`/api/bookings/${R(r).propose}/propose`, { time: soon(40) }),
    check: (_who, res) => expect(res.json()).toMatchObject({ status: 'pending', proposedTime: expect.any(String) }),
    intact: async (r) => expect(await one('select proposed_time from bookings where id = $1', [R(r).propose])).toEqual({ proposed_time: null }),
  },
  'POST /api/bookings/:id/accept-proposal': {
    call: (_who, _e, r) => ({ method: 'POST', url: `/api/bookings/${B(r).proposalBooking}/accept-proposal` }),
    check: (_who, res) => expect(res.json()).toMatchObject({ status: 'confirmed' }),
    intact: async (r) => expect(await one('select status from bookings where id = $1', [B(r).proposalBooking])).toEqual({ status: 'pending' }),
  },
  'POST /api/bookings/:id/cancel': {
    call: (_who, _e, r) => ({ method: 'POST', url: `/api/bookings/${B(r).cancelBooking}/cancel` }),
    check: (_who, res) => expect(res.json()).toMatchObject({ status: 'cancelled' }),
    intact: async (r) => expect(await one('select status from bookings where id = $1', [B(r).cancelBooking])).toEqual({ status: 'pending' }),
  },
  'GET /api/bookings/:id/calendar.ics': {
    call: (_who, _e, r) => get(`/api/bookings/${roleOf[r] === 'seller' ? R(r).meeting : B(r).meetingBooking}/calendar.ics`),
    check: (who, res) => expect(res.body).toContain(`UID:booking-${roleOf[who] === 'seller' ? R(who).meeting : B(who).meetingBooking}@second-gear`),
  },

  'PUT /api/wishlists': { call: (who, e) => ({ method: 'PUT', url: `/api/wishlists?id=${B(who).newWishCar}&email=${enc(emailOf(e))}` }) },
  'GET /api/wishlist-products': {
    call: (_who, e) => get(`/api/wishlist-products?email=${enc(emailOf(e))}`),
    check: (who, res) => {
      expect(res.body).toContain(B(who).tag);
      expect(res.body).not.toContain(B(otherOf[who as SignedIn]).tag);
    },
  },
  'GET /api/wishlist/:id': { call: (_who, _e, r) => get(`/api/wishlist/${B(r).wishCar}`) },
  'DELETE /api/wishlists/:id': {
    call: (_who, _e, r) => ({ method: 'DELETE', url: `/api/wishlists/${B(r).wishDelCar}` }),
    check: (_who, res) => expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 }),
    intact: async (r) =>
      expect(await one('select 1 as found from wishlist_entries where product_id = $1 and buyer_id = $2', [B(r).wishDelCar, P[r as SignedIn].id])).toEqual({ found: 1 }),
  },

  'GET /api/users/allseller': { call: () => get('/api/users/allseller') },
  'GET /api/users/allbuyer': { call: () => get('/api/users/allbuyer') },
  'PUT /api/seller/verify': { call: () => ({ method: 'PUT', url: `/api/seller/verify?id=${P.otherSeller.id}&email=${enc(P.otherSeller.email)}` }) },
  'DELETE /api/users/:id': {
    call: () => ({ method: 'DELETE', url: `/api/users/${adminRows.doomed.id}` }),
    check: (_who, res) => expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 }),
  },
  'POST /api/reports': { call: (who) => post('/api/reports', { productId: B(who).reportCar, reason: 'Other', note: 'Looks odd' }) },
  'GET /api/reports': { call: () => get('/api/reports') },
  'DELETE /api/reports/:id': { call: () => ({ method: 'DELETE', url: `/api/reports/${adminRows.dismissCar}` }) },
  'DELETE /api/reported-products/:id': {
    call: () => ({ method: 'DELETE', url: `/api/reported-products/${adminRows.removeCar}` }),
    check: (_who, res) => expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 }),
  },
  'GET /api/admin/categories': { call: () => get('/api/admin/categories') },
  'POST /api/categories': {
    call: () => post('/api/categories', { name: `Matrix brand ${randomBytes(3).toString('hex')}`, details: 'Added in the matrix', image: adminRows.picture }),
    check: (_who, res) => expect(res.json()).toMatchObject({ acknowledged: true, insertedId: expect.any(String) }),
  },
  'PUT /api/categories/:id': {
    call: () => ({ method: 'PUT', url: `/api/categories/${adminRows.editCategory}`, payload: { details: 'Edited in the matrix' } }),
    check: (_who, res) => expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }),
  },
  'DELETE /api/categories/:id': {
    call: () => ({ method: 'DELETE', url: `/api/categories/${adminRows.emptyCategory}` }),
    check: (_who, res) => expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 }),
  },

  'POST /api/conversations': {
    call: (who) => post('/api/conversations', { productId: B(who).wishCar, text: 'Is it still for sale?' }),
    check: (_who, res) => expect(res.json()).toMatchObject({ conversationId: expect.any(String), message: { mine: true } }),
  },
  'GET /api/conversations': {
    call: () => get('/api/conversations'),
    check: (who, res) => {
      if (who === 'admin') return expect(res.json()).toEqual([]);
      expect(res.body).toContain(roleOf[who] === 'seller' ? S(who).tag : B(who).tag);
      expect(res.body).not.toContain(roleOf[who] === 'seller' ? S(otherOf[who as SignedIn]).tag : B(otherOf[who as SignedIn]).tag);
    },
  },
  'GET /api/conversations/unread': { call: () => get('/api/conversations/unread') },
  // The admin has no conversation: theirs is the first buyer's, which answers them 404 like any other's.
  'GET /api/conversations/:id/messages': {
    call: (_who, _e, r) => get(`/api/conversations/${conversationOf(r)}/messages`),
    ok: [200, 404],
    check: (who, res) => {
      expect(res.statusCode).toBe(who === 'admin' ? 404 : 200);
      if (who !== 'admin') expect(res.body).toContain(roleOf[who] === 'seller' ? S(who).tag : B(who).tag);
    },
  },
  'POST /api/conversations/:id/messages': {
    call: (_who, _e, r) => post(`/api/conversations/${conversationOf(r)}/messages`, { text: 'Saturday at ten?' }),
    ok: [200, 404],
    check: (who, res) => expect(res.statusCode).toBe(who === 'admin' ? 404 : 200),
    intact: async (r) =>
      expect(await one(`select count(*)::int as n from messages where conversation_id = $1 and body = 'Saturday at ten?'`, [conversationOf(r)])).toEqual({ n: 0 }),
  },
  'POST /api/conversations/:id/read': {
    call: (_who, _e, r) => post(`/api/conversations/${conversationOf(r)}/read`, {}),
    ok: [200, 404],
    check: (who, res) => expect(res.statusCode).toBe(who === 'admin' ? 404 : 200),
  },
  'GET /api/admin/flagged-messages': { call: () => get('/api/admin/flagged-messages') },
  // A request that is not an EventSource's is answered 406 once the guard let it through; the
  // stream itself is tested over real HTTP (modules/live/live.test.ts).
  'GET /api/live': { call: () => get('/api/live'), ok: [406] },

  'GET /api/dashboard/summary': {
    call: () => get('/api/dashboard/summary'),
    check: async (who, res) => expect(res.json()).toEqual(await ownDashboardNumbers(who as SignedIn)),
  },

  'POST /api/create-payment-intent': { call: (_who, _e, r) => post('/api/create-payment-intent', { bookingId: B(r).booking, price: 1 }) },
  'POST /api/wishlist-create-payment-intent': { call: (_who, _e, r) => post('/api/wishlist-create-payment-intent', { productId: B(r).wishCar }) },
  'POST /api/payments': {
    call: (_who, e, r) => post('/api/payments', { transactionId: B(r).payTx, bookingId: B(r).payBooking, email: emailOf(e) }),
    intact: async (r) => expect(await one('select paid from bookings where id = $1', [B(r).payBooking])).toEqual({ paid: false }),
  },
  'POST /api/wishlist-payments': {
    call: (_who, e, r) => post('/api/wishlist-payments', { transactionId: B(r).payWishTx, bookingId: B(r).payWishCar, wishlistEmail: emailOf(e) }),
    intact: async (r) =>
      expect(await one('select paid from wishlist_entries where product_id = $1 and buyer_id = $2', [B(r).payWishCar, P[r as SignedIn].id])).toEqual({ paid: false }),
  },
  // Whoever holds the client secret may confirm, session or not: a declined card is the card's answer.
  'POST /api/test-processor/confirm': { call: () => confirmCard(adminRows.capSecret, '4000 0000 0000 0002'), ok: [402] },
  // Whoever calls, a delivery without Stripe's signature is refused, session or not.
  'POST /api/stripe/webhook': {
    stripe: true,
    call: () => ({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify({ id: 'evt_forged', type: 'payment_intent.succeeded', data: { object: { id: 'pi_forged', metadata: {} } } }),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
    }),
    ok: [400],
  },

  'GET /api/notifications': {
    call: () => get('/api/notifications'),
    check: (who, res) => {
      expect(res.body).toContain(noticeTitle(who as SignedIn));
      expect(res.body).not.toContain(noticeTitle(otherOf[who as SignedIn]));
    },
  },
  'POST /api/notifications/read': {
    call: () => post('/api/notifications/read', { all: true }),
    check: (_who, res) => expect(res.json()).toEqual({ unread: 0 }),
  },
  // Whoever holds the link's token may use it, session or not.
  'POST /api/email/unsubscribe': { call: () => post('/api/email/unsubscribe', { token: unsubscribeToken(t.secret, spare.id) }) },
  'GET /api/dev/mailbox': { call: () => get('/api/dev/mailbox') },
  'GET /api/dev/mailbox/:id': { call: () => get(`/api/dev/mailbox/${mailboxEmail}`) },
  'GET /api/dev/mailbox/:id/attachments/:n': { call: () => get(`/api/dev/mailbox/${mailboxEmail}/attachments/0`) },

  'GET /api/alerts': {
    call: () => get('/api/alerts'),
    check: (who, res) => {
      expect(res.body).toContain(alertName(who as SignedIn));
      expect(res.body).not.toContain(alertName(otherOf[who as SignedIn]));
    },
  },
  'POST /api/alerts': {
    call: () => post('/api/alerts', { name: 'Matrix search', frequency: 'Daily', filters: { maxPrice: '20000' } }),
    ok: [201],
    check: (_who, res) => expect(res.json()).toMatchObject({ name: 'Matrix search', filters: { maxPrice: '20000' } }),
  },
  'PATCH /api/alerts/:id': {
    call: (_who, _e, r) => ({ method: 'PATCH', url: `/api/alerts/${A(r).kept}`, payload: { paused: true } }),
    check: (_who, res) => expect(res.json()).toMatchObject({ paused: true }),
    intact: async (r) => expect(await one('select paused from saved_searches where id = $1', [A(r).kept])).toEqual({ paused: false }),
  },
  'DELETE /api/alerts/:id': {
    call: (_who, _e, r) => ({ method: 'DELETE', url: `/api/alerts/${A(r).doomed}` }),
    check: (_who, res) => expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 }),
    intact: async (r) => expect(await one('select count(*)::int as n from saved_searches where id = $1', [A(r).doomed])).toEqual({ n: 1 }),
  },
};

// A saved search to edit and one to delete for every signed-in person, named with their tag.
const alertName = (who: SignedIn) => `${who === 'admin' ? 'Admin' : roleOf[who] === 'seller' ? S(who).tag : B(who).tag} saved search`;
const alertRows = {} as Record<SignedIn, { kept: string; doomed: string }>;
const A = (who: Who) => alertRows[who === 'anonymous' ? 'buyer' : who];
beforeAll(async () => {
  for (const who of Object.keys(otherOf) as SignedIn[]) {
    const saved = async (name: string) => (await call(who, post('/api/alerts', { name, frequency: 'Instantly', filters: {} }))).json()._id as string;
    alertRows[who] = { kept: await saved(alertName(who)), doomed: await saved(`${alertName(who)} to delete`) };
  }
});

// Notifications of every signed-in person, and an email in the development mailbox.
const noticeTitle = (who: SignedIn) => `Matrix notice for ${P[who].id}`;
let mailboxEmail: string;
beforeAll(async () => {
  for (const who of Object.keys(otherOf) as SignedIn[]) {
    await inTransaction(t.pool, (client) =>
      notify(client, { userId: P[who].id, eventKey: 'matrix', kind: 'message', title: noticeTitle(who), body: 'Read me', link: '/dashboard' }),
    );
  }
  const attachments = JSON.stringify([{ filename: 'invite.ics', contentType: 'text/calendar', content: Buffer.from('BEGIN:VCALENDAR').toString('base64') }]);
  mailboxEmail = (await one(`insert into dev_mailbox (from_address, to_address, subject, text_body, headers, attachments) values ('a@x.example', 'b@x.example', 'Hi', 'Hello', '{}', $1) returning id`, [attachments])).id;
});

/** The welcome page's numbers for a person, counted from the rows of the pages its tiles link to, as that person reads them. */
async function ownDashboardNumbers(who: SignedIn) {
  const email = enc(P[who].email);
  if (roleOf[who] === 'seller') {
    const cars: { _id: string; paid: boolean; withdrawn?: boolean }[] = await okJson(who, get(`/api/products?email=${email}`));
    const forSale = cars.filter((c) => !c.paid && !c.withdrawn).map((c) => c._id);
    const requests = await one('select count(*)::int as n from bookings where product_id = any($1)', [forSale]);
    return { seller: { activeListings: forSale.length, bookings: requests.n, paid: cars.filter((c) => c.paid).length } };
  }
  if (roleOf[who] === 'buyer') {
    const [orders, wishlist] = [await okJson(who, get(`/api/orders?email=${email}`)), await okJson(who, get(`/api/wishlist-products?email=${email}`))];
    return { buyer: { bookings: orders.length, wishlist: wishlist.length } };
  }
  const sellers: { verification: string }[] = await okJson(who, get('/api/users/allseller'));
  const reported: unknown[] = await okJson(who, get('/api/reports'));
  return { admin: { sellersToVerify: sellers.filter((s) => s.verification !== 'verified').length, openReports: reported.length } };
}

/** What an own call must answer, from the rule alone. */
function expectedOwn(rule: RouteRule, who: Who): number[] | 'ok' {
  const roles = rolesOf(rule.access);
  if (roles) {
    if (who === 'anonymous') return [401];
    return roles.includes(roleOf[who]!) ? 'ok' : [403];
  }
  // public, auth, provider-capability and webhook routes answer everyone by their own protocol.
  return rule.access === 'signed-in' && who === 'anonymous' ? [401] : 'ok';
}

const mayPass = (rule: RouteRule, who: Who) =>
  who !== 'anonymous' && (rule.access === 'signed-in' || (rolesOf(rule.access)?.includes(roleOf[who]!) ?? false));

// ---------------------------------------------------------------------------------------------

describe('the route table', () => {
  it('has a rule for every /api route the server registers, and no rule for a route that does not exist', () => {
    const registered = new Set([...mainRoutes, ...stripeRoutes]);
    expect(mainRoutes.size).toBeGreaterThan(30);
    const withoutRule = [...registered].filter((r) => !(r in routeRules));
    const withoutRoute = Object.keys(routeRules).filter((r) => !registered.has(r));
    expect(withoutRule, 'routes without a rule in test/route-rules.ts').toEqual([]);
    expect(withoutRoute, 'rules naming no registered route').toEqual([]);
    // The test processor's route exists only with PAYMENTS=test, the webhook only with PAYMENTS=stripe.
    expect(mainRoutes.has('POST /api/test-processor/confirm') && !mainRoutes.has('POST /api/stripe/webhook')).toBe(true);
    expect(stripeRoutes.has('POST /api/stripe/webhook') && !stripeRoutes.has('POST /api/test-processor/confirm')).toBe(true);
    // And the route table agrees with the router itself.
    for (const key of mainRoutes) {
      const [method, url] = key.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
    }
  });

  it('has a call for every rule', () => {
    expect(Object.keys(specs).sort()).toEqual(Object.keys(routeRules).sort());
  });
});

describe('every route as anonymous, buyer, another buyer, seller, another seller and admin', () => {
  // One test per route, in the order of route-rules.ts: probes of another's data first, while
  // their rows still exist, then each person's own call.
  it.each(Object.entries(routeRules))('%s', async (key, rule) => {
    const spec = specs[key]!;
    const app = spec.stripe ? stripeApp : t.app;

    for (const who of PERSONAS) {
      if (!rule.owner || !mayPass(rule, who)) continue;
      const me = who as SignedIn;
      const other = otherOf[me];
      const byEmail = rule.owner.find((o) => o.by === 'email');
      const byRow = rule.owner.find((o) => o.by === 'row');
      const hidden = [roleOf[other] === 'buyer' ? B(other).tag : S(other).tag];
      if (byEmail) {
        const res = await call(me, spec.call(me, other, me), app);
        const allowed = byEmail.by === 'email' && byEmail.adminMayAsk && me === 'admin';
        if (allowed) expect(res.statusCode, `${key} as ${me} about ${other}`).toBe(200);
        else {
          expect(res.statusCode, `${key} as ${me} with ${other}'s email: ${res.body}`).toBe(403);
          for (const h of hidden) expect(res.body).not.toContain(h);
          expect(res.body).not.toContain(P[other].id);
        }
      }
      if (byRow && byRow.by === 'row' && roleOf[other] === roleOf[me]) {
        const res = await call(me, spec.call(me, me, other), app);
        if (byRow.noop) {
          expect(res.statusCode, `${key} as ${me} on ${other}'s row`).toBe(200);
          expect(res.json()).toMatchObject({ deletedCount: 0 });
        } else {
          expect([403, 404], `${key} as ${me} on ${other}'s row: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        }
        for (const h of hidden) expect(res.body, `${key} reveals ${other}'s row`).not.toContain(h);
        await spec.intact?.(other);
      }
    }

    for (const who of PERSONAS) {
      const expected = expectedOwn(rule, who);
      const res = await call(who, spec.call(who, who, who), app);
      const label = `${key} as ${who}: ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (expected === 'ok') {
        expect(spec.ok ?? [200], label).toContain(res.statusCode);
        // The right person is never told they may not.
        if (!spec.ok?.includes(401)) expect([401, 403], label).not.toContain(res.statusCode);
        await spec.check?.(who, res);
      } else {
        expect(expected, label).toContain(res.statusCode);
        expect(res.json()).toMatchObject({ statusCode: res.statusCode, error: expect.any(String), message: expect.any(String) });
      }
    }
  });

  it('lets anyone holding the client secret pay with it, and nobody without it', async () => {
    expect((await call('anonymous', confirmCard('pi_nope_secret_nope'))).statusCode).toBe(404);
    expect((await call('admin', confirmCard('pi_nope_secret_nope'))).statusCode).toBe(404);
    const res = await call('anonymous', confirmCard(adminRows.capSecret));
    expect(res.statusCode).toBe(200);
    expect(res.json().paymentIntent.status).toBe('succeeded');
  });

  it('answers the dashboard summary only about the caller: a query naming anyone else is refused', async () => {
    for (const who of PERSONAS) {
      if (who === 'anonymous') continue;
      const other = P[otherOf[who]];
      for (const query of [`email=${enc(other.email)}`, `id=${other.id}`, `email=${enc(P[who].email)}`]) {
        const res = await call(who, get(`/api/dashboard/summary?${query}`));
        expect(res.statusCode, `${who}: ?${query} ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
      }
    }
    expect((await call('anonymous', get(`/api/dashboard/summary?email=${enc(P.buyer.email)}`))).statusCode).toBe(401);
  });

  it('takes a Stripe delivery with a valid signature from anyone, and refuses one whose bytes were changed', async () => {
    const { payload, signature } = fake.signedEvent('customer.created', { id: 'cus_matrix', object: 'customer' });
    const deliver = (body: string) =>
      call('anonymous', { method: 'POST', url: '/api/stripe/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } }, stripeApp);
    expect((await deliver(payload.replace('"livemode":false', '"livemode":true'))).statusCode).toBe(400);
    const res = await deliver(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });
});

// ---------------------------------------------------------------------------------------------
// Mass assignment: forged fields on every write route are refused (400) or ignored, never applied.
// ---------------------------------------------------------------------------------------------

describe('mass-assignment probes on every write route', () => {
  const forged = () => ({
    role: 'admin',
    paid: true,
    verified: true,
    isAdmin: true,
    price: 1,
    email: P.otherBuyer.email,
    sellerId: P.otherSeller.id,
    advertisement: true,
    _id: randomUUID(),
  });
  const forgedQuery = () => new URLSearchParams(Object.entries(forged()).map(([k, v]) => [k, String(v)])).toString();
  const car = (name = 'Probe car', price = 14_000) => insertCar(t, P.seller, categoryId, { name, price });
  const booked = async (productId: string, who: 'buyer' | 'otherBuyer' = 'buyer') =>
    (await okJson(who, { method: 'POST', url: '/api/bookings', payload: { productId } })).insertedId as string;
  const wished = (productId: string, who: 'buyer' | 'otherBuyer' = 'buyer') =>
    okJson(who, { method: 'PUT', url: `/api/wishlists?id=${productId}&email=${enc(P[who].email)}` });
  const rejected = async (who: Who, opts: InjectOptions) => {
    const res = await call(who, opts);
    expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body}`).toBe(400);
    return res;
  };

  /** Each write route and how its probe is judged; a write route missing here fails the suite. */
  const probes: Record<string, () => Promise<void>> = {
    'POST /api/users': async () => {
      await rejected('buyer', post('/api/users', { ...forged(), name: 'B', email: P.buyer.email, role: 'Buyer' }));
      await rejected('buyer', post('/api/users', { name: 'B', email: P.buyer.email, role: 'Admin' }));
      expect(await one('select role, verified from users where id = $1', [P.buyer.id])).toEqual({ role: 'buyer', verified: false });
    },
    'POST /api/images': async () => {
      const res = await call('seller', { method: 'POST', url: `/api/images?${forgedQuery()}`, ...multipartFile('image', 'car.png', 'image/png', png) });
      expect(res.statusCode).toBe(200);
      const key = /\/uploads\/([A-Za-z0-9_-]+)-\d+\.webp$/.exec(res.json().data.url)![1];
      expect(await one('select owner_id from images where key = $1', [key])).toEqual({ owner_id: P.seller.id });
    },
    'POST /api/addProducts': async () => {
      const valid = carListing(categoryId, S('seller').imageUrl, { productName: 'Forged listing' });
      await rejected('seller', post('/api/addProducts', { ...forged(), ...valid }));
      for (const [field, value] of Object.entries({ ...forged(), salesStatus: 'sold', sellerName: 'Admin', verification: 'verified', postingTime: '2000-01-01T00:00:00Z' })) {
        await rejected('seller', post('/api/addProducts', { ...valid, [field]: value }));
      }
      expect(await one(`select count(*)::int as n from products where product_name = 'Forged listing'`, [])).toEqual({ n: 0 });
    },
    'PUT /api/product/:id': async () => {
      const id = await car();
      const res = await call('seller', { method: 'PUT', url: `/api/product/${id}?${forgedQuery()}`, payload: forged() });
      expect(res.statusCode).toBe(200);
      expect(await one('select advertised, paid, resale_price, seller_id from products where id = $1', [id])).toEqual({
        advertised: true,
        paid: false,
        resale_price: 14_000,
        seller_id: P.seller.id,
      });
    },
    'PUT /api/products/:id': async () => {
      const id = await car('Edited probe car', 14_000);
      const valid = carListing(categoryId, S('seller').imageUrl, { productName: 'Edited probe car', resalePrice: 13_000 });
      await rejected('seller', { method: 'PUT', url: `/api/products/${id}`, payload: { ...forged(), ...valid } });
      for (const [field, value] of Object.entries({ salesStatus: 'sold', sellerName: 'Admin', verification: 'verified', postingTime: '2000-01-01T00:00:00Z', withdrawn: true })) {
        await rejected('seller', { method: 'PUT', url: `/api/products/${id}`, payload: { ...valid, [field]: value } });
      }
      expect(await one('select resale_price, paid, advertised, seller_id from products where id = $1', [id])).toEqual({
        resale_price: 14_000,
        paid: false,
        advertised: false,
        seller_id: P.seller.id,
      });
    },
    'POST /api/products/:id/withdraw': async () => {
      const id = await car();
      const othersWithdrawn = () => one('select count(*)::int as n from products where seller_id = $1 and withdrawn_at is not null', [P.otherSeller.id]);
      const before = await othersWithdrawn();
      const res = await call('seller', { method: 'POST', url: `/api/products/${id}/withdraw?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      expect(await one('select paid, advertised from products where id = $1', [id])).toEqual({ paid: false, advertised: false });
      // sellerId named another seller: their cars are untouched.
      expect(await othersWithdrawn()).toEqual(before);
    },
    'DELETE /api/products/:id': async () => {
      const id = await car();
      const res = await call('seller', { method: 'DELETE', url: `/api/products/${id}?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      // sellerId named another seller: their car is untouched.
      expect(await one('select 1 as found from products where id = $1', [S('otherSeller').adCar])).toEqual({ found: 1 });
    },
    'POST /api/bookings': async () => {
      const id = await car('Booked probe car', 13_000);
      await rejected('buyer', post('/api/bookings', { ...forged(), productId: id }));
      // The first client sends the whole booking: those fields are accepted and ignored.
      const res = await call('buyer', post('/api/bookings', { productId: id, price: 1, email: P.otherBuyer.email, name: 'Forged', productName: 'Forged', image: 'x', verified: 'verified' }));
      expect(res.json()).toMatchObject({ acknowledged: true });
      expect(await one('select buyer_id, buyer_email, buyer_name, product_name, price, paid from bookings where id = $1', [res.json().insertedId])).toEqual({
        buyer_id: P.buyer.id,
        buyer_email: P.buyer.email,
        buyer_name: P.buyer.name,
        product_name: 'Booked probe car',
        price: 13_000,
        paid: false,
      });
    },
    'POST /api/bookings/:id/accept': async () => {
      const id = await booked(await car('Accept probe'));
      await rejected('seller', post(`/api/bookings/${id}/accept`, { ...forged(), meetingTime: soon(), calendarSequence: 9, status: 'declined' }));
      expect(await one('select status, paid, price, calendar_sequence from bookings where id = $1', [id])).toEqual({ status: 'pending', paid: false, price: 14_000, calendar_sequence: 0 });
    },
    'POST /api/bookings/:id/decline': async () => {
      const id = await booked(await car('Decline probe'));
      await rejected('seller', post(`/api/bookings/${id}/decline`, { ...forged(), reason: 'x', status: 'cancelled' }));
      expect(await one('select status, decline_reason from bookings where id = $1', [id])).toEqual({ status: 'pending', decline_reason: null });
    },
    'POST /api/bookings/:id/propose': async () => {
      const id = await booked(await car('Propose probe'));
      await rejected('seller', post(`/api/bookings/${id}/propose`, { ...forged(), time: soon(), meetingTime: soon(), status: 'confirmed' }));
      expect(await one('select status, proposed_time, meeting_time from bookings where id = $1', [id])).toEqual({ status: 'pending', proposed_time: null, meeting_time: null });
    },
    'POST /api/bookings/:id/accept-proposal': async () => {
      const id = await booked(await car('Proposal probe'));
      await okJson('seller', post(`/api/bookings/${id}/propose`, { time: soon(60) }));
      await rejected('buyer', post(`/api/bookings/${id}/accept-proposal`, { ...forged(), meetingTime: soon(1) }));
      expect(await one('select status, paid from bookings where id = $1', [id])).toEqual({ status: 'pending', paid: false });
    },
    'POST /api/bookings/:id/cancel': async () => {
      const id = await booked(await car('Cancel probe'));
      await rejected('buyer', post(`/api/bookings/${id}/cancel`, { ...forged(), status: 'declined' }));
      expect(await one('select status, paid from bookings where id = $1', [id])).toEqual({ status: 'pending', paid: false });
    },
    'PUT /api/wishlists': async () => {
      const id = await car();
      await rejected('buyer', { method: 'PUT', url: `/api/wishlists?${forgedQuery()}&id=${id}`.replace(`email=${enc(P.otherBuyer.email)}`, `email=${enc(P.buyer.email)}`) });
      expect(await one('select count(*)::int as n from wishlist_entries where product_id = $1', [id])).toEqual({ n: 0 });
    },
    'DELETE /api/wishlists/:id': async () => {
      const id = await car();
      await wished(id, 'buyer');
      await wished(id, 'otherBuyer');
      const res = await call('buyer', { method: 'DELETE', url: `/api/wishlists/${id}?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect((await t.pool.query('select buyer_id from wishlist_entries where product_id = $1', [id])).rows).toEqual([{ buyer_id: P.otherBuyer.id }]);
    },
    'PUT /api/seller/verify': async () => {
      const seller = await signUp(t.app, 'Seller');
      await rejected('admin', { method: 'PUT', url: `/api/seller/verify?${forgedQuery()}`.replace(/email=[^&]*/, `email=${enc(seller.email)}`) + `&id=${seller.id}` });
      expect(await one('select role, verified from users where id = $1', [seller.id])).toEqual({ role: 'seller', verified: false });
    },
    'DELETE /api/users/:id': async () => {
      const doomed = await signUp(t.app, 'Buyer');
      const res = await call('admin', { method: 'DELETE', url: `/api/users/${doomed.id}?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await one('select count(*)::int as n from users where id = any($1)', [[P.otherSeller.id, P.otherBuyer.id, P.admin.id]])).toEqual({ n: 3 });
    },
    'POST /api/reports': async () => {
      const id = await car();
      await rejected('buyer', post('/api/reports', { ...forged(), productId: id, reason: 'Other' }));
      expect(await one('select count(*)::int as n from reports where product_id = $1', [id])).toEqual({ n: 0 });
    },
    'DELETE /api/reports/:id': async () => {
      const id = await car();
      await okJson('buyer', post('/api/reports', { productId: id, reason: 'Other' }));
      const res = await call('admin', { method: 'DELETE', url: `/api/reports/${id}?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await one('select paid, advertised, seller_id from products where id = $1', [id])).toEqual({ paid: false, advertised: false, seller_id: P.seller.id });
    },
    'DELETE /api/reported-products/:id': async () => {
      const id = await car();
      const res = await call('admin', { method: 'DELETE', url: `/api/reported-products/${id}?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await one('select 1 as found from products where id = $1', [S('otherSeller').adCar])).toEqual({ found: 1 });
    },
    'POST /api/categories': async () => {
      const name = `Forged brand ${randomBytes(3).toString('hex')}`;
      await rejected('admin', post('/api/categories', { ...forged(), name, details: 'x', image: adminRows.picture }));
      for (const [field, value] of Object.entries({ ...forged(), cars: 0, image_key: 'x', created_at: '2000-01-01T00:00:00Z' })) {
        await rejected('admin', post('/api/categories', { name, details: 'x', image: adminRows.picture, [field]: value }));
      }
      expect(await one('select count(*)::int as n from categories where name = $1', [name])).toEqual({ n: 0 });
    },
    'PUT /api/categories/:id': async () => {
      const id = await insertCategory(t);
      const before = await one('select name, details, image_key from categories where id = $1', [id]);
      await rejected('admin', { method: 'PUT', url: `/api/categories/${id}`, payload: { ...forged(), details: 'Forged' } });
      await rejected('admin', { method: 'PUT', url: `/api/categories/${id}`, payload: { _id: randomUUID() } });
      expect(await one('select name, details, image_key from categories where id = $1', [id])).toEqual(before);
    },
    'DELETE /api/categories/:id': async () => {
      const id = await insertCategory(t);
      const res = await call('admin', { method: 'DELETE', url: `/api/categories/${id}?${forgedQuery()}`, payload: forged() });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      // The category in use stays, whatever _id the query named.
      expect(await one('select 1 as found from categories where id = $1', [categoryId])).toEqual({ found: 1 });
    },
    'POST /api/create-payment-intent': async () => {
      const bookingId = await booked(await car('Intent probe', 11_000));
      await rejected('buyer', post('/api/create-payment-intent', { ...forged(), bookingId, amount: 1 }));
      // The compatibility `price` is ignored: the amount is the order's, from the database.
      const res = await call('buyer', post('/api/create-payment-intent', { bookingId, price: 1 }));
      expect(res.json()).toMatchObject({ amount: 1_100_000, currency: 'usd' });
    },
    'POST /api/wishlist-create-payment-intent': async () => {
      const productId = await car('Wish intent probe', 9_000);
      await wished(productId);
      await rejected('buyer', post('/api/wishlist-create-payment-intent', { ...forged(), productId }));
      const res = await call('buyer', post('/api/wishlist-create-payment-intent', { productId, resalePrice: 1 }));
      expect(res.json()).toMatchObject({ amount: 900_000, currency: 'usd' });
    },
    'POST /api/payments': async () => {
      const bookingId = await booked(await car('Payment probe', 8_000));
      const intent = await okJson('buyer', post('/api/create-payment-intent', { bookingId }));
      const transactionId = (await okJson('anonymous', confirmCard(intent.clientSecret))).paymentIntent.id;
      await rejected('buyer', post('/api/payments', { ...forged(), transactionId, bookingId, email: P.buyer.email }));
      expect(await one('select paid from bookings where id = $1', [bookingId])).toEqual({ paid: false });
      const res = await call('buyer', post('/api/payments', { transactionId, bookingId, email: P.buyer.email, price: 1 }));
      expect(res.statusCode).toBe(200);
      expect(await one('select amount, buyer_id from payments where transaction_id = $1', [transactionId])).toEqual({ amount: 800_000, buyer_id: P.buyer.id });
    },
    'POST /api/wishlist-payments': async () => {
      const productId = await car('Wish payment probe', 7_000);
      await wished(productId);
      const intent = await okJson('buyer', post('/api/wishlist-create-payment-intent', { productId }));
      const transactionId = (await okJson('anonymous', confirmCard(intent.clientSecret))).paymentIntent.id;
      await rejected('buyer', post('/api/wishlist-payments', { ...forged(), transactionId, bookingId: productId, wishlistEmail: P.buyer.email }));
      const res = await call('buyer', post('/api/wishlist-payments', { transactionId, bookingId: productId, wishlistEmail: P.buyer.email, resalePrice: 1 }));
      expect(res.statusCode).toBe(200);
      expect(await one('select amount from payments where transaction_id = $1', [transactionId])).toEqual({ amount: 700_000 });
    },
    'POST /api/test-processor/confirm': async () => {
      const bookingId = await booked(await car('Confirm probe', 6_000));
      const intent = await okJson('buyer', post('/api/create-payment-intent', { bookingId }));
      const body = confirmCard(intent.clientSecret).payload as object;
      await rejected('anonymous', { method: 'POST', url: '/api/test-processor/confirm', payload: { ...body, ...forged(), amount: 1, status: 'succeeded' } });
      expect(await one('select amount, status from test_processor_intents where client_secret = $1', [intent.clientSecret])).toEqual({
        amount: 600_000,
        status: 'requires_payment_method',
      });
    },
    'POST /api/stripe/webhook': async () => {
      // The body is covered by Stripe's signature: a field added to a signed event is a 400.
      const { payload, signature } = fake.signedEvent('payment_intent.succeeded', { id: 'pi_probe', object: 'payment_intent', metadata: {} });
      const res = await call(
        'anonymous',
        { method: 'POST', url: '/api/stripe/webhook', payload: payload.replace('"type":', `"paid":true,"type":`), headers: { 'content-type': 'application/json', 'stripe-signature': signature } },
        stripeApp,
      );
      expect(res.statusCode).toBe(400);
    },
    'POST /api/auth/*': async () => {
      // Sign-up: Admin is never a choice, and server-set fields are not taken from the form.
      const email = `probe-${randomBytes(3).toString('hex')}@test.example`;
      const signUpAs = (extra: object) => call('anonymous', post('/api/auth/sign-up/email', { name: 'Probe', email, password: 'secret123', ...extra }));
      expect((await signUpAs({ role: 'admin' })).statusCode).toBe(400);
      expect((await signUpAs({ role: 'Admin' })).statusCode).toBe(400);
      const res = await signUpAs({ role: 'Buyer', verified: true, isAdmin: true, emailVerified: true, paid: true, _id: 'forged' });
      expect([200, 400]).toContain(res.statusCode);
      const row = await one('select id, role, verified from users where email = $1', [email]);
      if (res.statusCode === 200) expect(row).toMatchObject({ role: 'buyer', verified: false });
      else expect(row).toBeUndefined();
      if (row) expect(row.id).not.toBe('forged');
    },
    'POST /api/conversations': async () => {
      const id = await car('Talked-about probe car');
      await rejected('buyer', post('/api/conversations', { ...forged(), productId: id, text: 'Hello' }));
      await rejected('buyer', post('/api/conversations', { productId: id, text: 'Hello', buyerId: P.otherBuyer.id }));
      expect(await one('select count(*)::int as n from conversations where product_id = $1', [id])).toEqual({ n: 0 });
    },
    'POST /api/conversations/:id/messages': async () => {
      const id = B('buyer').conversation;
      await rejected('buyer', post(`/api/conversations/${id}/messages`, { ...forged(), text: 'Forged hello' }));
      await rejected('buyer', post(`/api/conversations/${id}/messages`, { text: 'Forged hello', senderId: P.seller.id, warnings: [] }));
      expect(await one(`select count(*)::int as n from messages where body = 'Forged hello'`, [])).toEqual({ n: 0 });
    },
    'POST /api/conversations/:id/read': async () => {
      const other = B('otherBuyer').conversation;
      const before = await one('select buyer_read_id, seller_read_id from conversations where id = $1', [other]);
      const res = await call('buyer', { method: 'POST', url: `/api/conversations/${B('buyer').conversation}/read?${forgedQuery()}&id=${other}`, payload: { ...forged(), id: other } });
      expect(res.statusCode).toBe(200);
      expect(await one('select buyer_read_id, seller_read_id from conversations where id = $1', [other])).toEqual(before);
    },
    'POST /api/notifications/read': async () => {
      const own = (await okJson('buyer', get('/api/notifications'))).notifications[0].id as string;
      await rejected('buyer', post('/api/notifications/read', { ...forged(), ids: [own] }));
      await rejected('buyer', post('/api/notifications/read', { all: true, ids: [own] }));
    },
    'POST /api/email/unsubscribe': async () => {
      await rejected('anonymous', post('/api/email/unsubscribe', { ...forged(), token: unsubscribeToken(t.secret, P.otherBuyer.id) }));
      await rejected('anonymous', post(`/api/email/unsubscribe?${forgedQuery()}`, { token: unsubscribeToken(t.secret, P.otherBuyer.id) }));
      expect(await one('select count(*)::int as n from email_unsubscribes where user_id = $1', [P.otherBuyer.id])).toEqual({ n: 0 });
    },
    'POST /api/alerts': async () => {
      const valid = { name: 'Forged search', frequency: 'Daily', filters: {} };
      await rejected('buyer', post('/api/alerts', { ...forged(), ...valid }));
      await rejected('buyer', post('/api/alerts', { ...valid, userId: P.otherBuyer.id }));
      await rejected('buyer', post('/api/alerts', { ...valid, filters: forged() }));
      await rejected('buyer', post('/api/alerts', { ...valid, filters: { sort: 'newest', limit: '48' } }));
      expect(await one(`select count(*)::int as n from saved_searches where name = 'Forged search'`, [])).toEqual({ n: 0 });
    },
    'PATCH /api/alerts/:id': async () => {
      const id = A('buyer').kept;
      const before = await one('select user_id, name, filters, watch_from from saved_searches where id = $1', [id]);
      await rejected('buyer', { method: 'PATCH', url: `/api/alerts/${id}`, payload: { ...forged(), name: 'Forged' } });
      await rejected('buyer', { method: 'PATCH', url: `/api/alerts/${id}`, payload: { name: 'Forged', userId: P.otherBuyer.id, filters: {}, watchFrom: '2000-01-01T00:00:00Z' } });
      expect(await one('select user_id, name, filters, watch_from from saved_searches where id = $1', [id])).toEqual(before);
    },
    'DELETE /api/alerts/:id': async () => {
      const saved = async (who: 'buyer' | 'otherBuyer') => (await call(who, post('/api/alerts', { name: 'Probe', frequency: 'Daily', filters: {} }))).json()._id as string;
      const [mine, theirs] = [await saved('buyer'), await saved('otherBuyer')];
      const res = await call('buyer', { method: 'DELETE', url: `/api/alerts/${mine}?${forgedQuery()}&id=${theirs}`, payload: { ...forged(), id: theirs } });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await one('select count(*)::int as n from saved_searches where id = any($1)', [[mine, theirs]])).toEqual({ n: 1 });
      expect(await one('select user_id from saved_searches where id = $1', [theirs])).toEqual({ user_id: P.otherBuyer.id });
    },
  };

  /** Write routes that carry no data of ours: the OpenID Connect test provider's own protocol. */
  const notProbed = ['POST /api/test-idp/*', 'POST /api/test-idp/interaction/:uid/login', 'POST /api/test-idp/interaction/:uid/abort'];

  it('has a probe for every write route', () => {
    const writes = Object.keys(routeRules).filter((k) => isWriteMethod(k.split(' ')[0]!));
    expect(writes.filter((k) => !(k in probes) && !notProbed.includes(k))).toEqual([]);
    expect(Object.keys(probes).filter((k) => !writes.includes(k))).toEqual([]);
  });

  it.each(Object.keys(probes))('%s: forged fields are refused or ignored, never applied', async (key) => {
    await probes[key]!();
  });
});
