import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defaultWebDist } from './app.ts';
import type { Config } from './config.ts';
import { as, createTestApp, signUp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) =>
      app.get('/api/test-explodes', async () => {
        throw new Error('connect ECONNREFUSED /var/run/secret.sock at Pool.query');
      }).get('/api/test-collides', async () => {
        // What pg throws when PostgreSQL ends a statement in a deadlock with another.
        throw Object.assign(new pg.DatabaseError('deadlock detected', 0, 'error'), { code: '40P01' });
      }),
  });
});
afterAll(() => t.close());

describe('the API shell', () => {
  it('answers GET /api/health when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/categories', '/api/advertisement/products', '/api/users', '/api/users/admin/{email}']),
    );
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers an unknown API route with the contract’s error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No such route: GET /api/nothing-here' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const res = await as(t.app, buyer, {
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('hides internals behind a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-explodes' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: `Something went wrong on our side. Please try again. (Request ${String(res.headers['x-request-id'])})` });
    expect(res.body).not.toMatch(/ECONNREFUSED|secret|Pool/);
  });

  it('answers a statement PostgreSQL ended in a deadlock 503 with Retry-After: the same request a moment later goes through', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-collides' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: expect.stringMatching(/try again in a moment/) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/deadlock/);
  });
});

describe('the built web app', () => {
  // `npm test` builds the web app before the API tests, so this runs there; alone, build first.
  const built = fs.existsSync(path.join(defaultWebDist, 'index.html'));

  it.skipIf(!built)('serves hashed assets precompressed and cached for a year, index.html revalidated', async () => {
    const web = await createTestApp({ webDist: defaultWebDist });
    try {
      const html = await web.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
      expect(html.headers['cache-control']).toBe('no-cache');
      const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(fs.readFileSync(path.join(defaultWebDist, 'index.html'), 'utf8'))![1]!;
      const js = await web.app.inject({ method: 'GET', url: entry, headers: { 'accept-encoding': 'br, gzip' } });
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-encoding']).toBe('br');
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const plain = await web.app.inject({ method: 'GET', url: entry });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(js.rawPayload.length);
      // A route of the single-page app gets index.html.
      expect((await web.app.inject({ method: 'GET', url: '/dashboard/myorders' })).body).toContain('<div id="root">');
    } finally {
      await web.close();
    }
  });
});

describe('the development mailbox (shows every email sent, to anyone, without a sign-in)', () => {
  const mailboxStatus = async (changes: Partial<Config>) => {
    const app = await buildApp({ config: { ...t.app.config, ...changes }, pool: t.pool, auth: t.app.auth, images: t.app.images });
    try {
      return (await app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode;
    } finally {
      await app.close();
    }
  };

  it('is served while only this machine can reach the server', async () => {
    expect(t.app.config).toMatchObject({ env: 'test', trustProxy: false, publicUrl: 'http://localhost:3000', host: '127.0.0.1' });
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(200);
  });

  it('is not served where others may reach the server: HOST or PUBLIC_URL not loopback, or TRUST_PROXY set', async () => {
    const cases: [string, Partial<Config>][] = [
      ['HOST=0.0.0.0', { host: '0.0.0.0' }],
      ['PUBLIC_URL=https://cars.example.com', { publicUrl: 'https://cars.example.com' }],
      ['TRUST_PROXY=1', { trustProxy: () => true }],
    ];
    for (const [what, changes] of cases) expect(await mailboxStatus(changes), what).toBe(404);
  });
});
