/**
 * Property-based fuzzing of every /api route: generated bodies, query strings
 * and path ids, valid and hostile, sent as the right role, a wrong role and anonymously, against
 * one app and one database per test file (fuzz-*.test.ts share what is here). Properties:
 *
 * - never a 5xx, whether the cases are sent one by one or many at once;
 * - every refusal has the contract's shape `{ statusCode, error, message }` with a readable message
 *   (a sentence, never "Invalid body:" nor a schema path; a refused schema adds each field's sentence)
 *   (the test card processor answers in Stripe's shape, as its contract says);
 * - no answer leaks internals (stack traces, SQL errors, file paths);
 * - every status answered is one the API document lists for the route;
 * - stored text comes back exactly as sent (after the schema's trim).
 *
 * Reproduce a failure with the seed it prints: `FUZZ_SEED=<seed> npx vitest run --project server fuzz`.
 * `FUZZ_RUNS=<n>` scales the runs per route.
 */
import sharp from 'sharp';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { alertFrequencies, bodyTypes, conditions, fuels, reportReasons, searchSorts, transmissions } from '@second-gear/contract';
import { type ApiDocument, documentedPath, expectDocumented } from './documented-statuses.ts';
import { insertCar } from './fixtures.ts';
import { as, multipartFile, signUp, type Person, type TestApp } from './harness.ts';
import { withPersonas } from './personas.ts';
import { nextLoopbackAddress } from './raw-http.ts';
import { unsubscribeToken } from '../src/mail/unsubscribe-token.ts';

export const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
export const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** Requests in flight at once in the concurrent pass. */
export const IN_FLIGHT = 32;

/**
 * fast-check's parameters for each fuzzing check, given to each rather than set globally: the test
 * files share their processes, and a global asynchronous reporter made every other file's synchronous
 * property fail ("only asyncProperty can be used when asyncReporter specified").
 */
export function fuzzParameters<T>(numRuns = RUNS): fc.Parameters<T> {
  return { seed: SEED, numRuns, endOnFailure: true, asyncReporter };
}
console.info(`fuzz: fast-check seed ${SEED}, ${RUNS} runs per route (FUZZ_SEED / FUZZ_RUNS to change)`);

// ---------------------------------------------------------------------------------------------
// Fixtures: one app, one database, a person of every role.
// ---------------------------------------------------------------------------------------------

export let t: TestApp;
export let people: Record<'buyer' | 'otherBuyer' | 'seller' | 'otherSeller' | 'admin' | 'victim', Person>;
export let categoryId: string;
let imageUrl: string;
export let productId: string;
let soldProductId: string;
let bookingId: string;
/** A booking on the seller's car for the answers to change; the payment routes keep bookingId. */
let requestBookingId: string;
let clientSecret: string;
/** The buyer's conversation with the seller about the fuzz car. */
export let conversationId: string;
/** A picture the admin uploaded, a category to rename and one to delete. */
export let adminImageUrl: string;
let editableCategoryId: string;
let emptyCategoryId: string;
/** Cars the delete routes may delete (never the ones other routes use). */
const disposable: string[] = [];

type Who = 'anon' | 'buyer' | 'otherBuyer' | 'seller' | 'otherSeller' | 'admin';

/** A picture `who` uploads (its URL), and a category `name` shown with it. */
export async function categoryWithPicture(who: Person, name: string, png: Buffer) {
  const { payload, headers } = multipartFile('image', 'car.png', 'image/png', png);
  const up = await as(t.app, who, { method: 'POST', url: '/api/images', payload, headers });
  expect(up.statusCode, up.body).toBe(200);
  const imageUrl: string = up.json().data.url;
  const key = /\/uploads\/(.+)-\d+\.webp/.exec(imageUrl)![1];
  const { rows } = await t.pool.query<{ id: string }>(`insert into categories (name, details, image_key) values ($1, 'x', $2) returning id`, [name, key]);
  return { imageUrl, categoryId: rows[0]!.id };
}

export async function pngBytes(width = 24, height = 16) {
  return sharp({ create: { width, height, channels: 3, background: '#3366aa' } }).png().toBuffer();
}
let validPng: Buffer;

/** The app and rows every fuzzing file starts from, made before its tests and dropped after them. */
export function setUpFuzzing() {
  beforeAll(setUpRows, 120_000);
  beforeAll(setUpMailbox);
  beforeAll(setUpSavedSearches);
  beforeAll(setUpDataExport);
  beforeAll(setUpReviews);
  afterAll(() => t?.close());
}

async function setUpRows() {
  const { t: app, ...cast } = await withPersonas(['buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin']);
  t = app;
  people = { ...cast, victim: await signUp(t.app, 'Seller') };
  validPng = await pngBytes();
  ({ imageUrl, categoryId } = await categoryWithPicture(people.seller, 'Fuzz Motors', await pngBytes(640, 400)));

  const adminUp = await as(t.app, people.admin, { method: 'POST', url: '/api/images', ...multipartFile('image', 'brand.png', 'image/png', validPng) });
  expect(adminUp.statusCode, adminUp.body).toBe(200);
  adminImageUrl = adminUp.json().data.url;
  const adminKey = /\/uploads\/(.+)-\d+\.webp/.exec(adminImageUrl)![1];
  const more = await t.pool.query<{ id: string }>(
    `insert into categories (name, details, image_key) values ('Fuzz Renamed Motors', 'x', $1), ('Fuzz Empty Motors', 'x', $1) returning id`,
    [adminKey],
  );
  [editableCategoryId, emptyCategoryId] = more.rows.map((r) => r.id) as [string, string];

  productId = await insertCar(t, people.seller, categoryId, { name: 'Fuzz car' });
  soldProductId = await insertCar(t, people.seller, categoryId, { name: 'Sold fuzz car', paid: true });
  for (let i = 0; i < 6; i++) disposable.push(await insertCar(t, people.seller, categoryId, { name: `Disposable ${i}` }));

  const booked = await as(t.app, people.buyer, { method: 'POST', url: '/api/bookings', payload: { productId, phone: '555', location: 'Here' } });
  bookingId = booked.json().insertedId;
  await as(t.app, people.buyer, { method: 'PUT', url: `/api/wishlists?id=${productId}&email=${people.buyer.email}` });
  const intent = await as(t.app, people.buyer, { method: 'POST', url: '/api/create-payment-intent', payload: { bookingId } });
  expect(intent.statusCode, intent.body).toBe(200);
  clientSecret = intent.json().clientSecret;
  const requested = await insertCar(t, people.seller, categoryId, { name: 'Requested fuzz car' });
  requestBookingId = (await as(t.app, people.buyer, { method: 'POST', url: '/api/bookings', payload: { productId: requested, phone: '555', location: 'There' } })).json().insertedId;
  const opened = await as(t.app, people.buyer, { method: 'POST', url: '/api/conversations', payload: { productId, text: 'Is it still for sale?' } });
  expect(opened.statusCode, opened.body).toBe(200);
  conversationId = opened.json().conversationId;
}

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

const HUGE = 'A'.repeat(100 * 1024);
const HOSTILE = [
  "' OR 1=1 --",
  '"; drop table users; --',
  "'; select pg_sleep(5); --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '😀🚗👨‍👩‍👧',
  '\u202Eevil\u202C',
  '\u200F\u200E\u061C',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uFEFF',
  '\u00A0\u2028\u2029',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '2147483648',
  '1e308',
  '-0',
  '0x1F',
  'null',
  'true',
  '',
  ' ',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '${7*7}',
  '{{7*7}}',
  '\\',
  '\r\nX-Injected: 1',
  'Robert\'); DROP TABLE products;--',
  'ｆｕｌｌｗｉｄｔｈ',
  'İstanbul ß ﬁ',
] as const;

const hostileString = fc.constantFrom(...HOSTILE);
export const textish: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  { weight: 1, arbitrary: fc.constant(HUGE) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udc00')).map(([s, bad]) => `${s}${bad}${s}`) },
);
const edgeNumber = fc.oneof(
  fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, 5e-324, 0.5, -0.5, 100_000_001),
  fc.integer(),
  fc.double(),
);
const leaf: fc.Arbitrary<unknown> = fc.oneof(textish, edgeNumber, fc.boolean(), fc.constant(null));
const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), hostileString), tie('value'), { maxKeys: 4 }) },
  ),
})).value;

const uuid = fc.uuid();
/** Well-formed addresses that are still hostile: very long, NUL, markup. */
const oddEmail = fc.constantFrom(
  `${'a'.repeat(64)}@${'b'.repeat(250)}.com`,
  `${'a'.repeat(5000)}@example.com`,
  `${'a'.repeat(100_000)}@example.com`,
  'a\u0000b@example.com',
  '<script>@example.com',
  "o'brien@example.com",
  '"quoted"@example.com',
  'ünïcödé@exämple.com',
);
/** Stand-ins replaced at request time: the caller's own email in several spellings. */
const SELF = 'SELF_EMAIL@self.invalid';
const SELF_UPPER = 'SELF_UPPER@self.invalid';
const SELF_SPACED = 'SELF_SPACED@self.invalid';

function emailArb(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(SELF) },
    { weight: 1, arbitrary: fc.constantFrom(SELF_UPPER, SELF_SPACED) },
    { weight: 1, arbitrary: fc.constantFrom(...Object.values(people).map((p) => p.email)) },
    { weight: 1, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: oddEmail },
    { weight: 2, arbitrary: textish },
  );
}

/** A JSON value that is sometimes of the wrong type, for one field. */
function orHostile<T>(valid: fc.Arbitrary<T>, weight = 3): fc.Arbitrary<unknown> {
  return fc.oneof({ weight, arbitrary: valid as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: anyValue });
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

interface Payload {
  body: string | Buffer;
  contentType?: string;
}
export interface Req {
  url: string;
  payload?: Payload;
}

const json = (value: unknown): Payload => ({ body: JSON.stringify(value) ?? 'null', contentType: 'application/json' });

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/xml',
  'application/javascript',
  'application/json, text/plain',
  '*/*',
  'invalid',
] as const;

