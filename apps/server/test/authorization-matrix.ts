import { randomBytes } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { FakeStripeApi } from './payments/fake-stripe-api.ts';
import { StripeProvider } from '../src/payments/stripe.ts';
import { type ApiDocument, expectDocumented } from './documented-statuses.ts';
import { carListing, insertCar, insertCategory } from './fixtures.ts';
import { as, multipartFile, signUp, type Person, type TestApp } from './harness.ts';
import { withPersonas } from './personas.ts';
import { rolesOf, routeRules, type RouteRule } from './route-rules.ts';
import { testPayoutAccountNumbers } from '@second-gear/contract';
import { inTransaction } from '../src/db/pool.ts';
import { unsubscribeToken } from '../src/mail/unsubscribe-token.ts';
import { notify } from '../src/modules/notifications/notify.ts';

/**
 * The authorization matrix: every `/api` route the server registers, called as anonymous,
 * buyer, another buyer, seller, another seller and admin, each answer checked against the rule in
 * route-rules.ts; then mass-assignment probes on every write route. What is here is shared by the
 * files that run it, each on an app and rows of its own (authorization-matrix-*.test.ts).
 */

// ---------------------------------------------------------------------------------------------
// The server's own route table: every route any Fastify instance built here registers, seen
// through its onRoute hook. The hook is added the moment the instance is created (Fastify's
// `fastify.initialization` diagnostics channel), before buildApp registers a single plugin.
// ---------------------------------------------------------------------------------------------

/**
 * The API, and the files at the site's root that crawlers read (the sitemap and robots.txt). Outside
 * it: the stored pictures, served by name to anyone (images/serve.ts), and /metrics, which answers
 * its own token (http/metrics.ts).
 */
const inMatrix = (url: string) => url.startsWith('/api') || /^\/(sitemap|robots)/.test(url);

let collecting: Set<string> | undefined;
const onInit = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  const into = collecting;
  if (!into) return;
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // HEAD answers through its GET route (and the GET route's guard).
      if (method !== 'HEAD' && inMatrix(route.url)) into.add(`${method} ${route.url}`);
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

export const PERSONAS = ['anonymous', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'] as const;
export type Who = (typeof PERSONAS)[number];
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
export const otherOf: Record<SignedIn, SignedIn> = { buyer: 'otherBuyer', otherBuyer: 'buyer', seller: 'otherSeller', otherSeller: 'seller', admin: 'buyer' };

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
  /** Held payments for the buyer's decisions: one to release ("I have the car"), one to report a problem with. */
  toRelease: string;
  toDispute: string;
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
  /** The seller's payout account at the test processor. */
  payoutAccount: string;
}
/** Bookings on a seller's cars, each for one of the seller's answers, and a confirmed one for its calendar. */
interface RequestRows {
  accept: string;
  decline: string;
  propose: string;
  meeting: string;
  /** A held payment for one of the seller's cars, bought by the other buyer: the sale to cancel. */
  sale: string;
}

export let t: TestApp;
export let stripeApp: FastifyInstance;
export let fake: FakeStripeApi;
export const mainRoutes = new Set<string>();
export const stripeRoutes = new Set<string>();
export const P = {} as Record<SignedIn, Person>;
let spare: Person;
export let categoryId: string;
const buyerRows = {} as Record<'buyer' | 'otherBuyer', BuyerRows>;
const sellerRows = {} as Record<'seller' | 'otherSeller', SellerRows>;
const requestRows = {} as Record<'seller' | 'otherSeller', RequestRows>;
export let adminRows: {
  dismissCar: string;
  removeCar: string;
  doomed: Person;
  capSecret: string;
  picture: string;
  editCategory: string;
  emptyCategory: string;
  /** A case the other buyer opened on a held payment, for the admin to decide. */
  dispute: string;
};
export let png: Buffer;
let calls = 0;

