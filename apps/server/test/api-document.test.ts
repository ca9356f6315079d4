import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp, type TestApp } from './harness.ts';
import { documentedPath, expectDocumented, undocumented, type ApiDocument } from './documented-statuses.ts';
import { rolesOf, routeRules } from './route-rules.ts';

/**
 * The API document, which must tell the whole truth: generated from the route
 * table, it names every status and guard. The authorization matrix and the fuzzer check every answer
 * they get against it (documented-statuses.ts); this file checks the document itself.
 */

let t: TestApp;
let doc: ApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(() => t?.close());

const operationOf = (key: string) => {
  const [method, url] = key.split(' ') as [string, string];
  return doc.paths[documentedPath(doc, url) ?? '']?.[method.toLowerCase()];
};

describe('the API document', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 3000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every /api route of the route table as an operation, bar the ones left out on purpose', () => {
    // The crawlers' files at the site's root (/sitemap.xml, /robots.txt) are not the API's.
    const apiRoutes = Object.keys(routeRules).filter((key) => key.split(' ')[1]!.startsWith('/api'));
    const routes = apiRoutes.filter((key) => !key.startsWith('OPTIONS ') && !key.includes('*') && !undocumented.test(key.split(' ')[1]!));
    // The webhook exists only with PAYMENTS=stripe; this app takes test payments.
    const here = routes.filter((key) => key !== 'POST /api/stripe/webhook');
    expect(here.filter((key) => !operationOf(key))).toEqual([]);
  });

  it('lists the 401 and 403 of each route’s guard, and its session requirement', () => {
    for (const [key, rule] of Object.entries(routeRules)) {
      const operation = operationOf(key);
      if (!operation) continue;
      const statuses = Object.keys(operation.responses ?? {});
      const roles = rolesOf(rule.access);
      const guarded = roles !== null || rule.access === 'signed-in';
      expect(statuses.includes('401'), `${key} lists 401`).toBe(guarded);
      if (roles) expect(statuses, `${key} lists 403`).toContain('403');
      expect(operation.security, `${key} security`).toEqual(guarded ? [{ session: [] }] : undefined);
      expect(operation['x-access'], `${key} x-access`).toEqual(roles ?? (guarded ? 'signed-in' : 'public'));
    }
  });

  it('describes every refusal with the contract’s error shape', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (Number(status) < 400 || path === '/api/test-processor/confirm' || path === '/api/health') continue;
          const schema = (response as { content?: Record<string, { schema?: { required?: string[] } }> }).content?.['application/json']?.schema;
          expect(schema?.required, `${method} ${path} ${status}`).toEqual(expect.arrayContaining(['statusCode', 'error', 'message']));
          expect((response as { description?: string }).description, `${method} ${path} ${status} says why`).not.toBe('Default Response');
        }
      }
    }
  });

  it('is the yardstick the matrix and the fuzzer hold every answer to', () => {
    expectDocumented(doc, 'PUT', '/api/product/0b8e8a52-7f55-4c6a-9a55-2b0e1f7e6d11', 409);
    // A status a route does not list, and a route the document does not have, both fail.
    expect(() => expectDocumented(doc, 'GET', '/api/categories', 409)).toThrow(/does not list/);
    expect(() => expectDocumented(doc, 'GET', '/api/no-such-route', 200)).toThrow(/is an operation/);
  });

  it('documents the picture upload’s multipart body', () => {
    const body = doc.paths['/api/images']?.post?.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    expect(body.content['multipart/form-data']?.schema.properties.image).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('documents the sign-up, sign-in, sign-out, session, password reset and password change calls', () => {
    for (const key of [
      'POST /api/auth/sign-up/email',
      'POST /api/auth/sign-in/email',
      'POST /api/auth/sign-in/social',
      'POST /api/auth/sign-out',
      'GET /api/auth/get-session',
      'POST /api/auth/request-password-reset',
      'POST /api/auth/reset-password',
      'POST /api/auth/change-password',
    ]) {
      expect(operationOf(key)?.responses, key).toHaveProperty('200');
    }
    expect(doc.paths['/api/auth/sign-up/email']?.post?.requestBody).toBeDefined();
  });

  it('documents the two-factor sign-in calls: setting up and taking down with the password, the codes (limited), and the sign-in’s challenge', () => {
    for (const key of ['POST /api/auth/two-factor/enable', 'POST /api/auth/two-factor/disable', 'POST /api/auth/two-factor/generate-backup-codes']) {
      expect(Object.keys(operationOf(key)?.responses ?? {}), key).toEqual(expect.arrayContaining(['200', '400', '401']));
    }
    for (const key of ['POST /api/auth/two-factor/verify-totp', 'POST /api/auth/two-factor/verify-backup-code']) {
      expect(Object.keys(operationOf(key)?.responses ?? {}), key).toEqual(expect.arrayContaining(['200', '401', '429']));
    }
    expect(JSON.stringify(operationOf('POST /api/auth/sign-in/email')?.responses?.['200'])).toContain('twoFactorRedirect');
    expect(operationOf('GET /api/two-factor')?.responses).toHaveProperty('200');
  });

  it('documents the email confirmation calls: a new link (limited) and the link itself (a redirect)', () => {
    expect(Object.keys(operationOf('POST /api/auth/send-verification-email')?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '429']));
    expect(Object.keys(operationOf('GET /api/auth/verify-email')?.responses ?? {})).toEqual(expect.arrayContaining(['200', '302', '401']));
  });
});

describe('refusals outside the route table', () => {
  it('answers an unknown /api/auth path in the contract’s shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: expect.stringContaining('/api/auth/no-such-call') });
  });

  it('answers a known path asked with another method with 405 and Allow', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    for (const [method, url, allow] of [
      ['DELETE', '/api/orders', 'GET, HEAD'],
      ['PATCH', '/api/orders/0b8e8a52-7f55-4c6a-9a55-2b0e1f7e6d11', 'GET, HEAD'],
      ['GET', '/api/bookings', 'POST'],
      ['PUT', '/api/auth/sign-in/email', 'GET, HEAD, POST'],
    ] as const) {
      const res = await as(t.app, buyer, { method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json()).toMatchObject({ statusCode: 405, error: 'Method Not Allowed', message: expect.any(String) });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such/thing' })).statusCode).toBe(404);
  });
});

describe('the API reference page', () => {
  it('is served at /api/docs from our own origin, under the product’s Content-Security-Policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      // Every script a file of ours: no inline script (the CSP refuses it) and no other origin.
      const src = /src="([^"]+)"/.exec(attributes)?.[1];
      expect(src, attributes).toMatch(/^(\.\/|\/api\/docs\/)/);
      expect((await t.app.inject({ method: 'GET', url: new URL(src!, 'http://x/api/docs/').pathname })).statusCode, src).toBe(200);
    }
  });
});