const INVALID_JSON = [
  '{',
  '{"a":',
  'nul',
  "{'a':1}",
  '[1,2',
  '{"a":1}}',
  'NaN',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1,}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  ' ',
  '',
  '\uFEFF{}',
  '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
] as const;

/** Invalid JSON, duplicate keys, wrong content types, no body. */
function rawPayload(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Payload | undefined> {
  return fc.oneof(
    fc.constantFrom(...INVALID_JSON).map((body) => ({ body, contentType: 'application/json' })),
    // Duplicate keys: the last one wins in JSON.parse, and must be validated like any other.
    fc.tuple(valid, fc.nat(), anyValue).map(([v, i, x]) => {
      const keys = Object.keys(v);
      const key = keys[i % Math.max(keys.length, 1)] ?? 'x';
      const inner = JSON.stringify(v).slice(1, -1);
      return { body: `{${inner}${inner ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(x) ?? 'null'}}`, contentType: 'application/json' };
    }),
    fc.tuple(valid, fc.constantFrom(...CONTENT_TYPES)).map(([v, contentType]) => ({ body: JSON.stringify(v), contentType })),
    fc.tuple(textish, fc.constantFrom(...CONTENT_TYPES)).map(([body, contentType]) => ({ body, contentType })),
    fc.uint8Array({ maxLength: 512 }).map((bytes) => ({ body: Buffer.from(bytes), contentType: 'application/json' })),
    fc.constant(undefined),
    fc.constant({ body: '' }),
  );
}

/** Bodies for a JSON route: valid ones, valid ones with one field mangled, extra or missing keys, other JSON, raw junk. */
function bodyArb(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Payload | undefined> {
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(json) },
    {
      weight: 4,
      arbitrary: fc.tuple(valid, fc.nat(), anyValue).map(([v, i, x]) => {
        const keys = Object.keys(v);
        if (!keys.length) return json(x);
        return json({ ...v, [keys[i % keys.length]!]: x });
      }),
    },
    { weight: 1, arbitrary: fc.tuple(valid, fc.oneof(fc.string(), hostileString), anyValue).map(([v, k, x]) => json({ ...v, [k]: x })) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat()).map(([v, i]) => {
        const keys = Object.keys(v);
        const copy = { ...v };
        if (keys.length) delete copy[keys[i % keys.length]!];
        return json(copy);
      }),
    },
    { weight: 2, arbitrary: anyValue.map(json) },
    { weight: 2, arbitrary: rawPayload(valid) },
  );
}

/** Percent-encoded as a browser would (a lone surrogate becomes U+FFFD first). */
export const enc = (s: string) => encodeURIComponent(Buffer.from(s).toString());

/** A path segment: a valid id, a random uuid, a malformed uuid or a hostile string. */
function segmentArb(valid: () => string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...valid()) },
    { weight: 2, arbitrary: uuid },
    {
      weight: 2,
      arbitrary: uuid.chain((u) =>
        fc.constantFrom(
          u.toUpperCase(),
          u.replaceAll('-', ''),
          `{${u}}`,
          `${u}x`,
          u.slice(0, 35),
          `%20${u}`,
          `${u}%00`,
          `urn:uuid:${u}`,
          '00000000-0000-0000-0000-000000000000',
          'ffffffff-ffff-ffff-ffff-ffffffffffff',
          'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
        ),
      ),
    },
    { weight: 3, arbitrary: textish.filter((s) => s.length < 5000).map(enc) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%FF%FE', '..', '.', '%2e%2e', 'a%2Fb', '%00', '%u0000', '', 'a;b', '-1', '0', '2147483648', '1e308') },
  );
}

type QueryValue = string | string[] | undefined;

/** A query string from fields (absent, one value, repeated), extra keys, or raw junk. */
function queryArb(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const entries = Object.entries(fields).map(([name, arb]) =>
    fc
      .oneof(
        { weight: 6, arbitrary: arb as fc.Arbitrary<QueryValue> },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.array(arb, { minLength: 2, maxLength: 3 }) },
      )
      .map((v) => [name, v] as const),
  );
  const structured = fc
    .tuple(fc.tuple(...entries), fc.option(fc.tuple(fc.oneof(fc.string({ maxLength: 8 }), hostileString), textish), { freq: 4 }))
    .map(([pairs, extra]) => {
      const q = new URLSearchParams();
      for (const [name, v] of pairs) {
        if (v === undefined) continue;
        for (const one of Array.isArray(v) ? v : [v]) q.append(name, one);
      }
      if (extra) q.append(extra[0], extra[1]);
      return q.toString();
    });
  const names = Object.keys(fields);
  const raw = fc.constantFrom(
    '%',
    '=%zz',
    ...names.flatMap((n) => [`${n}=%E0%A4%A`, `${n}[]=x`, `${n}[a]=b`, `${n}=`, `${n}`, `${n}=${'%41'.repeat(300)}`, `${n}=%00`]),
    '__proto__=x',
    'constructor[prototype][x]=1',
    '=&&=',
    '&&&',
    `a=${'b'.repeat(100_000)}`,
  );
  return fc.oneof({ weight: 5, arbitrary: structured }, { weight: 1, arbitrary: raw });
}

function whoArb(right: Who[]): fc.Arbitrary<Who> {
  const wrong = (['anon', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'] as const).filter((w) => !right.includes(w));
  return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...right) }, { weight: 2, arbitrary: fc.constantFrom(...wrong) });
}

function personOf(who: Who): Person | undefined {
  return who === 'anon' ? undefined : people[who];
}

function withSelf(text: string, who: Who): string {
  const email = personOf(who)?.email ?? 'nobody@example.com';
  return text.replaceAll(SELF, email).replaceAll(SELF_UPPER, email.toUpperCase()).replaceAll(SELF_SPACED, `  ${email} `);
}

