/**
 * The fuzzing that takes every route at once (see fuzzing.ts): that the routes fuzzed are every
 * /api route, the generated cases of all routes with many requests in flight, the cases fuzzing
 * once found, and stored text that must come back exactly as sent.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlCharacter } from '@second-gear/contract/constants';
import type { ApiDocument } from './documented-statuses.ts';
import { insertCar } from './fixtures.ts';
import { as, signUp } from './harness.ts';
import {
  adminImageUrl,
  categoryId,
  categoryWithPicture,
  checkAnswer,
  conversationId,
  describeRequest,
  enc,
  expectDocumentedAnswer,
  fuzzParameters,
  IN_FLIGHT,
  people,
  pngBytes,
  productId,
  ROUTE_NAMES,
  routeCase,
  routes,
  RUNS,
  SEED,
  send,
  setUpFuzzing,
  t,
  textish,
  type Req,
} from './fuzzing.ts';

setUpFuzzing();

describe(`fuzzing every route (seed ${SEED})`, () => {
  it('covers every /api route of the route table', () => {
    const table = t.app.printRoutes({ commonPrefix: false });
    const ours = new Set(routes().map((r) => `${r.method} ${r.route}`));
    expect([...ours].sort()).toEqual([...ROUTE_NAMES].sort());
    // Every route the server has under /api (bar the documentation and the provider's own) is fuzzed.
    for (const line of table.split('\n')) {
      const m = /(\/api\/\S+) \(([A-Z, ]+)\)/.exec(line.replace(/^[\s│├└─]+/, ''));
      if (!m) continue;
      const [, path, methods] = m;
      for (const method of methods!.split(', ')) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        // The docs, better-auth's catch-all (fuzzed through its paths) and the test identity provider's pages.
        if (/openapi\.json|\/api\/docs|\/api\/auth\/(\*|google)|\/api\/test-idp\//.test(path!)) continue;
        expect(ours, `${method} ${path} is fuzzed`).toContain(`${method} ${path}`);
      }
    }
  });

  // The same cases again, many in flight at once against the one app: answers that are right one
  // by one may still collide (rows locked in different orders, a row changed between a read and a
  // write). Batches mix the routes, as the cases of all routes are interleaved.
  it(`every route with ${IN_FLIGHT} requests in flight at once: never a 5xx, every answer as one by one`, async () => {
    const cases = ROUTE_NAMES
      .flatMap((name, n) => {
        const route = routeCase(name);
        // Half the one-by-one runs: the point here is the collisions, which the mix of routes brings.
        const sample = fc.sample(fc.tuple(route.who, route.request), { seed: SEED + n, numRuns: Math.ceil((route.numRuns ?? RUNS) / 2) });
        return sample.map(([who, req], k) => ({ route, who, req, k }));
      })
      .sort((a, b) => a.k - b.k);
    const document = t.app.swagger() as unknown as ApiDocument;
    const failures: string[] = [];
    for (let i = 0; i < cases.length; i += IN_FLIGHT) {
      await Promise.all(
        cases.slice(i, i + IN_FLIGHT).map(async ({ route, who, req }) => {
          const res = await send(route.method, who, req);
          try {
            checkAnswer(res, describeRequest(route.method, who, req), route);
            expectDocumentedAnswer(document, route, who, req, res.statusCode);
          } catch (err) {
            failures.push(err instanceof Error ? err.message : String(err));
          }
        }),
      );
    }
    expect(failures, failures.slice(0, 5).join('\n\n').replace(/(.)\1{40,}/gs, (run, ch: string) => `${ch}…(×${run.length})`)).toEqual([]);
  }, 120_000);

  // What fuzzing found once, kept as plain examples (each was a 5xx or an off-contract answer).
  it.each([
    ['a NUL in the sign-in email', 'POST', '/api/auth/sign-in/email', { email: 'a\u0000b@example.com', password: 'whatever1' }],
    ['a 100 KB sign-in email', 'POST', '/api/auth/sign-in/email', { email: `${'a'.repeat(100_000)}@example.com`, password: 'whatever1' }],
    ['a better-auth refusal', 'POST', '/api/auth/sign-in/email', { email: 7 }],
    ['a cursor in year -92780', 'GET', `/api/category/CATEGORY?cursor=${Buffer.from(JSON.stringify(['-092780-03-24T19:59:30.203Z', '644fd757-52a8-4575-a55d-5dd1b39acbd3'])).toString('base64url')}`, undefined],
    ['a cursor on 30 February', 'GET', `/api/category/CATEGORY?cursor=${Buffer.from(JSON.stringify(['2020-02-30T00:00:00Z', '644fd757-52a8-4575-a55d-5dd1b39acbd3'])).toString('base64url')}`, undefined],
    ['a 100 KB path segment', 'GET', `/api/users/admin/${'A'.repeat(100_000)}`, undefined],
    ['a malformed %-escape', 'GET', '/api/orders/%E0%A4%A', undefined],
    ['a NUL in a booking’s phone', 'POST', '/api/bookings', { productId: 'PRODUCT', phone: 'a\u0000b', location: 'x' }],
    ['a sign-up body nested 5000 deep', 'POST', '/api/auth/sign-up/email', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`],
  ] as const)('%s: a 4xx in the contract’s shape', async (_name, method, url, payload) => {
    const body = typeof payload === 'string' ? payload : payload && JSON.stringify(payload).replace('PRODUCT', productId);
    const req: Req = { url: url.replace('CATEGORY', categoryId), ...(body ? { payload: { body, contentType: 'application/json' } } : {}) };
    const res = await send(method, 'buyer', req);
    checkAnswer(res, describeRequest(method, 'buyer', req));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body.length).toBeLessThan(2000);
  });

  it('unknown routes and methods answer a contract-shaped 404', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.oneof(textish.filter((s) => s.length < 1000).map(enc), fc.constantFrom('%', '%zz', 'users/%E0%A4%A', 'category', '..%2f..%2fetc%2fpasswd')),
        async (method, path) => {
          const res = await as(t.app, people.buyer, { method: method as 'GET', url: `/api/no-such/${path}` });
          checkAnswer(res, `${method} /api/no-such/${path}`);
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
        },
      ),
      fuzzParameters(),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Round trips: stored text comes back exactly as sent (after the schema's trim)
// ---------------------------------------------------------------------------------------------

const FRAGMENTS = [
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '&lt;b&gt;',
  '&amp;',
  '🚗',
  '👨‍👩‍👧',
  '\u202E',
  '\u200F',
  'שָׁלוֹם',
  'مرحبا',
  'Ñandú',
  '%00',
  '\\',
  '${x}',
  '\t',
  '\n',
  '  ',
  '\u00A0',
  '"',
  "'",
] as const;

/**
 * Well-formed unicode text with HTML, SQL and emoji, whose trimmed form is within the schema's bounds.
 * A `'line'` (a car's name and location, a booking's phone and place) has no control character,
 * which those fields refuse.
 */