/** Buyer-side rows of a person: their own for buyers, the first buyer's for everyone else (they are refused first). */
export const B = (who: Who): BuyerRows => buyerRows[who === 'otherBuyer' ? 'otherBuyer' : 'buyer'];
export const S = (who: Who): SellerRows => sellerRows[who === 'otherSeller' ? 'otherSeller' : 'seller'];
const R = (who: Who): RequestRows => requestRows[who === 'otherSeller' ? 'otherSeller' : 'seller'];
/** A meeting time a day and a bit ahead (the answers refuse the past). */
export const soon = (hours = 30) => new Date(Date.now() + hours * 3_600_000).toISOString();
/** A person's own conversation: the seller's about their car, the buyer's about a car they asked about (the admin: the first buyer's). */
const conversationOf = (who: Who) => (roleOf[who] === 'seller' ? S(who).conversation : B(who).conversation);
const emailOf = (who: Who) => (who === 'anonymous' ? P.buyer.email : P[who].email);
export const enc = encodeURIComponent;

export async function call(who: Who, opts: InjectOptions, app: FastifyInstance = t.app): Promise<LightMyRequestResponse> {
  calls++;
  const res = await as(app, who === 'anonymous' ? undefined : P[who], opts);
  // Never a 5xx, whoever asks and whatever they send.
  expect(res.statusCode, `${opts.method} ${opts.url} as ${who}: ${res.body}`).toBeLessThan(500);
  // And never an answer the API document does not list for the call.
  expectDocumented(app.swagger() as unknown as ApiDocument, opts.method ?? 'GET', String(opts.url), res.statusCode, `(as ${who}: ${res.body.slice(0, 200)})`);
  return res;
}

const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' });
export const confirmCard = (clientSecret: string, number = '4242 4242 4242 4242'): InjectOptions => ({
  method: 'POST',
  url: '/api/test-processor/confirm',
  payload: { clientSecret, card: card(number), billingDetails: { name: 'Pat Buyer', email: 'pat@test.example' } },
});