export async function send(method: string, who: Who, req: Req) {
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (req.payload) {
    payload = typeof req.payload.body === 'string' ? withSelf(req.payload.body, who) : req.payload.body;
    if (req.payload.contentType !== undefined) headers['content-type'] = req.payload.contentType;
  }
  return as(t.app, personOf(who), {
    method: method as 'GET',
    url: withSelf(req.url, who),
    // Each call from an address of its own: the per-address sign-in and sign-up limits would
    // otherwise answer 429 to most of the generated sign-ins and sign-ups.
    remoteAddress: nextLoopbackAddress(),
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

// ---------------------------------------------------------------------------------------------
// The properties every answer must have
// ---------------------------------------------------------------------------------------------

const LEAKS = [
  /syntax error at or near/i,
  /violates (check|foreign key|unique|not-null) constraint/i,
  /invalid input syntax for/i,
  /invalid byte sequence/i,
  /relation "[^"]+" does not exist/i,
  /duplicate key value/i,
  /\bnode_modules\b/,
  /\/work\//,
  /\/apps\/server\//,
  /\n\s+at .+\(.+:\d+:\d+\)/,
  /"stack"\s*:/,
  /ECONNREFUSED|EADDRINUSE/,
];

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

export function describeRequest(method: string, who: Who, req: Req) {
  const body = req.payload?.body;
  const shown = body === undefined ? '' : typeof body === 'string' ? body.slice(0, 300) : `<${body.length} bytes>`;
  return `${method} ${req.url.slice(0, 300)} as ${who} [${req.payload?.contentType ?? 'no content-type'}] ${JSON.stringify(shown)}`;
}

export function checkAnswer(res: Answer, context: string, options: { cardShape?: boolean; googleUnavailable?: boolean } = {}) {
  const where = `${context}\n→ ${res.statusCode} ${res.body.slice(0, 500)}`;
  if (options.googleUnavailable && res.statusCode === 503 && /Google sign-in is not available/.test(res.body)) return;
  expect(res.statusCode, `no 5xx: ${where}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    for (const leak of LEAKS) expect(res.body, `leak ${leak}: ${where}`).not.toMatch(leak);
    expect(String(res.headers['content-type']), `JSON error: ${where}`).toMatch(/^application\/json/);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    if (options.cardShape && body.error && typeof body.error === 'object') {
      const error = body.error as Record<string, unknown>;
      expect(error.type, where).toMatch(/^(card_error|invalid_request_error)$/);
      expect(error.message, where).toEqual(expect.any(String));
      expectReadable(error.message as string, where);
      return;
    }
    expect(body.statusCode, `statusCode in the body: ${where}`).toBe(res.statusCode);
    expect(body.error, `error in the body: ${where}`).toEqual(expect.any(String));
    expect((body.error as string).length, where).toBeGreaterThan(0);
    expect(body.message, `message in the body: ${where}`).toEqual(expect.any(String));
    expectReadable(body.message as string, where);
    // A sentence for a person: never the validator's context prefix or a schema path.
    expect(body.message, `no "Invalid body:" or schema path: ${where}`).not.toMatch(/^Invalid (body|querystring|params|headers)\b|#\/|instancePath/);
    if (body.fields !== undefined) {
      expect(body.fields, `fields beside the message: ${where}`).toEqual(expect.any(Array));
      for (const f of body.fields as { field: unknown; message: unknown }[]) {
        expect(f.field, where).toEqual(expect.any(String));
        expectReadable(String(f.message), where);
      }
    }
  } else {
    // Answers that are not errors still never carry internals.
    expect(res.body, where).not.toMatch(/syntax error at or near|node_modules|"stack"\s*:/);
  }
}

function expectReadable(message: string, where: string) {
  expect(message.trim().length, `a message: ${where}`).toBeGreaterThan(3);
  expect(message, `words in the message: ${where}`).toMatch(/[A-Za-z]{2,}/);
  expect(message.length, `a short message: ${where}`).toBeLessThan(1000);
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** As the route table names it, for the test title. */
  route: string;
  who: fc.Arbitrary<Who>;
  request: fc.Arbitrary<Req>;
  numRuns?: number;
  cardShape?: boolean;
  googleUnavailable?: boolean;
}

/**
 * The answer's status is one the route's document lists; but a "." or ".." segment (segmentArb's
 * traversals) may make the address another path (`/api/products/./withdraw` is `/api/products/withdraw`):
 * then the answer may be that path's, documented with its operation, or not found (404) or another
 * method's (405) when it has none.
 */
export function expectDocumentedAnswer(doc: ApiDocument, c: Pick<RouteCase, 'method' | 'route'>, who: Who, req: Req, status: number) {
  const context = describeRequest(c.method, who, req);
  const asked = req.url.split('?')[0]!;
  if (!/(^|\/)\.{1,2}(\/|$)/.test(asked)) return expectDocumented(doc, c.method, c.route, status, context);
  // The router takes some such paths as they are (a "." id is the route's own 400), others as resolved.
  const own = doc.paths[documentedPath(doc, c.route) ?? '']?.[c.method.toLowerCase()]?.responses ?? {};
  if (String(status) in own) return;
  // The router ignores a trailing slash, as the URL's resolution leaves one after a last ".".
  const resolved = new URL(asked, 'http://fuzz.invalid').pathname.replace(/(.)\/$/, '$1');
  const found = documentedPath(doc, resolved);
  if (found && doc.paths[found]?.[c.method.toLowerCase()]) return expectDocumented(doc, c.method, resolved, status, context);
  expect([404, 405], `${context}: ${resolved} has no ${c.method}`).toContain(status);
}

async function fuzz(c: RouteCase) {
  const property = fc.asyncProperty(c.who, c.request, async (who, req) => {
    const res = await send(c.method, who, req);
    checkAnswer(res, describeRequest(c.method, who, req), c);
    expectDocumentedAnswer(t.app.swagger() as unknown as ApiDocument, c, who, req, res.statusCode);
  });
  await fc.assert(property, fuzzParameters(c.numRuns));
}

/** fast-check's report, with the 100 KB strings folded so that a failure stays readable. */
async function asyncReporter<T>(details: fc.RunDetails<T>) {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const report = `${fc.defaultReportMessage(details) ?? 'property failed'}\nCaused by: ${cause}`;
  throw new Error(report.replace(/(.)\1{40,}/gs, (run, ch: string) => `${ch}…(×${run.length})`));
}

/** An email in the development mailbox, with a calendar attached. */
let mailboxEmailId: string;
async function setUpMailbox() {
  const attachments = JSON.stringify([{ filename: 'invite.ics', contentType: 'text/calendar', content: Buffer.from('BEGIN:VCALENDAR').toString('base64') }]);
  const { rows } = await t.pool.query(`insert into dev_mailbox (from_address, to_address, subject, text_body, headers, attachments) values ('a@x.example', 'b@x.example', 'Hi', 'Hello', '{}', $1) returning id`, [attachments]);
  mailboxEmailId = rows[0].id;
}

/** The buyer's saved searches: one to edit, two to delete. */
const savedSearchIds: string[] = [];
async function setUpSavedSearches() {
  for (const name of ['Fuzz search', 'Fuzz search to delete', 'Another to delete']) {
    const res = await as(t.app, people.buyer, { method: 'POST', url: '/api/alerts', payload: { name, frequency: 'Daily', filters: { make: categoryId } } });
    expect(res.statusCode, res.body).toBe(201);
    savedSearchIds.push(res.json()._id);
  }
}

/** A ready file of the buyer's data. */
const dataExportIds: string[] = [];
async function setUpDataExport() {
  const { rows } = await t.pool.query(
    `insert into data_exports (user_id, state, body, ready_at, expires_at) values ($1, 'ready', '{}', now(), now() + interval '1 day') returning id`,
    [people.buyer.id],
  );
  dataExportIds.push(rows[0].id);
}

/** Reviews: a released sale of the seller's car to the buyer, and a shown review of the seller by the other buyer. */
let reviewSale: string;
let shownReviewId: string;
async function setUpReviews() {
  const sale = async (buyer: Person, name: string) => {
    const car = await insertCar(t, people.seller, categoryId, { name, paid: true });
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into payments (kind, product_id, buyer_id, seller_id, buyer_email, amount, transaction_id, state, released_at, released_by)
       values ('wishlist', $1, $2, $3, $4, 1000000, $5, 'released', now(), 'buyer') returning id`,
      [car, buyer.id, people.seller.id, buyer.email, `pi_fuzz_${name.replaceAll(' ', '_')}`],
    );
    return rows[0]!.id;
  };
  reviewSale = await sale(people.buyer, 'Reviewed fuzz car');
  const shown = await sale(people.otherBuyer, 'Fuzz car reviewed already');
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into reviews (payment_id, author_role, author_id, subject_id, rating, body, shown_at) values ($1, 'buyer', $2, $3, 4, 'Fine', now()) returning id`,
    [shown, people.otherBuyer.id, people.seller.id],
  );
  shownReviewId = rows[0]!.id;
}

const noBody = fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rawPayload(fc.constant({ a: 1 })) });

// ---------------------------------------------------------------------------------------------
// The routes
// ---------------------------------------------------------------------------------------------

const productIds = () => [productId, soldProductId, categoryId, bookingId];
const year = fc.oneof(fc.integer({ min: 1900, max: new Date().getFullYear() }).map(String), fc.constantFrom('1899', '3000', '20 19', ' 2019 ', '２０１９', '0000'));
const price = fc.oneof(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: 99999 }).map(String), fc.constantFrom(0, -1, 100_000_001, 1.5, 2 ** 31, '1e3', ' 42 ', ''));

/** A seller's listing as Add A Product and the edit send it: the specification's fields, a car's details and photos. */
function listingArb() {
  return fc.record({
    productName: orHostile(textish),
    categoryId: orHostile(fc.oneof(fc.constant(categoryId), uuid)),
    condition: orHostile(fc.constantFrom(...conditions, 'excellent', 'New')),
    description: orHostile(textish),
    originalPrice: orHostile(price),
    resalePrice: orHostile(price),
    yearsOfUse: orHostile(year),
    mobile: orHostile(textish),
    location: orHostile(fc.oneof(textish, fc.constantFrom('Austin, TX', 'st. louis,  missouri', 'Paris, France'))),
    zip: orHostile(fc.constantFrom('78701', ' 02108 ', '00000', '7870', 'Austin', '', null)),
    image: orHostile(fc.constantFrom(imageUrl, '/uploads/AAAAAAAAAAAAAAAAAAAA-800.webp', 'https://evil.example/x.png', imageUrl.replace('-800', '-9999'))),
    model: orHostile(textish),
    modelYear: orHostile(fc.oneof(year, fc.integer({ min: 1850, max: 2200 }))),
    mileage: orHostile(fc.oneof(price, fc.constant(0))),
    mileageUnit: orHostile(fc.constantFrom('km', 'mi', 'KM', 'miles', '')),
    fuel: orHostile(fc.constantFrom('Petrol', 'Diesel', 'Electric', 'petrol', 'Steam', '')),
    transmission: orHostile(fc.constantFrom('Automatic', 'Manual', 'CVT', '')),
    bodyType: orHostile(fc.constantFrom('Sedan', 'SUV', 'Pickup', 'suv', 'Tank', '')),
    colour: orHostile(textish),
    vin: orHostile(fc.constantFrom('1HGCM82633A004352', 'WVWZZZ1JZ3W386752', '1HGCM82643A004352', 'IOQ', '', ' 1hgcm82633a004352 ')),
    photos: orHostile(fc.array(fc.constantFrom(imageUrl, '/uploads/AAAAAAAAAAAAAAAAAAAA-800.webp', 'https://evil.example/x.png'), { maxLength: 21 })),
  });
}

export function routes(): RouteCase[] {
  const anyone: Who[] = ['anon', 'buyer', 'seller', 'admin'];
  const publicGet = (route: string): RouteCase => ({
    method: 'GET',
    route,
    who: fc.constantFrom(...anyone),
    request: fc.tuple(queryArb({ email: emailArb(), id: uuid }), noBody).map(([q, payload]) => ({ url: `${route}?${q}`, payload })),
  });
  const idRoute = (method: RouteCase['method'], route: string, right: Who[], ids: () => string[]): RouteCase => ({
    method,
    route,
    who: whoArb(right),
    request: fc.tuple(segmentArb(ids), queryArb({ x: textish }), noBody).map(([id, q, payload]) => ({ url: `${route.replace(':id', id)}?${q}`, payload })),
  });
  const emailQueryRoute = (method: RouteCase['method'], route: string, right: Who[]): RouteCase => ({
    method,
    route,
    who: whoArb(right),
    request: fc.tuple(queryArb({ email: emailArb() }), noBody).map(([q, payload]) => ({ url: `${route}?${q}`, payload })),
  });
  const jsonRoute = (route: string, right: Who[], valid: fc.Arbitrary<Record<string, unknown>>, extra: Partial<RouteCase> = {}): RouteCase => ({
    method: 'POST',
    route,
    who: whoArb(right),
    request: bodyArb(valid).map((payload) => ({ url: route, payload })),
    ...extra,
  });
  /** An admin's route about one seller (`/api/admin/sellers/{id}/…`): sellers, a buyer, an admin, and made-up ids. */
  const sellerRoute = (method: RouteCase['method'], what: string, payload: fc.Arbitrary<Payload | undefined>): RouteCase => ({
    method,
    route: `/api/admin/sellers/:id/${what}`,
    who: whoArb(['admin']),
    request: fc
      .tuple(
        fc.oneof(
          fc.constantFrom(people.seller.id, people.otherSeller.id, people.buyer.id, people.admin.id),
          fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'), minLength: 1, maxLength: 70 }),
          segmentArb(() => [productId]),
        ),
        payload,
      )
      .map(([id, body]) => ({ url: `/api/admin/sellers/${id}/${what}`, payload: body })),
  });
  const userLookup = (route: string): RouteCase => ({
    method: 'GET',
    route,
    who: fc.constantFrom<Who>('anon', 'buyer', 'seller', 'otherSeller', 'admin'),
    request: emailArb().map((e) => ({ url: route.replace(':email', enc(e)) })),
  });

  return [
    publicGet('/api/categories'),
    publicGet('/api/addProductCategories'),
    publicGet('/api/advertisement/products'),
    publicGet('/api/health'),
    publicGet('/api/site'),
    {
      method: 'GET',
      route: '/api/category/:id',
      who: whoArb(['buyer', 'seller', 'admin']),
      request: fc
        .tuple(
          segmentArb(() => [categoryId, productId]),
          queryArb({ cursor: cursorArb(), limit: fc.oneof(fc.integer({ min: -5, max: 60 }).map(String), textish, fc.constantFrom('1e1', '0x10', '12.0', ' 3 ', '1e308', 'NaN')) }),
        )
        .map(([id, q]) => ({ url: `/api/category/${id}?${q}` })),
      numRuns: RUNS * 2,
    },
    {
      method: 'GET',
      route: '/api/search',
      who: whoArb(anyone),
      request: searchQueryArb().map((q) => ({ url: `/api/search?${q}` })),
      numRuns: RUNS * 2,
    },
    {
      method: 'GET',
      route: '/api/places/zip/:zip',
      who: fc.constantFrom(...anyone),
      request: fc
        .oneof(fc.constantFrom('78701', '10001', '00000', '99999', '7870', '787011', 'abcde', '%20%2078701'), fc.string({ unit: fc.constantFrom(...'0123456789a-%'), minLength: 1, maxLength: 8 }))
        .map((zip) => ({ url: `/api/places/zip/${zip}` })),
    },
    {
      method: 'GET',
      route: '/api/places/nearest',
      who: fc.constantFrom(...anyone),
      request: queryArb({
        lat: fc.oneof(fc.double({ min: -100, max: 100, noNaN: true }).map(String), fc.constantFrom('30.27', '48.86', '-90', '90.0001', 'NaN', 'Infinity', '1e308', '', ' 30 '), textish),
        lon: fc.oneof(fc.double({ min: -200, max: 200, noNaN: true }).map(String), fc.constantFrom('-97.74', '2.35', '180', '-180.5', 'NaN', '0x10', ''), textish),
      }).map((q) => ({ url: `/api/places/nearest?${q}` })),
    },
    {
      method: 'GET',
      route: '/api/pricing/guide',
      who: whoArb(['seller']),
      request: priceGuideQueryArb().map((q) => ({ url: `/api/pricing/guide?${q}` })),
      numRuns: RUNS,
    },
    {
      method: 'GET',
      route: '/api/value',
      who: fc.constantFrom(...anyone),
      request: carValueQueryArb().map((q) => ({ url: `/api/value?${q}` })),
      numRuns: RUNS,
    },
    {
      method: 'POST',
      route: '/api/images',
      who: whoArb(['seller', 'otherSeller', 'admin']),
      request: imageUploadArb().map((payload) => ({ url: '/api/images', payload })),
    },
    jsonRoute('/api/addProducts', ['seller', 'otherSeller'], listingArb(), /* Forged server-set fields are refused by name. */ { numRuns: RUNS * 2 }),
    emailQueryRoute('GET', '/api/products', ['seller', 'otherSeller']),
    idRoute('PUT', '/api/product/:id', ['seller', 'otherSeller'], () => [productId, soldProductId, disposable[0]!]),
    idRoute('DELETE', '/api/products/:id', ['seller', 'otherSeller'], () => [soldProductId, disposable[0]!, disposable[1]!]),
    idRoute('GET', '/api/cars/:id', anyone, () => [productId, soldProductId, disposable[3]!, categoryId]),
    idRoute('GET', '/api/cars/:id/similar', anyone, () => [productId, soldProductId, disposable[3]!, categoryId]),
    ...(['', '/cars'] as const).map(
      (tail): RouteCase => ({
        method: 'GET',
        route: `/api/sellers/:id${tail}`,
        who: fc.constantFrom(...anyone),
        request: fc
          .tuple(
            fc.oneof(
              fc.constantFrom(people.seller.id, people.otherSeller.id, people.buyer.id, people.admin.id),
              fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'), minLength: 1, maxLength: 70 }),
              segmentArb(() => [productId]),
            ),
            queryArb({ after: cursorArb() }),
          )
          .map(([id, q]) => ({ url: `/api/sellers/${id}${tail}?${q}` })),
      }),
    ),
    {
      method: 'PUT',
      route: '/api/products/:id',
      who: whoArb(['seller', 'otherSeller']),
      request: fc
        .tuple(
          segmentArb(() => [disposable[4]!, soldProductId, productId]),
          bodyArb(listingArb()),
        )
        .map(([id, payload]) => ({ url: `/api/products/${id}`, payload })),
      numRuns: RUNS * 2,
    },
    idRoute('POST', '/api/products/:id/withdraw', ['seller', 'otherSeller'], () => [disposable[5]!, soldProductId]),
    idRoute('GET', '/api/products/:id/performance', ['seller', 'otherSeller'], () => [productId, soldProductId, categoryId]),
    { ...publicGet('/api/products/views'), who: whoArb(['seller', 'otherSeller']) },
    jsonRoute(
      '/api/bookings',
      ['buyer', 'otherBuyer'],
      fc.record(
        {
          productId: orHostile(fc.constantFrom(...productIds())),
          phone: orHostile(textish),
          location: orHostile(textish),
          name: orHostile(textish),
          email: orHostile(emailArb()),
          productName: orHostile(textish),
          price: orHostile(price),
          image: orHostile(textish),
          verified: orHostile(textish),
        },
        { requiredKeys: ['productId'] },
      ),
    ),
    emailQueryRoute('GET', '/api/orders', ['buyer', 'otherBuyer']),
    idRoute('GET', '/api/orders/:id', ['buyer', 'otherBuyer'], () => [bookingId, productId]),
    {
      method: 'PUT',
      route: '/api/wishlists',
      who: whoArb(['buyer', 'otherBuyer']),
      request: fc.tuple(queryArb({ id: segmentArb(productIds).map(decodeSafe), email: emailArb() }), noBody).map(([q, payload]) => ({ url: `/api/wishlists?${q}`, payload })),
    },
    emailQueryRoute('GET', '/api/wishlist-products', ['buyer', 'otherBuyer']),
    idRoute('GET', '/api/wishlist/:id', ['buyer', 'otherBuyer'], productIds),
    idRoute('DELETE', '/api/wishlists/:id', ['buyer', 'otherBuyer'], () => [disposable[2]!, soldProductId]),
    jsonRoute('/api/create-payment-intent', ['buyer', 'otherBuyer'], fc.record({ bookingId: orHostile(fc.constantFrom(bookingId, productId)), price: orHostile(price) }, { requiredKeys: ['bookingId'] })),
    jsonRoute(
      '/api/wishlist-create-payment-intent',
      ['buyer', 'otherBuyer'],
      fc.record({ productId: orHostile(fc.constantFrom(...productIds())), resalePrice: orHostile(price) }, { requiredKeys: ['productId'] }),
    ),
    jsonRoute(
      '/api/payments',
      ['buyer', 'otherBuyer'],
      fc.record(
        {
          transactionId: orHostile(transactionIdArb()),
          bookingId: orHostile(fc.constantFrom(bookingId, productId)),
          email: orHostile(emailArb()),
          price: orHostile(price),
          productId: orHostile(fc.constantFrom(productId)),
        },
        { requiredKeys: ['transactionId', 'bookingId', 'email'] },
      ),
    ),
    jsonRoute(
      '/api/wishlist-payments',
      ['buyer', 'otherBuyer'],
      fc.record(
        { transactionId: orHostile(transactionIdArb()), bookingId: orHostile(fc.constantFrom(...productIds())), wishlistEmail: orHostile(emailArb()), resalePrice: orHostile(price) },
        { requiredKeys: ['transactionId', 'bookingId', 'wishlistEmail'] },
      ),
    ),
    jsonRoute(
      '/api/test-processor/confirm',
      ['anon', 'buyer'],
      fc.record({
        // The real secret only with cards that are declined, so that the fixture order stays unpaid.
        clientSecret: orHostile(fc.oneof(fc.constant(`${clientSecret}x`), fc.constant(clientSecret), textish)),
        card: orHostile(
          fc.record({
            number: orHostile(fc.constantFrom('4000 0000 0000 0002', '4000000000009995', '4000 0000 0000 0069', '4000 0000 0000 0127', '1234', '4242 4242 4242 4241')),
            expMonth: orHostile(fc.integer({ min: -1, max: 100 })),
            expYear: orHostile(fc.integer({ min: -1, max: 10000 })),
            cvc: orHostile(fc.constantFrom('123', '1', '12345678901')),
          }),
        ),
        billingDetails: orHostile(fc.record({ name: orHostile(textish), email: orHostile(emailArb()) })),
      }),
      { cardShape: true },
    ),
    // Held money: a buyer's or seller's decision on a payment (the fixture's other rows, random
    // ids and junk in the path: 404 or 400, so the fixtures stay as they are), the admin's cases
    // and the seller's payouts, and the test processor's onboarding of a payout account.
    paymentDecision('received', ['buyer', 'otherBuyer'], fc.record({ x: textish }, { requiredKeys: [] })),
    paymentDecision('cancel-sale', ['seller', 'otherSeller'], fc.record({ reason: orHostile(textish) }, { requiredKeys: ['reason'] })),
    paymentDecision(
      'problem',
      ['buyer', 'otherBuyer'],
      fc.record({ reason: orHostile(fc.constantFrom('not_as_described', 'other', 'OTHER', 'broken', '')), details: orHostile(textish) }, { requiredKeys: ['reason', 'details'] }),
    ),
    { ...publicGet('/api/disputes'), who: whoArb(['admin']) },
    idRoute('GET', '/api/disputes/:id', ['admin'], () => [productId, bookingId]),
    {
      method: 'POST',
      route: '/api/disputes/:id/decision',
      who: whoArb(['admin']),
      request: fc
        .tuple(
          segmentArb(() => [productId, bookingId]),
          bodyArb(fc.record({ decision: orHostile(fc.constantFrom('refund', 'release', 'REFUND', '')), note: orHostile(textish) }, { requiredKeys: ['decision', 'note'] })),
        )
        .map(([id, payload]) => ({ url: `/api/disputes/${id}/decision`, payload })),
    },
    publicGet('/api/payouts/fee'),
    { ...publicGet('/api/payouts'), who: whoArb(['seller', 'otherSeller']) },
    jsonRoute('/api/payouts/account', ['seller', 'otherSeller'], fc.record({ x: textish }, { requiredKeys: [] })),
    testAccountRoute('GET', '', fc.constant({})),
    testAccountRoute(
      'POST',
      '/onboard',
      fc.record(
        {
          holderName: orHostile(textish),
          routingNumber: orHostile(fc.constantFrom('110000000', '11000000', '1100000000', 'abcdefghi', '')),
          accountNumber: orHostile(fc.constantFrom('000123456789', '000999999991', '123', '1'.repeat(18), '')),
        },
        { requiredKeys: ['holderName', 'routingNumber', 'accountNumber'] },
      ),
    ),
    jsonRoute(
      '/api/users',
      ['buyer', 'seller', 'admin'],
      fc.record(
        { name: orHostile(textish), email: orHostile(emailArb()), photo: orHostile(textish), role: orHostile(fc.constantFrom('Buyer', 'Seller', 'Admin', 'admin')) },
        { requiredKeys: ['name', 'email', 'role'] },
      ),
    ),
    userLookup('/api/users/admin/:email'),
    userLookup('/api/users/seller/:email'),
    userLookup('/api/users/buyer/:email'),
    { ...publicGet('/api/users/allseller'), who: whoArb(['admin']) },
    { ...publicGet('/api/users/allbuyer'), who: whoArb(['admin']) },
    {
      method: 'PUT',
      route: '/api/seller/verify',
      who: whoArb(['admin']),
      request: fc
        .tuple(
          queryArb({
            id: fc.oneof(fc.constantFrom(people.otherSeller.id, people.seller.id, people.buyer.id), fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'), maxLength: 70 }), textish),
            email: fc.oneof(fc.constantFrom(people.otherSeller.email, people.seller.email.toUpperCase(), ` ${people.otherSeller.email} `), emailArb()),
          }),
          noBody,
        )
        .map(([q, payload]) => ({ url: `/api/seller/verify?${q}`, payload })),
    },
    {
      method: 'DELETE',
      route: '/api/users/:id',
      who: whoArb(['admin']),
      request: fc
        .tuple(
          fc.oneof(
            fc.constantFrom(people.victim.id, people.admin.id),
            fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'), minLength: 1, maxLength: 70 }),
            segmentArb(() => [productId]),
          ),
          noBody,
        )
        .map(([id, payload]) => ({ url: `/api/users/${id}`, payload })),
    },
    jsonRoute(
      '/api/reports',
      ['buyer', 'otherBuyer'],
      fc.record(
        { productId: orHostile(fc.constantFrom(...productIds())), reason: orHostile(fc.constantFrom(...reportReasons, 'other', 'Spam')), note: orHostile(textish) },
        { requiredKeys: ['productId', 'reason'] },
      ),
    ),
    { ...publicGet('/api/reports'), who: whoArb(['admin']) },
    idRoute('DELETE', '/api/reports/:id', ['admin'], () => [productId, disposable[3]!]),
    {
      method: 'DELETE',
      route: '/api/reported-products/:id',
      who: whoArb(['admin']),
      request: fc
        .tuple(segmentArb(() => [soldProductId, disposable[4]!, disposable[5]!]), fc.oneof(noBody, bodyArb(fc.record({ reason: orHostile(textish) }))))
        .map(([id, payload]) => ({ url: `/api/reported-products/${id}`, payload })),
    },
    sellerRoute('GET', 'evidence', noBody),
    sellerRoute('PUT', 'verification', bodyArb(fc.record({ note: orHostile(textish) }, { requiredKeys: ['note'] }))),
    sellerRoute('DELETE', 'verification', bodyArb(fc.record({ note: orHostile(textish) }, { requiredKeys: ['note'] }))),
    { ...publicGet('/api/admin/categories'), who: whoArb(['admin']) },
    jsonRoute('/api/categories', ['admin'], categoryFields({ requiredKeys: ['name', 'details', 'image'] })),
    {
      method: 'PUT',
      route: '/api/categories/:id',
      who: whoArb(['admin']),
      request: fc
        .tuple(segmentArb(() => [editableCategoryId, emptyCategoryId]), bodyArb(categoryFields({ requiredKeys: [] })))
        .map(([id, payload]) => ({ url: `/api/categories/${id}`, payload })),
    },
    // The category with cars is refused (409); the empty one goes on the first try.
    idRoute('DELETE', '/api/categories/:id', ['admin'], () => [categoryId, emptyCategoryId]),
    // Booking requests: the seller's list, the answers, the calendar file.
    { ...publicGet('/api/bookings/requests'), who: whoArb(['seller', 'otherSeller']) },
    bookingAnswer('accept', ['seller', 'otherSeller'], fc.record({ meetingTime: orHostile(meetingTimeArb()), seenStatus: orHostile(seenStatusArb) }, { requiredKeys: ['meetingTime'] })),
    bookingAnswer('decline', ['seller', 'otherSeller'], fc.record({ reason: orHostile(textish), seenStatus: orHostile(seenStatusArb) }, { requiredKeys: [] })),
    bookingAnswer('propose', ['seller', 'otherSeller'], fc.record({ time: orHostile(meetingTimeArb()) })),
    bookingAnswer('accept-proposal', ['buyer', 'otherBuyer'], fc.record({ seenStatus: orHostile(seenStatusArb) }, { requiredKeys: [] })),
    bookingAnswer('cancel', ['buyer', 'otherBuyer'], fc.record({ seenStatus: orHostile(seenStatusArb) }, { requiredKeys: [] })),
    idRoute('GET', '/api/bookings/:id/calendar.ics', ['buyer', 'otherBuyer', 'seller', 'otherSeller'], () => [requestBookingId, bookingId, productId]),
    // Signed-in people of every role; the query (absent, an email, an id, junk) names nobody and is refused.
    { ...publicGet('/api/dashboard/summary'), who: whoArb(['buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin']) },
    { ...publicGet('/api/two-factor'), who: whoArb(['buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin']) },
    jsonRoute(
      '/api/conversations',
      ['buyer', 'otherBuyer'],
      fc.record({ productId: orHostile(fc.constantFrom(...productIds())), text: orHostile(textish) }, { requiredKeys: ['productId', 'text'] }),
    ),
    { ...publicGet('/api/conversations'), who: whoArb(['buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin']) },
    { ...publicGet('/api/conversations/unread'), who: whoArb(['buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin']) },
    {
      method: 'GET',
      route: '/api/conversations/:id/messages',
      who: whoArb(['buyer', 'seller']),
      request: fc
        .tuple(segmentArb(() => [conversationId, productId]), queryArb({ after: fc.oneof(fc.nat().map(String), textish) }), noBody)
        .map(([id, q, payload]) => ({ url: `/api/conversations/${id}/messages?${q}`, payload })),
    },
    {
      method: 'POST',
      route: '/api/conversations/:id/messages',
      who: whoArb(['buyer', 'seller']),
      request: fc
        .tuple(segmentArb(() => [conversationId, productId]), bodyArb(fc.record({ text: orHostile(textish) })))
        .map(([id, payload]) => ({ url: `/api/conversations/${id}/messages`, payload })),
    },
    idRoute('POST', '/api/conversations/:id/read', ['buyer', 'seller'], () => [conversationId, productId]),
    { ...publicGet('/api/admin/flagged-messages'), who: whoArb(['admin']) },
    // Never with Accept: text/event-stream, which would open a stream that does not end: the guard,
    // the headers' validation and the 406 to other clients are fuzzed here, the stream in live.test.ts.
    { ...publicGet('/api/live'), who: whoArb(['buyer', 'seller', 'admin']) },
    // The bell and the unsubscribe link (the real token is the other buyer's: their emails stop, nothing else).
    { ...publicGet('/api/notifications'), who: whoArb(['buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin']) },
    jsonRoute(
      '/api/notifications/read',
      ['buyer', 'seller', 'admin'],
      fc.oneof(fc.record({ ids: orHostile(fc.array(orHostile(uuid), { maxLength: 3 })) }), fc.record({ all: orHostile(fc.constant(true)) })),
    ),
    jsonRoute('/api/email/unsubscribe', ['anon', 'buyer'], fc.record({ token: orHostile(fc.oneof(fc.constant(unsubscribeToken(t.secret, people.otherBuyer.id)), textish)) })),
    // The development mailbox (not in production), open to anyone.
    publicGet('/api/dev/mailbox'),
    idRoute('GET', '/api/dev/mailbox/:id', anyone, () => [mailboxEmailId]),
    {
      method: 'GET',
      route: '/api/dev/mailbox/:id/attachments/:n',
      who: fc.constantFrom(...anyone),
      request: fc
        .tuple(segmentArb(() => [mailboxEmailId]), fc.oneof(fc.constantFrom('0', '1', '99', '100', '-1', '1.5', '1e1'), textish.map(enc)))
        .map(([id, n]) => ({ url: `/api/dev/mailbox/${id}/attachments/${n}` })),
    },
    // Saved searches: the filters are the search's own query string, with its page fields refused.
    { ...publicGet('/api/alerts'), who: whoArb(['buyer', 'otherBuyer', 'seller', 'admin']) },
    jsonRoute('/api/alerts', ['buyer', 'seller'], savedSearchArb({ requiredKeys: ['name', 'frequency', 'filters'] })),
    {
      method: 'PATCH',
      route: '/api/alerts/:id',
      who: whoArb(['buyer', 'otherBuyer']),
      request: fc
        .tuple(segmentArb(() => [savedSearchIds[0]!, productId]), bodyArb(savedSearchArb({ requiredKeys: [] })))
        .map(([id, payload]) => ({ url: `/api/alerts/${id}`, payload })),
    },
    idRoute('DELETE', '/api/alerts/:id', ['buyer', 'otherBuyer'], () => savedSearchIds.slice(1)),
    // Reviews: a released sale to review, a shown review to answer, report and hide, other ids and junk.
    { ...publicGet('/api/reviews/mine'), who: whoArb(['buyer', 'otherBuyer', 'seller', 'otherSeller']) },
    {
      method: 'POST',
      route: '/api/payments/:paymentId/review',
      who: whoArb(['buyer', 'seller']),
      request: fc
        .tuple(
          segmentArb(() => [reviewSale, productId]),
          bodyArb(fc.record({ rating: orHostile(fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom(4.5, '5', -1, 2 ** 31))), text: orHostile(textish) })),
        )
        .map(([id, payload]) => ({ url: `/api/payments/${id}/review`, payload })),
    },
    {
      method: 'GET',
      route: '/api/users/:id/reviews',
      who: fc.constantFrom(...anyone),
      request: fc
        .tuple(
          fc.oneof(fc.constantFrom(people.seller.id, people.buyer.id), fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'), minLength: 1, maxLength: 70 }), segmentArb(() => [productId])),
          noBody,
        )
        .map(([id, payload]) => ({ url: `/api/users/${id}/reviews`, payload })),
    },
    ...(['reply', 'report'] as const).map(
      (action): RouteCase => ({
        method: 'POST',
        route: `/api/reviews/:id/${action}`,
        who: whoArb(action === 'reply' ? ['seller', 'buyer'] : ['buyer', 'otherBuyer', 'seller', 'admin']),
        request: fc
          .tuple(segmentArb(() => [shownReviewId, productId]), bodyArb(action === 'reply' ? fc.record({ text: orHostile(textish) }) : fc.record({ reason: orHostile(textish) })))
          .map(([id, payload]) => ({ url: `/api/reviews/${id}/${action}`, payload })),
      }),
    ),
    { ...publicGet('/api/admin/reviews'), who: whoArb(['admin']) },
    {
      method: 'POST',
      route: '/api/admin/reviews/:id/hide',
      who: whoArb(['admin']),
      request: fc
        .tuple(segmentArb(() => [shownReviewId, productId]), bodyArb(fc.record({ note: orHostile(textish) })))
        .map(([id, payload]) => ({ url: `/api/admin/reviews/${id}/hide`, payload })),
    },
    // Leaving: never the right password (the people stay); wrong ones run into the limit, a 429.
    {
      method: 'DELETE',
      route: '/api/account',
      who: whoArb(['buyer', 'seller']),
      request: bodyArb(fc.record({ password: orHostile(fc.oneof(fc.string({ maxLength: 130 }), textish)) }, { requiredKeys: [] })).map((payload) => ({ url: '/api/account', payload })),
    },
    jsonRoute('/api/account/exports', ['buyer', 'seller', 'admin'], fc.constant({})),
    { ...publicGet('/api/account/exports'), who: whoArb(['buyer', 'otherBuyer', 'seller', 'admin']) },
    idRoute('GET', '/api/account/exports/:id/file', ['buyer', 'otherBuyer'], () => dataExportIds),
    // Settings: the caller's own profile, photo, email and devices.
    { ...publicGet('/api/me/profile'), who: whoArb(['buyer', 'otherBuyer', 'seller', 'admin']) },
    {
      method: 'PATCH',
      route: '/api/me/profile',
      who: whoArb(['otherBuyer']),
      request: bodyArb(
        fc.record(
          {
            name: orHostile(textish),
            image: orHostile(fc.oneof(fc.webUrl(), fc.constant(null), fc.constantFrom('javascript:alert(1)', `https://x.example/${HUGE}`))),
            phone: orHostile(fc.oneof(fc.constantFrom('+44 20 7946 0958', '(555) 010-0199', '12', null), textish)),
            timeZone: orHostile(fc.oneof(fc.constantFrom('Europe/Paris', 'America/New_York', 'UTC', 'Asia/Calcutta', 'Mars/Olympus', '+01:00', 'EST', null), textish)),
            distanceUnit: orHostile(fc.constantFrom('mi', 'km', null, 'KM', 'miles', '')),
            nearZip: orHostile(fc.constantFrom('78701', ' 10001 ', '00000', '7870', 'Austin', '', null)),
            searchRadius: orHostile(fc.constantFrom(10, 50, 250, 30, -1, 2.5, '50', null)),
          },
          { requiredKeys: [] },
        ),
      ).map((payload) => ({ url: '/api/me/profile', payload })),
    },
    {
      method: 'POST',
      route: '/api/me/photo',
      who: whoArb(['buyer', 'otherBuyer', 'seller', 'admin']),
      request: imageUploadArb().map((payload) => ({ url: '/api/me/photo', payload })),
    },
    {
      method: 'POST',
      route: '/api/signup/photo',
      who: fc.constantFrom(...anyone),
      request: imageUploadArb().map((payload) => ({ url: '/api/signup/photo', payload })),
    },
    jsonRoute(
      '/api/me/email',
      ['otherBuyer'],
      fc.record({ newEmail: orHostile(fc.oneof(fc.emailAddress(), fc.constant(people.buyer.email), oddEmail, textish)) }, { requiredKeys: ['newEmail'] }),
    ),
    { ...publicGet('/api/me/sessions'), who: whoArb(['buyer', 'otherBuyer', 'seller', 'admin']) },
    idRoute('DELETE', '/api/me/sessions/:id', ['otherBuyer'], () => ['not-a-session-of-anyone']),
    jsonRoute('/api/me/sessions/sign-out-others', ['otherBuyer'], fc.record({})),
    // Authentication (better-auth behind /api/auth).
    jsonRoute(
      '/api/auth/sign-up/email',
      ['anon'],
      fc.record(
        {
          name: orHostile(textish),
          email: orHostile(fc.oneof(fc.emailAddress(), fc.constant(people.buyer.email), oddEmail, textish)),
          password: orHostile(fc.oneof(fc.string({ minLength: 6, maxLength: 20 }), textish)),
          role: orHostile(fc.constantFrom('Buyer', 'Seller', 'Admin', 'admin', 'buyer')),
          image: orHostile(fc.oneof(fc.webUrl(), fc.constantFrom('javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', `https://x.example/${HUGE}`), textish)),
        },
        { requiredKeys: ['name', 'email', 'password', 'role'] },
      ),
    ),
    jsonRoute(
      '/api/auth/sign-in/email',
      ['anon', 'buyer'],
      fc.record(
        {
          email: orHostile(fc.oneof(fc.emailAddress(), fc.constant('fuzz-nobody@example.com'), oddEmail, textish)),
          password: orHostile(textish),
          rememberMe: orHostile(fc.boolean()),
          callbackURL: orHostile(fc.constantFrom('/', 'https://evil.example/', 'javascript:alert(1)', '//evil.example')),
        },
        { requiredKeys: ['email', 'password'] },
      ),
    ),
    jsonRoute(
      '/api/auth/sign-in/social',
      ['anon'],
      fc.record({ provider: orHostile(fc.constantFrom('google', 'github', 'GOOGLE', '')), callbackURL: orHostile(fc.constantFrom('/', 'https://evil.example/', 'javascript:alert(1)')) }, { requiredKeys: ['provider'] }),
      { googleUnavailable: true },
    ),
    { ...publicGet('/api/auth/get-session'), who: fc.constantFrom<Who>('anon', 'buyer', 'seller') },
    jsonRoute(
      '/api/auth/request-password-reset',
      ['anon', 'buyer'],
      fc.record(
        {
          email: orHostile(fc.oneof(fc.emailAddress(), fc.constant(people.buyer.email), oddEmail, textish)),
          redirectTo: orHostile(fc.constantFrom('/', '/reset-password', 'https://evil.example/', 'javascript:alert(1)', '//evil.example')),
        },
        { requiredKeys: ['email'] },
      ),
    ),
    jsonRoute(
      '/api/auth/reset-password',
      ['anon', 'buyer'],
      fc.record(
        { token: orHostile(fc.oneof(fc.string({ minLength: 24, maxLength: 24 }), textish)), newPassword: orHostile(fc.oneof(fc.string({ minLength: 6, maxLength: 20 }), textish)) },
        { requiredKeys: ['newPassword'] },
      ),
    ),
    // A new confirmation link (signed out, each answer waits half a second on purpose: fewer runs).
    jsonRoute(
      '/api/auth/send-verification-email',
      ['anon', 'buyer'],
      fc.record(
        {
          email: orHostile(fc.oneof(fc.emailAddress(), fc.constant(people.buyer.email), oddEmail, textish)),
          callbackURL: orHostile(fc.constantFrom('/', 'https://evil.example/', 'javascript:alert(1)')),
        },
        { requiredKeys: ['email'] },
      ),
      { numRuns: 30 },
    ),
    // Two-factor sign-in: wrong passwords and codes (no person's password is guessed), hostile values.
    ...['/api/auth/two-factor/enable', '/api/auth/two-factor/disable', '/api/auth/two-factor/generate-backup-codes'].map((route) =>
      jsonRoute(route, ['anon', 'buyer', 'admin'], fc.record({ password: orHostile(textish), method: orHostile(fc.constantFrom('totp', 'otp', 'sms')) }, { requiredKeys: ['password'] }), { numRuns: 30 }),
    ),
    ...['/api/auth/two-factor/verify-totp', '/api/auth/two-factor/verify-backup-code'].map((route) =>
      jsonRoute(
        route,
        ['anon', 'buyer', 'admin'],
        fc.record({ code: orHostile(fc.oneof(fc.stringMatching(/^\d{6}$/), textish)), trustDevice: orHostile(fc.boolean()) }, { requiredKeys: ['code'] }),
        { numRuns: 30 },
      ),
    ),
    // The confirmation link: made-up tokens, and callbacks to other sites (refused, never followed).
    {
      method: 'GET',
      route: '/api/auth/verify-email',
      who: fc.constantFrom<Who>('anon', 'buyer'),
      request: queryArb({
        token: fc.oneof(textish, fc.constantFrom('eyJhbGciOiJIUzI1NiJ9.e30.AAAA', 'a.b.c', '')),
        callbackURL: fc.oneof(textish, fc.constantFrom('/confirm-email', 'https://evil.example/', 'javascript:alert(1)', '//evil.example')),
      }).map((q) => ({ url: `/api/auth/verify-email?${q}` })),
    },
  ];
}

