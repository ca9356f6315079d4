import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory } from '../../test/fixtures.ts';
import { as, createTestApp, type Person, type TestApp } from '../../test/harness.ts';
import { withPersonas } from '../../test/personas.ts';

/**
 * `GET /metrics` (decision 021): off unless METRICS_TOKEN is set, then only to that bearer token,
 * in the Prometheus text format. Each test reads the figures before and after what it does,
 * so the order the tests run in does not matter.
 */

const token = randomBytes(24).toString('base64url');

/** The value of one series (`name{labels}` exactly as the text format writes it), or undefined when absent. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const seriesOf = (body: string, name: string) => body.split('\n').filter((l) => l.startsWith(`${name}{`));

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('has no /metrics route: 404 as any unknown path, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No such route: GET /metrics' });
    }
  });

  it('answers 404 there even while serving the web app, whose pages every other unknown path gets', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const web = await createTestApp({ webDist, shareDatabaseWith: t });
    try {
      expect((await web.app.inject({ method: 'GET', url: '/no-such-page' })).body).toContain('<div id="root">');
      expect((await web.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  let buyer: Person;
  const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  const metrics = async () => {
    const res = await scrape();
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    ({ t, buyer } = await withPersonas(['buyer'], { app: { env: { METRICS_TOKEN: token } } }));
  });
  afterAll(() => t?.close());

  it('refuses a missing, malformed or wrong token with 401, the error body and WWW-Authenticate: Bearer', async () => {
    const sameLength = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const authorization of [undefined, token, `Basic ${token}`, `Bearer ${sameLength}`, `Bearer ${token}x`, `Bearer ${token.slice(0, 8)}`, 'Bearer ']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect(res.body).not.toContain(token);
    }
  });

  it('answers the token in the Prometheus text format, with the process’s own figures', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('counts each request under its method, matched route and status, and not its own scrapes', async () => {
    const series = 'http_request_duration_seconds_count{method="GET",route="/api/categories",status="200"}';
    const before = sample(await metrics(), series) ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
    const body = await metrics();
    expect(sample(body, series)).toBe(before + 3);
    expect(sample(body, 'http_request_duration_seconds_bucket{le="2.5",method="GET",route="/api/categories",status="200"}')).toBe(before + 3);
    expect(body).not.toContain('route="/metrics"');
  });

  it('counts unknown paths under route="unmatched": a made-up path adds no series', async () => {
    const series = 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}';
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);
    const before = await metrics();
    const made = `/api/${randomBytes(6).toString('hex')}/:id`;
    for (const url of [made, '/api/category/1/2/3', '/not-a-page']) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const after = await metrics();
    expect(sample(after, series)).toBe(sample(before, series)! + 3);
    expect(seriesOf(after, 'http_request_duration_seconds_count')).toHaveLength(seriesOf(before, 'http_request_duration_seconds_count').length);
    expect(after).not.toContain(made);
  });

  it('counts the catalog cache’s hits and misses, and the session cache’s', async () => {
    const categoryId = await insertCategory(t);
    const catalog = (result: string) => `cache_requests_total{cache="catalog",result="${result}"}`;
    const session = (result: string) => `cache_requests_total{cache="session",result="${result}"}`;
    const before = await metrics();
    for (let i = 0; i < 2; i++) expect((await as(t.app, buyer, { method: 'GET', url: `/api/category/${categoryId}` })).statusCode).toBe(200);
    const after = await metrics();
    // The first request loads the page, the second is answered from memory.
    expect(sample(after, catalog('miss'))).toBe(sample(before, catalog('miss'))! + 1);
    expect(sample(after, catalog('hit'))).toBe(sample(before, catalog('hit'))! + 1);
    // The buyer's session was looked up twice; the second time at the latest it was remembered.
    const looked = (body: string) => sample(body, session('hit'))! + sample(body, session('miss'))!;
    expect(looked(after)).toBe(looked(before) + 2);
    expect(sample(after, session('hit'))).toBeGreaterThan(sample(before, session('hit'))!);
  });

  it('shows the database pool: its connections by state and its size', async () => {
    const body = await metrics();
    for (const state of ['total', 'idle', 'waiting']) expect(sample(body, `db_pool_connections{state="${state}"}`), state).toBeGreaterThanOrEqual(0);
    expect(sample(body, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
    // The harness's pool (createPool(url, 10)).
    expect(sample(body, 'db_pool_max')).toBe(10);
  });

  it('counts the job queue by state', async () => {
    const depth = (body: string, state: string) => sample(body, `jobs_queue_depth{state="${state}"}`)!;
    const before = await metrics();
    await t.pool.query(`select graphile_worker.add_job('metrics_test', '{}'::json)`);
    await t.pool.query(`select graphile_worker.add_job('metrics_test', '{}'::json, run_at := now() + interval '1 hour')`);
    const failed = (await t.pool.query<{ id: string }>(`select id from graphile_worker.add_job('metrics_test', '{}'::json, max_attempts := 1)`)).rows[0]!.id;
    await t.pool.query(`update graphile_worker._private_jobs set attempts = 1, last_error = 'test' where id = $1`, [failed]);
    const after = await metrics();
    expect(depth(after, 'ready')).toBe(depth(before, 'ready') + 1);
    expect(depth(after, 'scheduled')).toBe(depth(before, 'scheduled') + 1);
    expect(depth(after, 'failed')).toBe(depth(before, 'failed') + 1);
    expect(depth(after, 'locked')).toBe(depth(before, 'locked'));
  });
});

describe('with METRICS_TOKEN on a database without the job runner’s schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: token } });
    await t.pool.query('drop schema graphile_worker cascade');
  });
  afterAll(() => t?.close());

  it('reports an empty queue rather than failing the scrape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    for (const state of ['ready', 'scheduled', 'locked', 'failed']) expect(sample(res.body, `jobs_queue_depth{state="${state}"}`), state).toBe(0);
  });
});
