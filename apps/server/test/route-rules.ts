/**
 * The access rule (docs/security.md) for every `/api` route, and for the crawlers' files at the site's
 * root (sitemap and robots.txt), keyed by `METHOD path` as Fastify registers it.
 * The authorization matrix (authorization-matrix.ts) reads the server's own route table and fails
 * when a route has no rule here (so a new route must be given one) or a rule names a route that
 * does not exist.
 *
 * HEAD routes are left out: Fastify answers HEAD through the GET route and its guard.
 */

type Role = 'buyer' | 'seller' | 'admin';

export type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Any signed-in person: anonymous 401. */
  | 'signed-in'
  /** One role only: anonymous 401, every other role 403 (admins included: an admin is not a buyer). */
  | Role
  /** Any of these roles: anonymous 401, every other role 403. */
  | readonly Role[]
  /** No session: the caller proves a capability (the test processor's client secret, as with Stripe). */
  | 'provider-capability'
  /** No session: the payment provider's signature over the exact bytes. */
  | 'webhook'
  /**
   * Authentication protocol endpoints: better-auth's own `/api/auth/*` and, in development and test
   * only, the built-in OpenID Connect test identity provider `/api/test-idp/*`. They are how a
   * session is obtained, so anonymous callers reach them; their own protocol decides.
   */
  | 'auth';

/** How "another user's data" is named in a request to an owner-scoped route. */
export type Ownership =
  /** An email in the path, query or body that must be the caller's own: another's is a 403. */
  | { by: 'email'; in: 'params' | 'query' | 'body'; field: string; adminMayAsk?: boolean }
  /**
   * The id of someone else's row: 404 (or 403), indistinguishable from a missing one, and nothing of
   * the row in the answer. `noop`: the call is answered as for an id the caller has nothing under
   * (`deletedCount: 0`, as the first client's delete expects), and the other person's row stays.
   */
  | { by: 'row'; in: 'params' | 'query' | 'body'; field: string; row: 'product' | 'booking' | 'wishlist-entry' | 'conversation' | 'saved-search' | 'payment' | 'payout-account' | 'data-export' | 'session' | 'review'; noop?: boolean };

export interface RouteRule {
  access: Access;
  /** Owner-scoped routes: every way another user's data can be named. */
  owner?: Ownership[];
  note?: string;
}

const ownEmail = (inWhere: 'params' | 'query' | 'body', field = 'email', adminMayAsk = false): Ownership => ({ by: 'email', in: inWhere, field, adminMayAsk });
/** A payment named by id: its buyer's or its car's seller's only, as the route says. */
const heldPayment: Ownership = { by: 'row', in: 'params', field: 'paymentId', row: 'payment' };
/** A payout account at the test processor, named by id: its seller's only. */
const payoutAccount: Ownership = { by: 'row', in: 'params', field: 'accountId', row: 'payout-account' };