/** A decision on a held payment `POST /api/payments/:paymentId/<action>`: ids of other rows, random ids and junk, with a body. */
function paymentDecision(action: string, right: Who[], valid: fc.Arbitrary<Record<string, unknown>>): RouteCase {
  return {
    method: 'POST',
    route: `/api/payments/:paymentId/${action}`,
    who: whoArb(right),
    request: fc
      .tuple(segmentArb(() => [bookingId, productId]), bodyArb(valid))
      .map(([id, payload]) => ({ url: `/api/payments/${id}/${action}`, payload })),
  };
}

/** The test processor's payout account pages `…/accounts/:accountId<rest>`: account ids of nobody here, and junk. */
function testAccountRoute(method: 'GET' | 'POST', rest: string, valid: fc.Arbitrary<Record<string, unknown>>): RouteCase {
  const accountId = fc.oneof(fc.constantFrom('acct_nobodys0000000000', 'acct_', 'ACCT_x', 'acct_a%2Fb'), segmentArb(() => ['acct_nobodys0000000000']));
  return {
    method,
    route: `/api/test-processor/accounts/:accountId${rest}`,
    who: whoArb(['seller', 'otherSeller']),
    request: fc
      .tuple(accountId, method === 'POST' ? bodyArb(valid) : noBody)
      .map(([id, payload]) => ({ url: `/api/test-processor/accounts/${id}${rest}`, payload })),
  };
}

