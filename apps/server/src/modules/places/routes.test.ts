import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { nextLoopbackAddress } from '../../../test/raw-http.ts';
import { PLACE_LOOKUPS_PER_ADDRESS } from './routes.ts';

let t: TestApp;
let buyer: Person;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app, 'Buyer');
});
afterAll(() => t?.close());

const get = (url: string, who?: Person, remoteAddress = nextLoopbackAddress()) => as(t.app, who, { method: 'GET', url, remoteAddress });

describe('GET /api/places/zip/{zip}', () => {
  it('answers a ZIP code’s city, state and centre to anyone, signed in or not', async () => {
    for (const who of [undefined, buyer]) {
      const res = await get('/api/places/zip/78701', who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ zip: '78701', city: 'Austin', state: 'TX', lat: 30.2713, lon: -97.7426 });
    }
  });

  it('says a ZIP code of five digits that is no US one is not, and refuses what is not five digits', async () => {
    const unknown = await get('/api/places/zip/00000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: 'No US ZIP code 00000.' });
    for (const zip of ['7870', '787011', 'abcde', '78701%20']) {
      const res = await get(`/api/places/zip/${zip}`);
      expect(res.statusCode, zip).toBe(400);
      expect(res.json().message, zip).toContain('ZIP code must be 5 digits.');
    }
  });
});

describe('GET /api/places/nearest', () => {
  it('answers the ZIP code nearest a point', async () => {
    const res = await get('/api/places/nearest?lat=30.27&lon=-97.74');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ zip: '78701', city: 'Austin', state: 'TX' });
  });

  it('has none for a point far from every US ZIP code, and refuses a point that is not one', async () => {
    const paris = await get('/api/places/nearest?lat=48.86&lon=2.35');
    expect(paris.statusCode).toBe(404);
    expect(paris.json().message).toBe('No US ZIP code near there.');
    const refusals: [string, string][] = [
      ['lat=91&lon=0', 'lat must be between -90 and 90.'],
      ['lat=0&lon=-181', 'lon must be between -180 and 180.'],
      ['lat=north&lon=0', 'lat must be a number.'],
      ['lon=0', 'lat must be a number.'],
      ['lat=1&lon=2&zip=78701', ''],
    ];
    for (const [query, message] of refusals) {
      const res = await get(`/api/places/nearest?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });
});

describe('the lookups from one client address', () => {
  it(`take ${PLACE_LOOKUPS_PER_ADDRESS.max} in ${PLACE_LOOKUPS_PER_ADDRESS.minutes} minutes, then wait; another address is not held up`, async () => {
    const address = nextLoopbackAddress();
    for (let i = 0; i < PLACE_LOOKUPS_PER_ADDRESS.max; i++) {
      const res = await get(i % 2 ? '/api/places/zip/78701' : '/api/places/nearest?lat=30.27&lon=-97.74', undefined, address);
      expect(res.statusCode, `lookup ${i + 1}`).toBe(200);
    }
    const over = await get('/api/places/zip/78701', undefined, address);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/^Too many ZIP code lookups from your network\. Try again in /);
    expect((await get('/api/places/zip/78701')).statusCode).toBe(200);
  });
});
