import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { as, type Person, type TestApp } from '../test/harness.ts';
import { withPersonas } from '../test/personas.ts';

/**
 * The check for text the database cannot store (errors.ts) sits on the routes that can be sent text
 * and on no other: every route of the API document with a parameter in its address, a query or a
 * body refuses a NUL in it, and the routes without any skip the check.
 */
let t: TestApp;
let people: Person[];

const MESSAGE = 'Text cannot contain NUL characters or broken Unicode (unpaired surrogates).';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
}

beforeAll(async () => {
  const cast = await withPersonas(['buyer', 'seller', 'admin']);
  t = cast.t;
  people = [cast.buyer, cast.seller, cast.admin];
});
afterAll(() => t?.close());

/** Each way of sending text to each documented operation, a NUL in it. */
async function probes(): Promise<{ name: string; request: InjectOptions }[]> {
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([route, operations]) =>
    Object.entries(operations).flatMap(([lower, operation]) => {
      const method = lower.toUpperCase() as InjectOptions['method'];
      const inPath = operation.parameters?.some((p) => p.in === 'path');
      const query = operation.parameters?.find((p) => p.in === 'query');
      const json = operation.requestBody?.content['application/json'];
      const plain = route.replace(/\{[^}]+\}/g, 'x');
      return [
        ...(inPath ? [{ name: `${method} ${route}, its address`, request: { method, url: route.replace(/\{[^}]+\}/g, 'a%00b') } }] : []),
        ...(query ? [{ name: `${method} ${route}, its query`, request: { method, url: `${plain}?${query.name}=a%00b` } }] : []),
        ...(json ? [{ name: `${method} ${route}, its body`, request: { method, url: plain, payload: { text: 'a\u0000b', [`key\u0000`]: 'x' } } }] : []),
      ];
    }),
  );
}

describe('text the database cannot store', () => {
  it('is refused (400) in the address, the query and the body of every documented route, for whoever may call it', async () => {
    const all = await probes();
    expect(all.length).toBeGreaterThan(60);
    const unrefused: string[] = [];
    for (const { name, request } of all) {
      const answers = await Promise.all(people.map((who) => as(t.app, who, request)));
      // A role the route refuses (401, 403) is turned away before anything it sent is read; the role it serves meets the 400.
      const statuses = answers.map((res) => (res.statusCode === 400 && res.json().message === MESSAGE ? 'refused' : res.statusCode));
      if (!statuses.includes('refused') || statuses.some((s) => s !== 'refused' && s !== 401 && s !== 403)) unrefused.push(`${name}: ${statuses.join(', ')}`);
    }
    expect(unrefused).toEqual([]);
  });

  it('is not looked for where nothing is read: a route without parameters, query or body answers as if the query were not there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/advertisement/products?q=a%00b' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health?q=a%00b' })).statusCode).toBe(200);
  });
});