/** A booking answer `POST /api/bookings/:id/<action>`: the fixture bookings, other ids and junk, with a body. */
function bookingAnswer(action: string, right: Who[], valid: fc.Arbitrary<Record<string, unknown>>): RouteCase {
  return {
    method: 'POST',
    route: `/api/bookings/:id/${action}`,
    who: whoArb(right),
    request: fc
      .tuple(segmentArb(() => [requestBookingId, bookingId, productId]), bodyArb(valid))
      .map(([id, payload]) => ({ url: `/api/bookings/${id}/${action}`, payload })),
  };
}

const seenStatusArb = fc.constantFrom('pending', 'confirmed', 'declined', 'PENDING', '');

/** Meeting times: near ones both sides of now, far ones, and the odd dates a person or a script may send. */
function meetingTimeArb(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.integer({ min: -48, max: 24 * 400 }).map((h) => new Date(Date.now() + h * 3_600_000).toISOString()),
    fc.integer({ min: 2, max: 24 * 300 }).map((h) => new Date(Date.now() + h * 3_600_000).toISOString().replace('Z', '+14:00')),
    fc.constantFrom('2031-01-01T10:00', '2031-02-30T10:00:00Z', '2031-01-01T25:00:00Z', '+275760-09-13T00:00:00.000Z', 'tomorrow', '2031-01-01', ''),
  );
}

