import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Query strings and paths carry personal data and secrets (`/api/orders?email=…`, the OAuth
 * callback's `code` and `state`, `/api/users/admin/<email>`); the logs keep the method, path and
 * status of each request, and none of those.
 */
let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];

const EMAIL = 'victim.person@private.example';
const CODE = 'oauthcode4Zq9XyLm2';
const STATE = 'oauthstate7Hd3KpW8';

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
  app = t.app;
});
afterAll(() => t?.close());

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  path?: string;
  status?: number;
  ms?: number;
  err?: { message: string };
}
const logged = () => lines.map((l) => JSON.parse(l) as LogLine);

describe('request logs', () => {
  it('keep method, path and status, and drop query strings and e-mails in paths', async () => {
    const calls = [
      { url: `/api/orders?email=${encodeURIComponent(EMAIL)}`, status: 401, path: '/api/orders' },
      { url: `/api/orders?email=${EMAIL}`, status: 401, path: '/api/orders' },
      { url: `/api/auth/callback/google?code=${CODE}&state=${STATE}`, path: '/api/auth/callback/google' },
      { url: `/api/users/admin/${encodeURIComponent(EMAIL)}`, status: 401, path: '/api/users/admin/<email>' },
      { url: `/api/users/admin/${EMAIL}?again=${EMAIL}`, status: 401, path: '/api/users/admin/<email>' },
    ];
    // better-auth writes its own lines (a failed callback's "State mismatch") to the console.
    const consoleLines: unknown[][] = [];
    const spies = (['error', 'warn', 'log'] as const).map((level) => vi.spyOn(console, level).mockImplementation((...args) => void consoleLines.push(args)));
    try {
      for (const call of calls) {
        const res = await as(app, undefined, { method: 'GET', url: call.url });
        if (call.status) expect(res.statusCode).toBe(call.status);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(consoleLines.flat().join('\n')).toMatch(/State mismatch/);
    const all = [...lines, ...consoleLines.map((args) => args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '))].join('\n');
    for (const secret of [EMAIL, encodeURIComponent(EMAIL), 'victim.person', CODE, STATE]) expect(all).not.toContain(secret);

    // One line a request, after its answer: method, path, status and time.
    const requests = logged().filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.method, l.path])).toEqual(calls.map((c) => ['GET', c.path]));
    expect(requests.map((l) => l.status).filter((s) => s === 401)).toHaveLength(4);
    expect(requests.every((l) => typeof l.ms === 'number' && l.ms >= 0)).toBe(true);
    expect(logged().filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('name the request by the id its answer carries, and the route it matched', async () => {
    lines.length = 0;
    const res = await as(app, undefined, { method: 'GET', url: '/api/category/00000000-0000-4000-8000-000000000000' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged()).toEqual([expect.objectContaining({ msg: 'request', reqId: id, route: '/api/category/:id', status: 401 })]);
    const other = await as(app, undefined, { method: 'GET', url: '/api/categories' });
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it('keeps them out of error logs as well (a request that fails with a 500)', async () => {
    lines.length = 0;
    await t.pool.query('alter table products rename to products_away');
    let id: unknown;
    try {
      const res = await as(app, undefined, { method: 'GET', url: `/api/advertisement/products?email=${EMAIL}&code=${CODE}` });
      expect(res.statusCode).toBe(500);
      // The person's message names the request, and so do its log lines.
      id = res.headers['x-request-id'];
      expect(res.json().message).toBe(`Something went wrong on our side. Please try again. (Request ${String(id)})`);
    } finally {
      await t.pool.query('alter table products_away rename to products');
    }
    const failed = logged().find((l) => l.level === 50);
    expect(failed, lines.join('\n')).toMatchObject({ msg: 'request failed', reqId: id, err: { message: expect.stringContaining('products') } });
    expect(logged().find((l) => l.msg === 'request')).toMatchObject({ reqId: id, path: '/api/advertisement/products', status: 500 });
    expect(lines.join('\n')).not.toContain(EMAIL);
    expect(lines.join('\n')).not.toContain(CODE);
  });
});