export async function okJson(who: Who, opts: InjectOptions) {
  const res = await call(who, opts);
  expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body}`).toBe(200);
  return res.json();
}

/** The id of the provider's succeeded payment for the buyer's booking: intent made, test card confirmed, not yet recorded. */
export async function paidWithCard(who: 'buyer' | 'otherBuyer', bookingId: string): Promise<string> {
  const intent = await okJson(who, post('/api/create-payment-intent', { bookingId }));
  return (await okJson('anonymous', confirmCard(intent.clientSecret))).paymentIntent.id;
}

/** A payment the platform holds for the buyer's order of the car: booked, paid with the test card and recorded. */
export async function heldPayment(who: 'buyer' | 'otherBuyer', productId: string): Promise<string> {
  const bookingId = (await okJson(who, post('/api/bookings', { productId }))).insertedId as string;
  const transactionId = await paidWithCard(who, bookingId);
  return (await okJson(who, post('/api/payments', { transactionId, bookingId, email: P[who].email }))).insertedId as string;
}

/**
 * A case the other buyer opens on a fresh held payment for one of the seller's cars (the first
 * buyer's bookings come near the hourly limit on bookings).
 */
export async function openedDispute(name: string): Promise<{ payment: string; dispute: string }> {
  const payment = await heldPayment('otherBuyer', await insertCar(t, P.seller, categoryId, { name }));
  const held = await okJson('otherBuyer', post(`/api/payments/${payment}/problem`, { reason: 'not_as_described', details: 'The mileage is higher than listed' }));
  return { payment, dispute: held.dispute.id as string };
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
  const payTx = await paidWithCard(who, payBooking);

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
    toRelease: await heldPayment(who, await car('paid, to receive')),
    toDispute: await heldPayment(who, await car('paid, with a problem')),
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
  requestRows[who] = {
    accept: await booking('request to accept'),
    decline: await booking('request to decline'),
    propose: await booking('request to answer with a time'),
    meeting: await booking('request with a meeting'),
    sale: await heldPayment('otherBuyer', await insertCar(t, P[who], categoryId, { name: `${S(who).tag} paid, sale to cancel` })),
  };
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
    payoutAccount: '',
  };
  const opened = await as(t.app, spare, post('/api/conversations', { productId: sellerRows[who].shownCar, text: `${tag} is asked about it` }));
  expect(opened.statusCode, opened.body).toBe(200);
  sellerRows[who].conversation = opened.json().conversationId;
  await okJson(who, post('/api/payouts/account', {}));
  sellerRows[who].payoutAccount = (await one('select account_id from payout_accounts where seller_id = $1', [P[who].id])).account_id;
}

/**
 * The apps and rows every matrix file starts from, made before its tests and dropped after them;
 * `part` names the file's share of the matrix in the count of calls it prints at the end.
 */
export function setUpMatrix(part: string) {
  beforeAll(setUpRows);
  beforeAll(setUpReviews);
  beforeAll(setUpSavedSearches);
  beforeAll(setUpNotices);
  beforeAll(setUpDataExports);
  beforeAll(setUpSpareSessions);
  afterAll(async () => {
    await stripeApp?.close();
    await fake?.close();
    await t?.close();
    console.log(`authorization matrix, ${part}: ${calls} calls`);
  });
}

async function setUpRows() {
  const { t: app, categoryId: category, ...people } = await collectRoutes(mainRoutes, () =>
    withPersonas(['buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'], { category: true }),
  );
  [t, categoryId] = [app, category];
  Object.assign(P, people);
  fake = await new FakeStripeApi().start();
  stripeApp = await collectRoutes(stripeRoutes, () =>
    buildApp({ config: t.app.config, pool: t.pool, auth: t.app.auth, images: t.app.images, payments: new StripeProvider(fake.settings) }),
  );
  await stripeApp.ready();
  spare = await signUp(t.app, 'Buyer');
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
    dispute: (await openedDispute('Disputed car')).dispute,
  };
}

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

export const get = (url: string): InjectOptions => ({ method: 'GET', url });
export const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload });
const form = (url: string, body: string): InjectOptions => ({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
export const one = async (sql: string, params: unknown[]) => (await t.pool.query(sql, params)).rows[0];
const paymentState = (id: string) => one('select state from payments where id = $1', [id]);
/** The check of a list: it shows the caller's own rows (by `mark`), never those of the person whose data they probe. */
const ownOnly = (mark: (who: SignedIn) => string) => (who: Who, res: LightMyRequestResponse) => {
  expect(res.body).toContain(mark(who as SignedIn));
  expect(res.body).not.toContain(mark(otherOf[who as SignedIn]));
};

export const specs: Record<string, Spec> = {
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
  'GET /api/two-factor': {
    call: () => get('/api/two-factor'),
    // The matrix's admin turned it on as admins must (harness.ts, makeAdmin); nobody else has.
    check: (who, res) => expect(res.json()).toEqual({ enabled: who === 'admin', required: false, passwordSignIn: true }),
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

  'GET /api/me/profile': {
    call: () => get('/api/me/profile'),
    check: (who, res) => expect(res.json()).toMatchObject({ email: P[who as SignedIn].email, password: true }),
  },
  'PATCH /api/me/profile': {
    call: () => ({ method: 'PATCH', url: '/api/me/profile', payload: { phone: '+1 555 010 0199', timeZone: 'Europe/Paris' } }),
    check: (who, res) => expect(res.json()).toMatchObject({ email: P[who as SignedIn].email, phone: '+1 555 010 0199', timeZone: 'Europe/Paris' }),
  },
  'POST /api/me/photo': {
    call: () => ({ method: 'POST', url: '/api/me/photo', ...multipartFile('image', 'me.png', 'image/png', png) }),
    check: (_who, res) => expect(res.json().data.url).toMatch(/\/uploads\//),
  },
  'POST /api/signup/photo': {
    call: () => ({ method: 'POST', url: '/api/signup/photo', ...multipartFile('image', 'me.png', 'image/png', png) }),
    check: (_who, res) => expect(res.json().data.url).toMatch(/\/uploads\//),
  },
  'POST /api/me/email': {
    call: (who) => post('/api/me/email', { newEmail: `moved-${who}-${randomBytes(3).toString('hex')}@test.example` }),
    check: (who, res) => expect(res.json().message).toContain(P[who as SignedIn].email),
  },
  'GET /api/me/sessions': {
    call: () => get('/api/me/sessions'),
    check: (_who, res) => {
      expect(res.json().filter((s: { thisDevice: boolean }) => s.thisDevice)).toHaveLength(1);
      expect(res.body).not.toMatch(/token/i);
    },
  },
  'DELETE /api/me/sessions/:id': {
    call: (_who, _e, r) => ({ method: 'DELETE', url: `/api/me/sessions/${spareSessionOf(r)}` }),
    check: (_who, res) => expect(res.json()).toEqual({ signedOut: 1 }),
    intact: async (r) => expect(await one('select count(*)::int as n from sessions where id = $1', [spareSessionOf(r)])).toEqual({ n: 1 }),
  },
  'POST /api/me/sessions/sign-out-others': {
    call: () => post('/api/me/sessions/sign-out-others', {}),
    check: (_who, res) => expect(res.json()).toMatchObject({ signedOut: expect.any(Number) }),
  },

  'GET /sitemap.xml': {
    call: () => get('/sitemap.xml'),
    // The same for everyone: cars on the market by address only, nobody's contact.
    check: (_who, res) => {
      expect(res.body).toContain(`/search?make=${categoryId}`);
      expect(res.body).not.toContain('@');
    },
  },
  // One file holds every URL here, so there are no numbered files: a 404 to everyone alike.
  'GET /sitemaps/:file': { call: () => get('/sitemaps/1.xml'), ok: [404] },
  'GET /robots.txt': { call: () => get('/robots.txt'), check: (_who, res) => expect(res.body).toContain('Disallow: /dashboard') },
  'GET /api/categories': { call: () => get('/api/categories') },
  'GET /api/addProductCategories': { call: () => get('/api/addProductCategories') },
  'GET /api/advertisement/products': { call: () => get('/api/advertisement/products') },
  'GET /api/category/:id': { call: () => get(`/api/category/${categoryId}`) },
  'GET /api/search': { call: () => get(`/api/search?make=${categoryId}&sort=price-asc`) },
  'GET /api/places/zip/:zip': { call: () => get('/api/places/zip/78701'), check: (_who, res) => expect(res.json()).toMatchObject({ zip: '78701', city: 'Austin', state: 'TX' }) },
  'GET /api/places/nearest': { call: () => get('/api/places/nearest?lat=30.27&lon=-97.74'), check: (_who, res) => expect(res.json()).toMatchObject({ zip: '78701' }) },
  'GET /api/pricing/guide': { call: () => get(`/api/pricing/guide?make=${categoryId}&model=Corolla&modelYear=2019&mileage=50000&mileageUnit=km&condition=Good`) },
  'GET /api/value': {
    call: () => get(`/api/value?make=${categoryId}&model=Corolla&modelYear=2019&mileage=50000&mileageUnit=km&condition=Good&zip=78701`),
    check: (_who, res) => expect(res.json()).toHaveProperty('kind'),
  },
  'POST /api/images': { call: () => ({ method: 'POST', url: '/api/images', ...multipartFile('image', 'car.png', 'image/png', png) }) },
  'POST /api/addProducts': {
    call: (who) =>
      post('/api/addProducts', carListing(categoryId, S(who).imageUrl, { productName: `${S(who).tag} listed in the matrix` })),
  },
  'GET /api/products': {
    call: (_who, e) => get(`/api/products?email=${enc(emailOf(e))}`),
    check: ownOnly((who) => S(who).tag),
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
  'GET /api/cars/:id/similar': {
    call: (_who, _e, r) => get(`/api/cars/${S(r).shownCar}/similar`),
    check: (who, res) => {
      const answer = res.json();
      expect(answer.left).toBeNull();
      // Cars on the market like the seller's shown car; the sellers' contact for signed-in people only.
      for (const car of answer.cars) if (who === 'anonymous') expect(car).toMatchObject({ email: '', mobile: '' });
      expect(res.body.includes('@')).toBe(who !== 'anonymous' && answer.cars.length > 0);
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
  'GET /api/products/:id/performance': {
    call: (_who, _e, r) => get(`/api/products/${S(r).shownCar}/performance`),
    check: (who, res) => expect(res.json().productName).toBe(`${S(who).tag} shown on its page`),
  },
  'GET /api/products/views': {
    call: () => get('/api/products/views'),
    // Each car the answer names is the caller's own.
    check: async (who, res) => {
      for (const { productId } of res.json() as { productId: string }[]) {
        expect(await one('select seller_id from products where id = $1', [productId])).toEqual({ seller_id: P[who as SignedIn].id });
      }
    },
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
    check: ownOnly((who) => B(who).tag),
  },
  'GET /api/orders/:id': { call: (_who, _e, r) => get(`/api/orders/${B(r).booking}`) },
  'GET /api/bookings/requests': {
    call: () => get('/api/bookings/requests'),
    check: ownOnly((who) => S(who).tag),
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
    check: ownOnly((who) => B(who).tag),
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
  'GET /api/admin/sellers/:id/evidence': {
    call: () => get(`/api/admin/sellers/${P.otherSeller.id}/evidence`),
    check: (_who, res) => expect(res.json()).toMatchObject({ seller: { _id: P.otherSeller.id } }),
  },
  'PUT /api/admin/sellers/:id/verification': {
    call: () => ({ method: 'PUT', url: `/api/admin/sellers/${P.otherSeller.id}/verification`, payload: { note: 'Verified in the matrix' } }),
    check: (_who, res) => expect(res.json()).toMatchObject({ acknowledged: true, matchedCount: 1 }),
  },
  'DELETE /api/admin/sellers/:id/verification': {
    call: () => ({ method: 'DELETE', url: `/api/admin/sellers/${P.otherSeller.id}/verification`, payload: { note: 'Removed in the matrix' } }),
    check: (_who, res) => expect(res.json()).toMatchObject({ acknowledged: true, matchedCount: 1 }),
  },
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

  // Money held until the handover: each decision on a payment of its own, so that none finds another's already decided.
  'POST /api/payments/:paymentId/received': {
    call: (_who, _e, r) => post(`/api/payments/${B(r).toRelease}/received`, {}),
    check: (_who, res) => expect(res.json()).toMatchObject({ state: 'released', releasedAt: expect.any(String) }),
    intact: async (r) => expect(await paymentState(B(r).toRelease)).toEqual({ state: 'held' }),
  },
  'POST /api/payments/:paymentId/cancel-sale': {
    call: (_who, _e, r) => post(`/api/payments/${R(r).sale}/cancel-sale`, { reason: 'The car failed its inspection' }),
    check: (_who, res) => expect(res.json()).toMatchObject({ state: 'refunded', refundReason: 'The car failed its inspection' }),
    intact: async (r) => expect(await paymentState(R(r).sale)).toEqual({ state: 'held' }),
  },
  'POST /api/payments/:paymentId/problem': {
    call: (_who, _e, r) => post(`/api/payments/${B(r).toDispute}/problem`, { reason: 'other', details: 'x' }),
    check: (_who, res) => expect(res.json()).toMatchObject({ state: 'held', dispute: { reason: 'other', details: 'x', decision: null } }),
    intact: async (r) => expect(await one('select count(*)::int as n from disputes where payment_id = $1', [B(r).toDispute])).toEqual({ n: 0 }),
  },
  'GET /api/disputes': {
    call: () => get('/api/disputes'),
    check: (_who, res) => expect(res.json()).toContainEqual(expect.objectContaining({ id: adminRows.dispute, productName: 'Disputed car' })),
  },
  'GET /api/disputes/:id': {
    call: () => get(`/api/disputes/${adminRows.dispute}`),
    check: (_who, res) => expect(res.json()).toMatchObject({ dispute: { id: adminRows.dispute }, payment: { dispute: { id: adminRows.dispute } } }),
  },
  'POST /api/disputes/:id/decision': {
    call: () => post(`/api/disputes/${adminRows.dispute}/decision`, { decision: 'refund', note: 'Refunded in the matrix' }),
    check: (_who, res) => expect(res.json()).toMatchObject({ id: adminRows.dispute, decision: 'refund', paymentState: 'refunded' }),
  },
  'GET /api/payouts/fee': {
    call: () => get('/api/payouts/fee'),
    check: (_who, res) => expect(res.json()).toEqual({ feePercent: expect.any(Number) }),
  },
  'GET /api/payouts': {
    call: () => get('/api/payouts'),
    check: ownOnly((who) => S(who).tag),
  },
  'POST /api/payouts/account': {
    call: () => post('/api/payouts/account', {}),
    check: (who, res) => expect(res.json().url).toContain(enc(S(who).payoutAccount)),
  },
  'GET /api/test-processor/accounts/:accountId': {
    call: (_who, _e, r) => get(`/api/test-processor/accounts/${S(r).payoutAccount}`),
    check: (who, res) => expect(res.json()).toMatchObject({ id: S(who).payoutAccount }),
  },
  'POST /api/test-processor/accounts/:accountId/onboard': {
    call: (_who, _e, r) => post(`/api/test-processor/accounts/${S(r).payoutAccount}/onboard`, { holderName: 'Sam Seller', routingNumber: '110000000', accountNumber: testPayoutAccountNumbers.enabled }),
    check: (who, res) => expect(res.json()).toEqual({ id: S(who).payoutAccount, detailsSubmitted: true, payoutsEnabled: true }),
    intact: async (r) =>
      expect(await one('select details_submitted, payouts_enabled from payout_accounts where account_id = $1', [S(r).payoutAccount])).toEqual({
        details_submitted: false,
        payouts_enabled: false,
      }),
  },

  'GET /api/notifications': {
    call: () => get('/api/notifications'),
    check: ownOnly((who) => noticeTitle(who)),
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
    check: ownOnly((who) => alertName(who)),
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

  // A wrong password: the deletion itself (which would end the matrix's people) is tested in modules/account.
  'DELETE /api/account': {
    call: () => ({ method: 'DELETE', url: '/api/account', payload: { password: 'not-the-password' } }),
    ok: [400],
    check: (_who, res) => expect(res.json().message).toBe('The password is not right.'),
  },
  'POST /api/account/exports': { call: () => post('/api/account/exports', {}), ok: [202], check: (_who, res) => expect(res.json()).toMatchObject({ state: 'preparing' }) },
  'GET /api/account/exports': {
    call: () => get('/api/account/exports'),
    check: (who, res) => {
      expect(res.body).toContain(dataExports[who as SignedIn]);
      expect(res.body).not.toContain(dataExports[otherOf[who as SignedIn]]);
    },
  },
  'GET /api/account/exports/:id/file': {
    call: (_who, _e, r) => get(`/api/account/exports/${dataExports[r === 'anonymous' ? 'buyer' : r]}/file`),
    check: (who, res) => expect(res.json().profile.id).toBe(P[who as SignedIn].id),
  },

  // A seller's public profile: the same to everyone, and never an email.
  'GET /api/sellers/:id': {
    call: (_who, _e, r) => get(`/api/sellers/${sellerOf(r).id}`),
    check: (who, res) => {
      expect(res.json()).toMatchObject({ id: sellerOf(who).id, name: sellerOf(who).name });
      expect(res.body).not.toContain('@');
    },
  },
  'GET /api/sellers/:id/cars': {
    call: (_who, _e, r) => get(`/api/sellers/${sellerOf(r).id}/cars`),
    check: (who, res) => {
      const { cars } = res.json() as { cars: { sellerId: string; email: string }[] };
      expect(cars.length).toBeGreaterThan(0);
      // The seller's own cars; their contact for signed-in people only, as on every list of cars.
      for (const car of cars) expect(car).toMatchObject({ sellerId: sellerOf(who).id, email: who === 'anonymous' ? '' : sellerOf(who).email });
    },
  },
};

/** The seller whose profile a persona opens: the other seller's for the other seller, the seller's for everyone else. */
const sellerOf = (who: Who) => P[who === 'otherSeller' ? 'otherSeller' : 'seller'];

// Reviews (issue 48): a released sale each buyer and seller may review, a shown review about each of
// them to reply to, and shown reviews of the seller to read, report and hide.
type Party = 'buyer' | 'otherBuyer' | 'seller' | 'otherSeller';
export const reviewRows = {} as {
  /** A released payment of the person's (as buyer or as seller) not yet reviewed, on a car named with their tag. */
  sale: Record<Party, string>;
  /** A shown review about the person, unanswered. */
  aboutMe: Record<Party, string>;
  /** A shown review of the seller, reported once, for the admins' queue. */
  reported: string;
  /** A shown review of the seller for the admin to hide. */
  toHide: string;
};
const isParty = (who: Who): who is Party => who !== 'anonymous' && who !== 'admin';
const partyOf = (who: Who): Party => (isParty(who) ? who : 'buyer');
export const tagOf = (who: Party) => (roleOf[who] === 'seller' ? S(who).tag : B(who).tag);

/** A released payment between `buyer` and `seller` for a car of the seller's named `name`. */
export async function releasedSale(buyer: Person, seller: Person, name: string): Promise<string> {
  const car = await insertCar(t, seller, categoryId, { name, paid: true });
  return (
    await one(
      `insert into payments (kind, product_id, buyer_id, seller_id, buyer_email, amount, transaction_id, state, released_at, released_by)
       values ('wishlist', $1, $2, $3, $4, 1200000, $5, 'released', now(), 'buyer') returning id`,
      [car, buyer.id, seller.id, buyer.email, `pi_review_${randomBytes(8).toString('hex')}`],
    )
  ).id;
}

/** A review shown already (the other side's is in, or its days are over), about `subject`. */
async function shownReview(payment: string, author: Person, authorRole: 'buyer' | 'seller', subject: Person): Promise<string> {
  return (
    await one(
      `insert into reviews (payment_id, author_role, author_id, subject_id, rating, body, shown_at) values ($1, $2, $3, $4, 4, 'Shown in the matrix', now() - interval '1 minute') returning id`,
      [payment, authorRole, author.id, subject.id],
    )
  ).id;
}

async function setUpReviews() {
  const sale = {} as Record<Party, string>;
  const aboutMe = {} as Record<Party, string>;
  for (const who of ['buyer', 'otherBuyer'] as const) {
    sale[who] = await releasedSale(P[who], P.seller, `${B(who).tag} sale to review`);
    aboutMe[who] = await shownReview(await releasedSale(P[who], P.seller, `${B(who).tag} sale reviewed by its seller`), P.seller, 'seller', P[who]);
  }
  for (const who of ['seller', 'otherSeller'] as const) {
    sale[who] = await releasedSale(P.otherBuyer, P[who], `${S(who).tag} sale to review`);
    aboutMe[who] = await shownReview(await releasedSale(P.otherBuyer, P[who], `${S(who).tag} sale reviewed by its buyer`), P.otherBuyer, 'buyer', P[who]);
  }
  const reported = await shownReview(await releasedSale(P.buyer, P.seller, 'Reviewed, to report'), P.buyer, 'buyer', P.seller);
  // Reported by someone outside the matrix: every persona reports it once more in its own call.
  await one(`insert into review_reports (review_id, reporter_id, reason) values ($1, $2, 'Rude') returning review_id`, [reported, (await signUp(t.app, 'Buyer')).id]);
  const toHide = await shownReview(await releasedSale(P.buyer, P.seller, 'Reviewed, to hide'), P.buyer, 'buyer', P.seller);
  Object.assign(reviewRows, { sale, aboutMe, reported, toHide });
}

const reviewSpecs: Record<string, Spec> = {
  'GET /api/reviews/mine': { call: () => get('/api/reviews/mine'), check: ownOnly((who) => tagOf(who as Party)) },
  'POST /api/payments/:paymentId/review': {
    call: (_who, _e, r) => post(`/api/payments/${reviewRows.sale[partyOf(r)]}/review`, { rating: 5, text: 'Smooth sale' }),
    check: (who, res) => expect(res.json()).toMatchObject({ paymentId: reviewRows.sale[who as Party], mayWrite: false, review: { rating: 5, shown: false } }),
    intact: async (r) => expect(await one('select count(*)::int as n from reviews where payment_id = $1', [reviewRows.sale[partyOf(r)]])).toEqual({ n: 0 }),
  },
  'GET /api/users/:id/reviews': {
    call: () => get(`/api/users/${P.seller.id}/reviews`),
    check: (_who, res) => expect(res.json().reviews).toContainEqual(expect.objectContaining({ id: reviewRows.reported, text: 'Shown in the matrix' })),
  },
  'POST /api/reviews/:id/reply': {
    call: (_who, _e, r) => post(`/api/reviews/${reviewRows.aboutMe[partyOf(r)]}/reply`, { text: 'Thank you' }),
    check: (who, res) => expect(res.json()).toMatchObject({ id: reviewRows.aboutMe[who as Party], reply: { text: 'Thank you' }, mayReply: false }),
    intact: async (r) => expect(await one('select reply from reviews where id = $1', [reviewRows.aboutMe[partyOf(r)]])).toEqual({ reply: null }),
  },
  'POST /api/reviews/:id/report': {
    call: () => post(`/api/reviews/${reviewRows.reported}/report`, { reason: 'Not about the sale' }),
    check: (_who, res) => expect(res.json()).toEqual({ acknowledged: true }),
  },
  'GET /api/admin/reviews': {
    call: () => get('/api/admin/reviews'),
    check: (_who, res) => expect(res.json()).toContainEqual(expect.objectContaining({ id: reviewRows.reported, productName: 'Reviewed, to report' })),
  },
  'POST /api/admin/reviews/:id/hide': {
    call: () => post(`/api/admin/reviews/${reviewRows.toHide}/hide`, { note: 'Hidden in the matrix' }),
    check: (_who, res) => expect(res.json()).toMatchObject({ id: reviewRows.toHide }),
  },
};
Object.assign(specs, reviewSpecs);

// A file of their data ready for every signed-in person.
const dataExports = {} as Record<SignedIn, string>;
async function setUpDataExports() {
  for (const who of Object.keys(otherOf) as SignedIn[]) {
    const body = JSON.stringify({ profile: { id: P[who].id } });
    dataExports[who] = (
      await one(`insert into data_exports (user_id, state, body, ready_at, expires_at) values ($1, 'ready', $2, now(), now() + interval '1 day') returning id`, [P[who].id, body])
    ).id;
  }
}

// A saved search to edit and one to delete for every signed-in person, named with their tag.
const alertName = (who: SignedIn) => `${who === 'admin' ? 'Admin' : roleOf[who] === 'seller' ? S(who).tag : B(who).tag} saved search`;
const alertRows = {} as Record<SignedIn, { kept: string; doomed: string }>;
export const A = (who: Who) => alertRows[who === 'anonymous' ? 'buyer' : who];
async function setUpSavedSearches() {
  for (const who of Object.keys(otherOf) as SignedIn[]) {
    const saved = async (name: string) => (await call(who, post('/api/alerts', { name, frequency: 'Instantly', filters: {} }))).json()._id as string;
    alertRows[who] = { kept: await saved(alertName(who)), doomed: await saved(`${alertName(who)} to delete`) };
  }
}

// A second session of every signed-in person, as if signed in on another device: theirs to sign out.
const spareSessions = {} as Record<SignedIn, string>;
const spareSessionOf = (who: Who) => spareSessions[who === 'anonymous' ? 'buyer' : who];
async function setUpSpareSessions() {
  for (const who of Object.keys(otherOf) as SignedIn[]) spareSessions[who] = await otherDeviceOf(P[who].id);
}

/** A session of the person's, opened on another device (as better-auth writes one); its id. */
export async function otherDeviceOf(userId: string): Promise<string> {
  const id = randomBytes(12).toString('hex');
  await t.pool.query(
    `insert into sessions (id, token, user_id, expires_at, ip_address, user_agent) values ($1, $2, $3, now() + interval '1 day', '203.0.113.9', 'Matrix')`,
    [id, randomBytes(24).toString('base64url'), userId],
  );
  return id;
}

// Notifications of every signed-in person, and an email in the development mailbox.
const noticeTitle = (who: SignedIn) => `Matrix notice for ${P[who].id}`;
let mailboxEmail: string;
async function setUpNotices() {
  for (const who of Object.keys(otherOf) as SignedIn[]) {
    await inTransaction(t.pool, (client) =>
      notify(client, { userId: P[who].id, eventKey: 'matrix', kind: 'message', title: noticeTitle(who), body: 'Read me', link: '/dashboard' }),
    );
  }
  const attachments = JSON.stringify([{ filename: 'invite.ics', contentType: 'text/calendar', content: Buffer.from('BEGIN:VCALENDAR').toString('base64') }]);
  mailboxEmail = (await one(`insert into dev_mailbox (from_address, to_address, subject, text_body, headers, attachments) values ('a@x.example', 'b@x.example', 'Hi', 'Hello', '{}', $1) returning id`, [attachments])).id;
}

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

/**
 * Calls a route as every persona and checks each answer against its rule in route-rules.ts: first
 * the probes of another's data, while their rows still exist, then each person's own call.
 */
export async function checkEveryPersona(key: string, rule: RouteRule) {
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
}

/**
 * The rules in route-rules.ts's order, cut in two where the wishlist's begin, for two files that
 * take about as long: the shell, sign-in, accounts, the catalog and bookings; then wishlists, the
 * admin's, the dashboard, payments, messages, notifications and saved searches.
 */
const rules = Object.entries(routeRules);
const wishlistsOn = rules.findIndex(([key]) => key === 'PUT /api/wishlists');
if (wishlistsOn < 1) throw new Error('route-rules.ts has no PUT /api/wishlists to cut the matrix at');
export const RULES_TO_BOOKINGS = rules.slice(0, wishlistsOn);
export const RULES_FROM_WISHLISTS = rules.slice(wishlistsOn);