/** A category's fields: hostile text, the admin's own picture, a seller's picture, one from elsewhere. */
function categoryFields(options: { requiredKeys: ('name' | 'details' | 'image')[] }) {
  return fc.record(
    {
      name: orHostile(fc.oneof(textish, fc.constantFrom('Fuzz Motors', 'FUZZ MOTORS', ' fuzz motors '))),
      details: orHostile(textish),
      image: orHostile(fc.constantFrom(adminImageUrl, imageUrl, 'https://evil.example/x.png', adminImageUrl.replace(/-\d+\.webp$/, '-9999.webp'))),
    },
    options,
  );
}

function decodeSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function transactionIdArb(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: fc.constantFrom(...'abcXYZ0189'), minLength: 1, maxLength: 24 }).map((s) => `pi_${s}`),
    fc.constantFrom('pi_', 'pi_x_secret_y', `pi_${'a'.repeat(300)}`, 'PI_abc', 'ch_123'),
    textish,
  );
}

/** A whole number in a query string, or what an attacker sends instead. */
const queryNumber = fc.oneof(fc.integer({ min: -5, max: 3_000_000 }).map(String), textish, fc.constantFrom('1e3', '0x10', '12.0', ' 3 ', '', '99999999999', 'NaN'));

/** A search's query string: each filter valid, near-valid or hostile, and its own cursors. */
function searchQueryArb(): fc.Arbitrary<string> {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value) ?? '').toString('base64url');
  const sortKey = fc.oneof(
    fc.integer().map(String),
    fc.double().map(String),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.constantFrom('NaN', 'Infinity', '-Infinity', 'infinity', '1e308', '99999999999', '2020-02-30T00:00:00Z', '-092780-03-24T19:59:30.203Z', ''),
    anyValue,
  );
  const cursor = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...searchSorts, 'Newest'), sortKey, fc.oneof(uuid, fc.constant(productId))).map(b64) },
    { weight: 1, arbitrary: cursorArb() },
  );
  return queryArb({
    keyword: fc.oneof(textish, fc.constantFrom('Volkswagon', 'camry hybird', '%', '_', '\\', "o'brien", 'a'.repeat(101))),
    make: fc.oneof(fc.constant(categoryId), uuid, textish),
    model: textish,
    minPrice: queryNumber,
    maxPrice: queryNumber,
    minYear: queryNumber,
    maxYear: queryNumber,
    maxMileage: queryNumber,
    mileageUnit: fc.constantFrom('km', 'mi', 'KM', 'furlongs', ''),
    fuel: fc.constantFrom(...fuels, 'petrol', 'Steam', ''),
    transmission: fc.constantFrom(...transmissions, 'CVT'),
    bodyType: fc.constantFrom(...bodyTypes, 'suv', 'Tank'),
    condition: fc.constantFrom(...conditions, 'New'),
    location: textish,
    verified: fc.constantFrom('true', 'false', '1', ''),
    goodPrice: fc.constantFrom('true', 'false', '1', ''),
    near: fc.oneof(fc.constantFrom('78701', '78664', '12345', '00000', '7870', ' 78701 ', ''), textish),
    distance: fc.oneof(fc.constantFrom('10', '25', '50', '100', '250', '30', '-25', '25.0', '1e2', ''), textish),
    distanceUnit: fc.constantFrom('km', 'mi', 'MI', 'furlongs', ''),
    bounds: fc.oneof(fc.constantFrom('30,-98,31,-97', '30.1,-97.9,30.6,-97.5', '31,-97,30,-98', '-91,0,0,1', '0,0,0,0', '1,2,3', '1e1,2,3,4', 'NaN,0,1,1', ''), textish),
    sort: fc.constantFrom(...searchSorts, 'relevance', ''),
    after: cursor,
    limit: queryNumber,
  });
}

