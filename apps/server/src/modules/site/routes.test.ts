import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';

async function siteAnswer(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    return { status: res.statusCode, body: res.json() };
  } finally {
    await t.close();
  }
}

const osm = { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>' };

describe('GET /api/site', () => {
  it('asks for the test-payments banner in production with ALLOW_TEST_PAYMENTS=on', async () => {
    const env = { NODE_ENV: 'production', AUTH_SECRET: randomBytes(32).toString('hex'), PAYMENTS: 'test', ALLOW_TEST_PAYMENTS: 'on' };
    expect(await siteAnswer(env)).toEqual({ status: 200, body: { testPaymentsBanner: true, distanceUnit: 'mi', mapTiles: osm } });
  });

  it('does not outside production, where test payments are the development default', async () => {
    expect(await siteAnswer()).toEqual({ status: 200, body: { testPaymentsBanner: false, distanceUnit: 'mi', mapTiles: osm } });
  });

  it('names the market’s unit of distance, miles unless DISTANCE_UNIT says km', async () => {
    expect(await siteAnswer({ DISTANCE_UNIT: 'km' })).toEqual({ status: 200, body: { testPaymentsBanner: false, distanceUnit: 'km', mapTiles: osm } });
  });

  it('names the map tiles of MAP_TILES_URL with the operator’s attribution, escaped', async () => {
    const env = { MAP_TILES_URL: 'https://tiles.example.com/{z}/{x}/{y}.png', MAP_TILES_ATTRIBUTION: '<img src=x onerror=alert(1)> Example' };
    expect((await siteAnswer(env)).body.mapTiles).toEqual({ url: env.MAP_TILES_URL, attribution: '&#60;img src=x onerror=alert(1)&#62; Example' });
  });
});

describe('the Content-Security-Policy and the map tiles', () => {
  async function policy(env: Record<string, string> = {}) {
    const t = await createTestApp({ env });
    try {
      const csp = String((await t.app.inject({ method: 'GET', url: '/api/site' })).headers['content-security-policy']);
      return Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
    } finally {
      await t.close();
    }
  }

  it('lets pages show pictures from the tile host, and opens nothing else to it', async () => {
    const standard = await policy();
    expect(standard['img-src']).toContain('https://tile.openstreetmap.org');
    const local = await policy({ MAP_TILES_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    expect(local['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http://127.0.0.1:9']);
    const { 'img-src': _ours, ...rest } = local;
    const { 'img-src': _theirs, ...standardRest } = standard;
    expect(rest).toEqual(standardRest);
    expect(JSON.stringify(rest)).not.toContain('127.0.0.1');
    expect((await policy({ MAP_TILES_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' }))['img-src']).toContain('https://*.tiles.example.com');
  });
});