function storedText(min: number, max: number, shape: 'line' | 'lines' = 'lines'): fc.Arbitrary<string> {
  const fragment = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...FRAGMENTS) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
    // Any code point but NUL, which PostgreSQL text cannot hold (refused with a 400, see above).
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }).map((s) => s.replaceAll('\u0000', '')) },
  );
  return fc
    .array(fragment, { minLength: 1, maxLength: 10 })
    .map((parts) => parts.join(''))
    .map((s) => (shape === 'line' ? s.replace(everyControlCharacter, '') : s))
    .filter((s) => s.trim().length >= min && s.trim().length <= max);
}
const everyControlCharacter = new RegExp(controlCharacter.source, 'g');

describe(`stored text comes back unchanged (seed ${SEED})`, () => {
  /** Adds cars with `bad` text in one of `fields`: each is a 400, and no car is stored. */
  async function refusedWhole(fields: string[], bad: fc.Arbitrary<string>) {
    const before = (await t.pool.query('select count(*)::int as n from products')).rows[0].n as number;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), bad, async (name, text) => {
        const car = { productName: 'Fine', description: 'Fine', location: 'Fine', mobile: '555', [name]: text };
        const res = await as(t.app, people.otherSeller, {
          method: 'POST',
          url: '/api/addProducts',
          payload: { ...car, categoryId: roundTripCategoryId, condition: 'Fair', originalPrice: 9000, resalePrice: 7000, yearsOfUse: '2015', image: imageUrl2 },
        });
        checkAnswer(res, `${name}: ${JSON.stringify(text)}`);
        expect(res.statusCode).toBe(400);
      }),
      fuzzParameters(20),
    );
    expect((await t.pool.query('select count(*)::int as n from products')).rows[0].n).toBe(before);
  }
  const around = (middle: fc.Arbitrary<string>, shape: 'line' | 'lines') =>
    fc.tuple(storedText(1, 30, shape), middle, storedText(1, 30, shape)).map(([a, b, c]) => `${a}${b}${c}`);

  it('text the database cannot store as sent (NUL, a lone surrogate) is refused whole, never changed', () =>
    refusedWhole(['productName', 'description', 'location', 'mobile'], around(fc.constantFrom('\u0000', '\ud800', '\udfff', 'x\udc00'), 'lines')));

  it('a line break or control character in a one-line field is refused whole, never stored', () =>
    refusedWhole(['productName', 'location'], around(fc.constantFrom('\r', '\n', '\r\n', '\t', '\u001b', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029'), 'line')));

  it('a car’s name, description, location and mobile', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ productName: storedText(1, 120, 'line'), description: storedText(1, 5000), location: storedText(1, 120, 'line'), mobile: storedText(1, 40) }),
        async (text) => {
          const added = await as(t.app, people.otherSeller, {
            method: 'POST',
            url: '/api/addProducts',
            payload: { ...text, categoryId: roundTripCategoryId, condition: 'Fair', originalPrice: 9000, resalePrice: 7000, yearsOfUse: '2015', image: imageUrl2 },
          });
          expect(added.statusCode, `${JSON.stringify(text)} → ${added.body}`).toBe(200);
          const id = added.json().insertedId as string;
          const list = await as(t.app, people.otherSeller, { method: 'GET', url: `/api/products?email=${enc(people.otherSeller.email)}` });
          expect(list.statusCode).toBe(200);
          const car = (list.json() as Array<Record<string, unknown>>).find((p) => p._id === id);
          expect(car, id).toBeDefined();
          expect({ productName: car!.productName, description: car!.description, location: car!.location, mobile: car!.mobile }).toEqual({
            productName: text.productName.trim(),
            description: text.description.trim(),
            location: text.location.trim(),
            mobile: text.mobile.trim(),
          });
          // And the public category page shows the same.
          const page = await as(t.app, people.buyer, { method: 'GET', url: `/api/category/${roundTripCategoryId}?limit=1` });
          expect(page.json().products[0]).toMatchObject({ _id: id, productName: text.productName.trim(), description: text.description.trim() });
        },
      ),
      fuzzParameters(30),
    );
  }, 60_000);

  it('a booking’s phone and meeting location', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ phone: storedText(0, 40, 'line'), location: storedText(0, 200, 'line') }), async (text) => {
        // Thirty runs and their shrinking book more cars than a buyer may in an hour: only the text is under test here.
        await t.pool.query(`delete from auth_rate_limits where key like 'booking:%'`);
        const car = await insertCar(t, people.seller, categoryId, { name: 'Round trip car' });
        const booked = await as(t.app, people.otherBuyer, { method: 'POST', url: '/api/bookings', payload: { productId: car, ...text } });
        expect(booked.statusCode, booked.body).toBe(200);
        const id = booked.json().insertedId as string;
        const order = await as(t.app, people.otherBuyer, { method: 'GET', url: `/api/orders/${id}` });
        expect(order.statusCode).toBe(200);
        expect({ phone: order.json().phone, location: order.json().location }).toEqual({ phone: text.phone.trim(), location: text.location.trim() });
      }),
      fuzzParameters(30),
    );
  }, 60_000);

  it('a category’s name and details', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ name: storedText(1, 60), details: storedText(1, 500) }), async (text) => {
        const added = await as(t.app, people.admin, { method: 'POST', url: '/api/categories', payload: { ...text, image: adminImageUrl } });
        if (added.statusCode === 409) {
          // Only for a name taken already, whatever its case.
          const taken = await t.pool.query('select 1 from categories where lower(name) = lower($1)', [text.name.trim()]);
          expect(taken.rows, added.body).toHaveLength(1);
          return;
        }
        expect(added.statusCode, `${JSON.stringify(text)} → ${added.body}`).toBe(200);
        const list = (await as(t.app, undefined, { method: 'GET', url: '/api/categories' })).json() as Array<Record<string, unknown>>;
        const category = list.find((c) => c._id === added.json().insertedId);
        expect({ name: category?.name, details: category?.details }).toEqual({ name: text.name.trim(), details: text.details.trim() });
      }),
      fuzzParameters(30),
    );
  }, 60_000);

  it('a message’s text', async () => {
    await fc.assert(
      fc.asyncProperty(storedText(1, 2000), async (text) => {
        // Never over the sender's limit of 20 a minute.
        await t.pool.query(`delete from auth_rate_limits where key like 'message:%'`);
        const sent = await as(t.app, people.buyer, { method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: { text } });
        expect(sent.statusCode, sent.body).toBe(200);
        const thread = await as(t.app, people.seller, { method: 'GET', url: `/api/conversations/${conversationId}/messages?after=${sent.json().id - 1}` });
        expect(thread.json()[0].text).toBe(text.trim());
      }),
      fuzzParameters(30),
    );
  }, 60_000);

  it('a report’s note', async () => {
    await fc.assert(
      fc.asyncProperty(storedText(1, 1000), async (note) => {
        const car = await insertCar(t, people.seller, categoryId, { name: 'Reported round trip car' });
        // A buyer of each run's own: one buyer's reports stop at REPORTS_PER_HOUR (admin/service.ts).
        const reporter = await signUp(t.app, 'Buyer');
        const reported = await as(t.app, reporter, { method: 'POST', url: '/api/reports', payload: { productId: car, reason: 'Other', note } });
        expect(reported.statusCode, reported.body).toBe(200);
        const queue = await as(t.app, people.admin, { method: 'GET', url: '/api/reports' });
        const item = (queue.json() as Array<{ productId: string; notes: string[] }>).find((r) => r.productId === car);
        expect(item?.notes).toEqual([note.trim()]);
      }),
      fuzzParameters(30),
    );
  }, 60_000);
});

// The round-trip car gets a category of its own, so that it is the newest car there.
let imageUrl2: string;
let roundTripCategoryId: string;
beforeAll(async () => {
  ({ imageUrl: imageUrl2, categoryId: roundTripCategoryId } = await categoryWithPicture(people.otherSeller, 'Round Trip Motors', await pngBytes(100, 80)));
});