/** A price guide's query string: a car described validly, near-validly or with hostile values. */
/** A car as described to the estimator: the sellers' guide's and What's my car worth?'s common fields. */
function describedCarFields(): Record<string, fc.Arbitrary<string>> {
  return {
    make: fc.oneof(fc.constant(categoryId), uuid, textish),
    model: fc.oneof(fc.constantFrom('Corolla', 'civic', ''), textish),
    modelYear: fc.oneof(fc.integer({ min: 1890, max: 2110 }).map(String), queryNumber),
    mileage: queryNumber,
    mileageUnit: fc.constantFrom('km', 'mi', 'KM', 'furlongs', ''),
    condition: fc.constantFrom(...conditions, 'New', ''),
  };
}

function priceGuideQueryArb(): fc.Arbitrary<string> {
  return queryArb({ ...describedCarFields(), price: queryNumber, car: fc.oneof(fc.constant(productId), uuid, textish) });
}

/** What's my car worth?'s question: a car described, and a ZIP code (known, unknown, malformed). */
function carValueQueryArb(): fc.Arbitrary<string> {
  return queryArb({ ...describedCarFields(), zip: fc.oneof(fc.constantFrom('78701', '10001', '00000', '7870', ' 78701', ''), textish) });
}

/** A saved search's fields (the name, how often, paused, the search's filters), each valid, near-valid or hostile. */
function savedSearchArb({ requiredKeys }: { requiredKeys: ('name' | 'frequency' | 'filters')[] }) {
  return fc.record(
    {
      name: orHostile(fc.oneof(textish, fc.constantFrom('Family estate', ' ', 'x'.repeat(61)))),
      frequency: orHostile(fc.constantFrom(...alertFrequencies, 'Hourly', 'daily')),
      paused: orHostile(fc.boolean()),
      filters: orHostile(searchQueryArb().map((q) => Object.fromEntries(new URLSearchParams(q)))),
    },
    { requiredKeys },
  );
}