export const routeRules: Record<string, RouteRule> = {
  // The shell.
  'GET /api/openapi.json': { access: 'public' },
  // The API reference page (Swagger UI) and its files.
  'GET /api/docs': { access: 'public' },
  'GET /api/docs/json': { access: 'public', note: 'the same document as /api/openapi.json, for the page' },
  'GET /api/docs/yaml': { access: 'public' },
  'GET /api/docs/static/index.html': { access: 'public', note: 'redirects to the page' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public' },
  'GET /api/docs/static/*': { access: 'public', note: 'Swagger UI’s own scripts and styles (same-origin, for the CSP)' },
  'GET /api/health': { access: 'public' },
  // For crawlers, at the site's root: the public pages and every car on the market, by address only.
  'GET /sitemap.xml': { access: 'public', note: 'the same for everyone: public pages and cars on the market' },
  'GET /sitemaps/:file': { access: 'public', note: 'the numbered files of the sitemap index past 50,000 URLs' },
  'GET /robots.txt': { access: 'public' },
  'GET /api/site': { access: 'public', note: 'the test-payments banner flag' },

  // Accounts and sign-in.
  'GET /api/auth/*': { access: 'auth', note: 'better-auth: get-session answers only the caller’s own session; verify-email takes a signed token' },
  'POST /api/auth/*': {
    access: 'auth',
    note: 'better-auth: sign-up, sign-in (limited to 5 failures), sign-out, OAuth, password reset (limited per email and address), a new confirmation link (limited), two-factor sign-in (its own session or pending sign-in; wrong codes limited per account and address)',
  },
  'GET /api/auth/google/done': { access: 'public', note: 'static page that ends the Google sign-in popup' },
  'GET /api/auth/google/done.js': { access: 'public', note: 'its script (same-origin, for the CSP)' },
  'GET /api/test-idp/*': { access: 'auth', note: 'test identity provider (never in production): discovery, authorize, JWKS, userinfo' },
  'POST /api/test-idp/*': { access: 'auth', note: 'test identity provider: token endpoint (client secret and PKCE)' },
  'OPTIONS /api/test-idp/*': { access: 'auth', note: 'test identity provider: CORS preflight' },
  'GET /api/test-idp/interaction/:uid': { access: 'auth', note: 'its sign-in page, bound to the browser’s interaction cookie' },
  'POST /api/test-idp/interaction/:uid/login': { access: 'auth' },
  'POST /api/test-idp/interaction/:uid/abort': { access: 'auth' },

  // The caller's own two-factor sign-in (its changes are better-auth's, under /api/auth/two-factor/).
  'GET /api/two-factor': { access: 'signed-in', note: 'the caller’s own account only: no parameter names anyone (any query is a 400)' },

  // Users: the user record and the three role lookups.
  'POST /api/users': { access: 'signed-in', owner: [ownEmail('body')] },
  'GET /api/users/admin/:email': { access: 'signed-in', owner: [ownEmail('params', 'email', true)] },
  'GET /api/users/seller/:email': { access: 'signed-in', owner: [ownEmail('params', 'email', true)] },
  'GET /api/users/buyer/:email': { access: 'signed-in', owner: [ownEmail('params', 'email', true)] },

  // Settings: the caller's own profile, email and signed-in devices; nothing names another person.
  'GET /api/me/profile': { access: 'signed-in', note: 'the caller’s own profile only' },
  'PATCH /api/me/profile': { access: 'signed-in', note: 'the caller’s own row only; role, verification and email are not fields of it' },
  'POST /api/me/photo': { access: 'signed-in', note: 'a picture stored as the caller’s, counted in their upload limit' },
  'POST /api/signup/photo': { access: 'public', note: 'the sign-up form’s photo before the account exists: owned by nobody, counted per client address' },
  'POST /api/me/email': { access: 'signed-in', note: 'the link goes to the new address; limited per account and per client address' },
  'GET /api/me/sessions': { access: 'signed-in', note: 'the caller’s own sessions, without their tokens' },
  'DELETE /api/me/sessions/:id': { access: 'signed-in', owner: [{ by: 'row', in: 'params', field: 'id', row: 'session' }] },
  'POST /api/me/sessions/sign-out-others': { access: 'signed-in', note: 'ends the caller’s other sessions only' },

  // Catalog.
  'GET /api/categories': { access: 'public' },
  'GET /api/addProductCategories': { access: 'public' },
  'GET /api/advertisement/products': { access: 'public' },
  'GET /api/category/:id': { access: 'signed-in' },
  'GET /api/search': { access: 'public', note: 'searches the cars on the market only, whoever asks; a visitor gets them without the sellers’ contact and the VINs’ serials' },
  'GET /api/places/zip/:zip': { access: 'public', note: 'the offline ZIP gazetteer: no one’s data; limited per client address' },
  'GET /api/places/nearest': { access: 'public', note: 'the offline ZIP gazetteer: no one’s data, nothing kept of the point; limited per client address' },
  'GET /api/pricing/guide': { access: 'seller', note: 'prices a car as described from the cars on the market; reads no one’s own data' },
  'GET /api/value': { access: 'public', note: 'What’s my car worth?: prices a car as described from the cars on the market (their public pages’ figures), no one’s own data; limited per client address' },
  'POST /api/images': { access: ['seller', 'admin'], note: 'sellers’ car pictures, admins’ category pictures' },
  'POST /api/addProducts': { access: 'seller', note: 'the picture must be one this seller uploaded' },
  'GET /api/products': { access: 'seller', owner: [ownEmail('query')] },
  'PUT /api/product/:id': { access: 'seller', owner: [{ by: 'row', in: 'params', field: 'id', row: 'product' }] },
  'DELETE /api/products/:id': { access: 'seller', owner: [{ by: 'row', in: 'params', field: 'id', row: 'product' }] },
  'GET /api/cars/:id': {
    access: 'public',
    note: 'every car on the market (a visitor’s without the seller’s contact and the VIN’s serial); a sold car for signed-in people only, a withdrawn car its seller’s only (404 to anyone else)',
  },
  'GET /api/cars/:id/similar': { access: 'public', note: 'cars on the market only (a visitor’s without their sellers’ contact), and whether the car left the market: no one’s own data' },
  'PUT /api/products/:id': { access: 'seller', owner: [{ by: 'row', in: 'params', field: 'id', row: 'product' }], note: 'pictures must be this seller’s uploads' },
  'POST /api/products/:id/withdraw': { access: 'seller', owner: [{ by: 'row', in: 'params', field: 'id', row: 'product' }] },
  'GET /api/products/:id/performance': { access: 'seller', owner: [{ by: 'row', in: 'params', field: 'id', row: 'product' }], note: 'the caller’s own car only (another’s is a 404)' },
  'GET /api/products/views': { access: 'seller', note: 'the views of the caller’s own cars only: no parameter names anyone (any query is a 400)' },

  // Bookings.
  'POST /api/bookings': { access: 'buyer' },
  'GET /api/orders': { access: 'buyer', owner: [ownEmail('query')] },
  'GET /api/orders/:id': { access: 'buyer', owner: [{ by: 'row', in: 'params', field: 'id', row: 'booking' }] },
  'GET /api/bookings/requests': { access: 'seller', note: 'bookings on the caller’s own cars only: no parameter names anyone' },
  'POST /api/bookings/:id/accept': { access: 'seller', owner: [{ by: 'row', in: 'params', field: 'id', row: 'booking' }], note: 'a booking on the caller’s own car' },
  'POST /api/bookings/:id/decline': { access: 'seller', owner: [{ by: 'row', in: 'params', field: 'id', row: 'booking' }], note: 'a booking on the caller’s own car' },
  'POST /api/bookings/:id/propose': { access: 'seller', owner: [{ by: 'row', in: 'params', field: 'id', row: 'booking' }], note: 'a booking on the caller’s own car' },
  'POST /api/bookings/:id/accept-proposal': { access: 'buyer', owner: [{ by: 'row', in: 'params', field: 'id', row: 'booking' }] },
  'POST /api/bookings/:id/cancel': { access: 'buyer', owner: [{ by: 'row', in: 'params', field: 'id', row: 'booking' }] },
  'GET /api/bookings/:id/calendar.ics': {
    access: ['buyer', 'seller'],
    owner: [{ by: 'row', in: 'params', field: 'id', row: 'booking' }],
    note: 'the booking’s buyer or its car’s seller only',
  },

  // Wishlist (ids are the car's; the entry is the caller's).
  'PUT /api/wishlists': { access: 'buyer', owner: [ownEmail('query')] },
  'GET /api/wishlist-products': { access: 'buyer', owner: [ownEmail('query')] },
  'GET /api/wishlist/:id': { access: 'buyer', owner: [{ by: 'row', in: 'params', field: 'id', row: 'wishlist-entry' }] },
  'DELETE /api/wishlists/:id': { access: 'buyer', owner: [{ by: 'row', in: 'params', field: 'id', row: 'wishlist-entry', noop: true }] },

  // Admin console and reports.
  'GET /api/users/allseller': { access: 'admin' },
  'GET /api/users/allbuyer': { access: 'admin' },
  'PUT /api/seller/verify': { access: 'admin' },
  'GET /api/admin/sellers/:id/evidence': { access: 'admin', note: 'a seller’s only: a buyer’s or an admin’s id is a 404' },
  'PUT /api/admin/sellers/:id/verification': { access: 'admin', note: 'a note is required; recorded with the admin, and the seller is told' },
  'DELETE /api/admin/sellers/:id/verification': { access: 'admin', note: 'a note is required; recorded with the admin, and the seller is told' },
  'DELETE /api/users/:id': { access: 'admin', note: 'never oneself nor another admin (403)' },
  'POST /api/reports': { access: 'buyer' },
  'GET /api/reports': { access: 'admin' },
  'DELETE /api/reports/:id': { access: 'admin' },
  'DELETE /api/reported-products/:id': { access: 'admin', note: 'an optional reason, told to the seller' },
  'GET /api/admin/categories': { access: 'admin' },
  'POST /api/categories': { access: 'admin', note: 'the picture must be one this admin uploaded' },
  'PUT /api/categories/:id': { access: 'admin', note: 'a new picture must be one this admin uploaded' },
  'DELETE /api/categories/:id': { access: 'admin', note: 'refused (409) while any car uses the category' },

  // The dashboard's welcome page.
  'GET /api/dashboard/summary': { access: 'signed-in', note: 'the caller’s own numbers only: no parameter names anyone (any query is a 400)' },

  // Payments: amounts from the database, payments read back from the provider.
  'POST /api/create-payment-intent': { access: 'buyer', owner: [{ by: 'row', in: 'body', field: 'bookingId', row: 'booking' }] },
  'POST /api/wishlist-create-payment-intent': { access: 'buyer', owner: [{ by: 'row', in: 'body', field: 'productId', row: 'wishlist-entry' }] },
  'POST /api/payments': { access: 'buyer', owner: [ownEmail('body'), { by: 'row', in: 'body', field: 'bookingId', row: 'booking' }] },
  'POST /api/wishlist-payments': {
    access: 'buyer',
    owner: [ownEmail('body', 'wishlistEmail'), { by: 'row', in: 'body', field: 'bookingId', row: 'wishlist-entry' }],
  },
  'POST /api/test-processor/confirm': { access: 'provider-capability', note: 'PAYMENTS=test only; the client secret is the capability' },
  'POST /api/stripe/webhook': { access: 'webhook', note: 'PAYMENTS=stripe only; Stripe-Signature over the raw body' },

  // Money held until the handover: a payment is decided on by its own buyer or its car's seller only; disputes are the admin's.
  'POST /api/payments/:paymentId/received': { access: 'buyer', owner: [heldPayment], note: 'the payment’s own buyer' },
  'POST /api/payments/:paymentId/cancel-sale': { access: 'seller', owner: [heldPayment], note: 'the seller of the paid car' },
  'POST /api/payments/:paymentId/problem': { access: 'buyer', owner: [heldPayment], note: 'the payment’s own buyer' },
  'GET /api/disputes': { access: 'admin' },
  'GET /api/disputes/:id': { access: 'admin' },
  'POST /api/disputes/:id/decision': { access: 'admin', note: 'once per case: a decided case or a payment no longer held is a 409' },
  'GET /api/payouts/fee': { access: 'signed-in', note: 'the platform’s fee, the same for everyone' },
  'GET /api/payouts': { access: 'seller', note: 'the caller’s own payout account and sales only: no parameter names anyone' },
  'POST /api/payouts/account': { access: 'seller', note: 'the caller’s own payout account, made once' },
  'GET /api/test-processor/accounts/:accountId': { access: 'seller', owner: [payoutAccount], note: 'PAYMENTS=test only' },
  'POST /api/test-processor/accounts/:accountId/onboard': { access: 'seller', owner: [payoutAccount], note: 'PAYMENTS=test only; test bank details only' },

  // Messages between a buyer and a car's seller: only the two parties see a conversation.
  'POST /api/conversations': { access: 'buyer', note: 'about a car on the market, not one’s own' },
  'GET /api/conversations': { access: 'signed-in', note: 'the caller’s own conversations only' },
  'GET /api/conversations/unread': { access: 'signed-in', note: 'the caller’s own count' },
  'GET /api/conversations/:id/messages': { access: 'signed-in', owner: [{ by: 'row', in: 'params', field: 'id', row: 'conversation' }] },
  'POST /api/conversations/:id/messages': { access: 'signed-in', owner: [{ by: 'row', in: 'params', field: 'id', row: 'conversation' }] },
  'POST /api/conversations/:id/read': { access: 'signed-in', owner: [{ by: 'row', in: 'params', field: 'id', row: 'conversation' }] },
  'GET /api/admin/flagged-messages': { access: 'admin' },
  'GET /api/live': { access: 'signed-in', note: 'EventSource only (406 to any other client); the caller’s own events' },
  // Notifications: the bell, and the unsubscribe link of their emails.
  'GET /api/notifications': { access: 'signed-in', note: 'the caller’s own notifications only: no parameter names anyone' },
  'POST /api/notifications/read': { access: 'signed-in', note: 'another person’s notification ids change nothing' },
  'POST /api/email/unsubscribe': { access: 'provider-capability', note: 'the unsubscribe link’s token (HMAC of the person’s id under the auth secret) is the capability; no cookie' },
  // The development mailbox: development and test only (production answers 404, test/production.test.ts).
  'GET /api/dev/mailbox': { access: 'public', note: 'development and test only' },
  'GET /api/dev/mailbox/:id': { access: 'public', note: 'development and test only' },
  'GET /api/dev/mailbox/:id/attachments/:n': { access: 'public', note: 'development and test only' },
  // Saved searches (My Alerts): whoever may search keeps their own.
  'GET /api/alerts': { access: 'signed-in', note: 'the caller’s own saved searches only' },
  'POST /api/alerts': { access: 'signed-in', note: 'saved for the caller, at most 20' },
  'PATCH /api/alerts/:id': { access: 'signed-in', owner: [{ by: 'row', in: 'params', field: 'id', row: 'saved-search' }] },
  'DELETE /api/alerts/:id': { access: 'signed-in', owner: [{ by: 'row', in: 'params', field: 'id', row: 'saved-search' }] },

  // Reviews (issue 48): only a released sale's two sides write them; anyone reads the shown ones.
  'GET /api/reviews/mine': { access: ['buyer', 'seller'], note: 'the caller’s own released sales and their own reviews only: no parameter names anyone' },
  'POST /api/payments/:paymentId/review': {
    access: ['buyer', 'seller'],
    owner: [heldPayment],
    note: 'the released payment’s own buyer or its car’s seller, once each, within 14 days of the release',
  },
  'GET /api/users/:id/reviews': { access: 'public', note: 'the shown reviews only (blind ones and hidden ones never), the same to everyone but for the subject’s `mayReply`' },
  'POST /api/reviews/:id/reply': { access: ['buyer', 'seller'], owner: [{ by: 'row', in: 'params', field: 'id', row: 'review' }], note: 'the review’s subject only, once, once it is shown' },
  'POST /api/reviews/:id/report': { access: 'signed-in', note: 'a shown review, once per person, 10 an hour' },
  'GET /api/admin/reviews': { access: 'admin' },
  'POST /api/admin/reviews/:id/hide': { access: 'admin', note: 'once per review; its author and subject are told the note' },

  // Leaving and taking one's data.
  'DELETE /api/account': { access: ['buyer', 'seller'], note: 'the caller’s own account, with its password or a fresh Google sign-in; an admin is demoted by the operator first' },
  'POST /api/account/exports': { access: 'signed-in', note: 'a file of the caller’s own data, at most 3 a day' },
  'GET /api/account/exports': { access: 'signed-in', note: 'the caller’s own files' },
  'GET /api/account/exports/:id/file': { access: 'signed-in', owner: [{ by: 'row', in: 'params', field: 'id', row: 'data-export' }] },

  // Sellers' public profiles (issue 48).
  'GET /api/sellers/:id': { access: 'public', note: 'a seller’s public profile: never their email or phone; not a seller, or gone: 404' },
  'GET /api/sellers/:id/cars': { access: 'public', note: 'the seller’s cars on the market only (a visitor’s without the seller’s contact and the VINs’ serials)' },
};

/** The roles a rule lets through, or null for the rules that are not about roles. */
export function rolesOf(access: Access): readonly Role[] | null {
  if (typeof access !== 'string') return access;
  return access === 'buyer' || access === 'seller' || access === 'admin' ? [access] : null;
}

/** Write routes whose body or query could carry forged fields (authorization-matrix-from-wishlists.test.ts probes each). */
export const isWriteMethod = (method: string) => method === 'POST' || method === 'PUT' || method === 'DELETE' || method === 'PATCH';
