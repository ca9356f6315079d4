import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { insertCar } from '../../test/fixtures.ts';
import { multipartFile, ORIGIN, type Person, type TestApp } from '../../test/harness.ts';
import { withPersonas } from '../../test/personas.ts';

let t: TestApp;
let seller: Person;
let buyer: Person;
let categoryId: string;
let png: Buffer;

const count = async (table: string) => (await t.pool.query(`select count(*)::int as n from ${table}`)).rows[0].n as number;
const storedFiles = () => {
  const dir = path.join(t.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const upload = (headers: Record<string, string>): InjectOptions => {
  const body = multipartFile('image', 'car.png', 'image/png', png);
  return { method: 'POST', url: '/api/images', payload: body.payload, headers: { ...body.headers, ...headers } };
};
/** Like `as()`, but with only the headers given: no Origin unless the case names one. */
const send = (who: Person | undefined, opts: InjectOptions) => t.app.inject({ ...opts, headers: { ...opts.headers, ...(who ? { cookie: who.cookie } : {}) } });
const booking = (productId: string, headers: Record<string, string>): InjectOptions => ({ method: 'POST', url: '/api/bookings', payload: { productId }, headers });

beforeAll(async () => {
  ({ t, seller, buyer, categoryId } = await withPersonas(['seller', 'buyer'], { category: true }));
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } }).png().toBuffer();
});
afterAll(() => t?.close());

describe('writes from another site (CSRF)', () => {
  const foreign: [string, Record<string, string>][] = [
    ['an untrusted Origin', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['Origin: null from a sandboxed frame', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['a sibling origin of the same site', { origin: 'http://localhost:3001', 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site without Origin', { 'sec-fetch-site': 'same-site' }],
  ];

  it.each(foreign)('refuses a multipart picture upload with %s (403) and stores nothing', async (_what, headers) => {
    const [rows, files] = [await count('images'), storedFiles()];
    const res = await send(seller, upload(headers));
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: expect.stringMatching(/another site.*http:\/\/localhost:3000/) });
    expect([await count('images'), storedFiles()]).toEqual([rows, files]);
  });

  it.each(foreign)('refuses a JSON booking with %s (403) and books nothing', async (_what, headers) => {
    const car = await insertCar(t, seller, categoryId);
    const res = await send(buyer, booking(car, headers));
    expect(res.statusCode, res.body).toBe(403);
    expect((await t.pool.query('select 1 from bookings where product_id = $1', [car])).rowCount).toBe(0);
  });

  it('refuses a cross-site write to every route that answers one, as a buyer, a seller and anonymously', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(document.paths).flatMap(([route, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase() as InjectOptions['method'], url: route.replace(/\{[^}]+\}/g, 'x') })),
    );
    expect(writes.length).toBeGreaterThan(40);
    for (const { method, url } of writes) {
      if (url === '/api/email/unsubscribe') continue;
      for (const who of [buyer, seller, undefined]) {
        const res = await send(who, { method, url, payload: {}, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('refuses an anonymous cross-site write before anything else is checked', async () => {
    const res = await send(undefined, { method: 'POST', url: '/api/auth/sign-out', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/another site/);
  });
});

describe('writes that pass', () => {
  it('takes a same-origin upload and booking (Origin and Sec-Fetch-Site: same-origin)', async () => {
    const same = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' };
    expect((await send(seller, upload(same))).statusCode).toBe(200);
    const car = await insertCar(t, seller, categoryId);
    expect((await send(buyer, booking(car, same))).statusCode).toBe(200);
  });

  it('takes a write with neither header (curl, webhooks, other servers: no browser, no ambient cookies)', async () => {
    const car = await insertCar(t, seller, categoryId);
    const res = await send(buyer, booking(car, {}));
    expect(res.statusCode, res.body).toBe(200);
    expect((await send(seller, upload({}))).statusCode).toBe(200);
  });

  it('takes an HTML form post of our own page (Origin: null under Referrer-Policy: no-referrer, Sec-Fetch-Site: same-origin)', async () => {
    const car = await insertCar(t, seller, categoryId);
    const res = await send(buyer, booking(car, { origin: 'null', 'sec-fetch-site': 'same-origin' }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('takes a user-initiated request (Sec-Fetch-Site: none) and leaves reads from other sites alone', async () => {
    const car = await insertCar(t, seller, categoryId);
    expect((await send(buyer, booking(car, { 'sec-fetch-site': 'none' }))).statusCode).toBe(200);
    const read = await send(undefined, { method: 'GET', url: '/api/categories', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(read.statusCode).toBe(200);
  });
});
