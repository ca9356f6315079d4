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

describe('GET /api/site', () => {
  it('asks for the test-payments banner in production with ALLOW_TEST_PAYMENTS=on', async () => {
    const env = { NODE_ENV: 'production', AUTH_SECRET: randomBytes(32).toString('hex'), PAYMENTS: 'test', ALLOW_TEST_PAYMENTS: 'on' };
    expect(await siteAnswer(env)).toEqual({ status: 200, body: { testPaymentsBanner: true, distanceUnit: 'mi' } });
  });

  it('does not outside production, where test payments are the development default', async () => {
    expect(await siteAnswer()).toEqual({ status: 200, body: { testPaymentsBanner: false, distanceUnit: 'mi' } });
  });

  it('names the market’s unit of distance, miles unless DISTANCE_UNIT says km', async () => {
    expect(await siteAnswer({ DISTANCE_UNIT: 'km' })).toEqual({ status: 200, body: { testPaymentsBanner: false, distanceUnit: 'km' } });
  });
});