/** Cursors: real-looking ones over odd dates and ids, base64 junk and plain junk. */
function cursorArb(): fc.Arbitrary<string> {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value) ?? '').toString('base64url');
  const dates = fc.oneof(
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.date({ noInvalidDate: true }).map((d) => d.toString()),
    fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
    fc.constantFrom(
      '2024-01-02 03:04:05.123456+00',
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '2020',
      '1',
      'Jan 1 2020',
      'Tue Mar 01 2022 00:00:00 GMT+0000 (Coordinated Universal Time)',
      '2020-02-30',
      '2020-13-01',
      '0000-01-01',
      '99999-01-01',
      'infinity',
      'epoch',
      '12/31/1969 23:59:59',
      '-092780-03-24T19:59:30.203Z',
      '2020-02-30T00:00:00Z',
      '2020-01-01T25:00:00Z',
    ),
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(dates, fc.oneof(uuid, fc.constant(productId))).map(([d, id]) => b64([d, id])) },
    { weight: 1, arbitrary: fc.tuple(anyValue, anyValue).map(([a, b]) => b64([a, b])) },
    { weight: 1, arbitrary: anyValue.map(b64) },
    { weight: 1, arbitrary: fc.constant(b64(['2024-01-02T03:04:05.000Z', productId]).toUpperCase()) },
    { weight: 1, arbitrary: textish },
  );
}

function imageUploadArb(): fc.Arbitrary<Payload | undefined> {
  const magic = fc.constantFrom(
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('RIFF\0\0\0\0WEBPVP8 '),
    Buffer.from('\0\0\0\x1cftypavif'),
    Buffer.from('GIF89a'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">'),
    Buffer.alloc(0),
  );
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 4096 }).map((b) => Buffer.from(b)),
    fc.tuple(magic, fc.uint8Array({ maxLength: 2048 })).map(([m, b]) => Buffer.concat([m, Buffer.from(b)])),
    fc.nat({ max: 200 }).map((cut) => validPng.subarray(0, validPng.length - cut)),
    fc.constant(validPng),
  );
  const multipart = fc
    .record({
      field: fc.constantFrom('image', 'image', 'image', 'file', 'IMAGE', ''),
      filename: fc.oneof(fc.constantFrom('car.jpg', 'car.png', '../../etc/passwd', '"; name="image', 'x.php', '<script>.jpg', '🚗.jpg'), textish.filter((s) => s.length < 2000)),
      type: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'text/html', 'application/octet-stream', ''),
      bytes,
    })
    .map(({ field, filename, type, bytes: b }): Payload => {
      const { payload, headers } = multipartFile(field, filename, type, b);
      return { body: payload, contentType: headers['content-type'] };
    });
  const malformed = fc.constantFrom<Payload>(
    { body: 'garbage', contentType: 'multipart/form-data; boundary=abc' },
    { body: '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nxx', contentType: 'multipart/form-data; boundary=abc' },
    { body: '--abc\r\n\r\n--abc--\r\n', contentType: 'multipart/form-data; boundary=abc' },
    { body: '--abc--\r\n', contentType: 'multipart/form-data; boundary=abc' },
    { body: '--abc\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--abc--\r\n', contentType: 'multipart/form-data; boundary=abc' },
    { body: 'x', contentType: 'multipart/form-data' },
    { body: 'x', contentType: `multipart/form-data; boundary=${'b'.repeat(200)}` },
  );
  return fc.oneof({ weight: 5, arbitrary: multipart }, { weight: 2, arbitrary: malformed }, { weight: 1, arbitrary: rawPayload(fc.constant({ image: 'x' })) });
}

// ---------------------------------------------------------------------------------------------
// The routes by the file that fuzzes them one by one; fuzz-in-flight-and-round-trips.test.ts
// checks that together they are every /api route, and fuzzes them all at once.
// ---------------------------------------------------------------------------------------------

export const CATALOG_AND_ORDER_ROUTES = [
  'GET /api/categories',
  'GET /api/addProductCategories',
  'GET /api/advertisement/products',
  'GET /api/health',
  'GET /api/site',
  'GET /api/category/:id',
  'GET /api/search',
  'GET /api/places/zip/:zip',
  'GET /api/places/nearest',
  'GET /api/pricing/guide',
  'GET /api/value',
  'POST /api/images',
  'POST /api/addProducts',
  'GET /api/products',
  'PUT /api/product/:id',
  'DELETE /api/products/:id',
  'GET /api/cars/:id',
  'GET /api/cars/:id/similar',
  'GET /api/sellers/:id',
  'GET /api/sellers/:id/cars',
  'PUT /api/products/:id',
  'POST /api/products/:id/withdraw',
  'GET /api/products/:id/performance',
  'GET /api/products/views',
  'POST /api/bookings',
  'GET /api/orders',
  'GET /api/orders/:id',
  'PUT /api/wishlists',
  'GET /api/wishlist-products',
  'GET /api/wishlist/:id',
  'DELETE /api/wishlists/:id',
  'POST /api/create-payment-intent',
  'POST /api/wishlist-create-payment-intent',
  'POST /api/payments',
  'POST /api/wishlist-payments',
  'POST /api/test-processor/confirm',
  'POST /api/payments/:paymentId/received',
  'POST /api/payments/:paymentId/cancel-sale',
  'POST /api/payments/:paymentId/problem',
  'GET /api/disputes',
  'GET /api/disputes/:id',
  'POST /api/disputes/:id/decision',
  'GET /api/payouts/fee',
  'GET /api/payouts',
  'POST /api/payouts/account',
  'GET /api/test-processor/accounts/:accountId',
  'POST /api/test-processor/accounts/:accountId/onboard',
];

export const PEOPLE_AND_MESSAGE_ROUTES = [
  'POST /api/users',
  'GET /api/users/admin/:email',
  'GET /api/users/seller/:email',
  'GET /api/users/buyer/:email',
  'GET /api/users/allseller',
  'GET /api/users/allbuyer',
  'PUT /api/seller/verify',
  'DELETE /api/users/:id',
  'POST /api/reports',
  'GET /api/reports',
  'DELETE /api/reports/:id',
  'DELETE /api/reported-products/:id',
  'GET /api/admin/sellers/:id/evidence',
  'PUT /api/admin/sellers/:id/verification',
  'DELETE /api/admin/sellers/:id/verification',
  'GET /api/admin/categories',
  'POST /api/categories',
  'PUT /api/categories/:id',
  'DELETE /api/categories/:id',
  'GET /api/dashboard/summary',
  'GET /api/bookings/requests',
  'POST /api/bookings/:id/accept',
  'POST /api/bookings/:id/decline',
  'POST /api/bookings/:id/propose',
  'POST /api/bookings/:id/accept-proposal',
  'POST /api/bookings/:id/cancel',
  'GET /api/bookings/:id/calendar.ics',
  'POST /api/conversations',
  'GET /api/conversations',
  'GET /api/conversations/unread',
  'GET /api/conversations/:id/messages',
  'POST /api/conversations/:id/messages',
  'POST /api/conversations/:id/read',
  'GET /api/admin/flagged-messages',
  'GET /api/live',
  'GET /api/notifications',
  'POST /api/notifications/read',
  'POST /api/email/unsubscribe',
  'GET /api/dev/mailbox',
  'GET /api/dev/mailbox/:id',
  'GET /api/dev/mailbox/:id/attachments/:n',
  'GET /api/alerts',
  'POST /api/alerts',
  'PATCH /api/alerts/:id',
  'DELETE /api/alerts/:id',
  'GET /api/reviews/mine',
  'POST /api/payments/:paymentId/review',
  'GET /api/users/:id/reviews',
  'POST /api/reviews/:id/reply',
  'POST /api/reviews/:id/report',
  'GET /api/admin/reviews',
  'POST /api/admin/reviews/:id/hide',
  'DELETE /api/account',
  'POST /api/account/exports',
  'GET /api/account/exports',
  'GET /api/account/exports/:id/file',
  'GET /api/me/profile',
  'PATCH /api/me/profile',
  'POST /api/me/photo',
  'POST /api/signup/photo',
  'POST /api/me/email',
  'GET /api/me/sessions',
  'DELETE /api/me/sessions/:id',
  'POST /api/me/sessions/sign-out-others',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-in/social',
  'GET /api/auth/get-session',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'POST /api/auth/send-verification-email',
  'GET /api/auth/verify-email',
  'GET /api/two-factor',
  'POST /api/auth/two-factor/enable',
  'POST /api/auth/two-factor/disable',
  'POST /api/auth/two-factor/generate-backup-codes',
  'POST /api/auth/two-factor/verify-totp',
  'POST /api/auth/two-factor/verify-backup-code',
];

/** Every route fuzzed, in the order the pass with many requests in flight seeds them. */
export const ROUTE_NAMES = [...CATALOG_AND_ORDER_ROUTES, ...PEOPLE_AND_MESSAGE_ROUTES];

/** The route case named `METHOD route`: built from the fixtures, so looked up when a test runs. */
export function routeCase(name: string): RouteCase {
  const route = routes().find((r) => `${r.method} ${r.route}` === name);
  expect(route, name).toBeDefined();
  return route!;
}

/** A test per route, each fuzzing its route with requests sent one by one. */
export function fuzzOneByOne(names: readonly string[]) {
  for (const name of names) it(name, () => fuzz(routeCase(name)), 60_000);
}
