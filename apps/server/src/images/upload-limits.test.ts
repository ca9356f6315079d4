import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, multipartFile, signUp, type Person, type TestApp } from '../../test/harness.ts';
import { MAX_IMAGE_PIXELS, writeImageFiles } from './store.ts';
import { diskStorage } from './storage.ts';
import { MAX_UPLOADS_PER_HOUR } from './upload-limit.ts';

let t: TestApp;
/** A second app process on the same database. */
let other: TestApp;
let small: Buffer;
/** 9000 × 9000 of one colour: 81 megapixels in about 250 KB of PNG, well under the 10 MB limit. */
let huge: Buffer;

const count = async (sql: string, params: unknown[] = []) => (await t.pool.query(sql, params)).rows[0].n as number;
const filesIn = (app: TestApp) => {
  const dir = path.join(app.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
function upload(app: TestApp, who: Person, bytes: Buffer) {
  const { payload, headers } = multipartFile('image', 'car.png', 'image/png', bytes);
  return as(app.app, who, { method: 'POST', url: '/api/images', payload, headers });
}

beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({ shareDatabaseWith: t });
  small = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#808080' } }).png().toBuffer();
  huge = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#336699' }, limitInputPixels: false }).png({ compressionLevel: 9 }).toBuffer();
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('pictures with too many pixels', () => {
  it('refuses a small file of 9000 × 9000 pixels with 413, naming its size and the limit, and stores nothing', async () => {
    expect(huge.length).toBeLessThan(1024 * 1024);
    const seller = await signUp(t.app, 'Seller');
    const rows = await count('select count(*)::int as n from images');
    const res = await upload(t, seller, huge);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The picture is 9000 × 9000 pixels (81 megapixels); the most we take is 40 megapixels. Save it smaller (for example 4000 × 3000) and upload it again.',
    });
    expect([await count('select count(*)::int as n from images'), filesIn(t)]).toEqual([rows, 0]);
  });

  it('is refused by the re-encoding itself too, for callers that skip the upload check', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    const dir = path.join(t.dataDir, 'direct');
    await expect(writeImageFiles(diskStorage(dir), huge)).rejects.toThrow(/pixel limit/);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });
});

describe('the per-seller upload limit', () => {
  it(`answers 429 with Retry-After to the upload after ${MAX_UPLOADS_PER_HOUR} in an hour, counted across app processes`, async () => {
    expect(MAX_UPLOADS_PER_HOUR).toBe(60);
    const seller = await signUp(t.app, 'Seller');
    for (let i = 0; i < MAX_UPLOADS_PER_HOUR; i++) {
      const res = await upload(i % 2 ? other : t, seller, small);
      expect(res.statusCode, `upload ${i + 1}: ${res.body}`).toBe(200);
    }
    const stored = await count('select count(*)::int as n from images where owner_id = $1', [seller.id]);
    expect(stored).toBe(MAX_UPLOADS_PER_HOUR);

    for (const app of [t, other]) {
      const res = await upload(app, seller, small);
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'You have uploaded 60 pictures in the last hour, the most we take. Try again in 60 minutes.',
      });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(await count('select count(*)::int as n from images where owner_id = $1', [seller.id])).toBe(stored);

    // Another seller is not held back by this one.
    expect((await upload(t, await signUp(t.app, 'Seller'), small)).statusCode).toBe(200);

    // The window slides: once the oldest upload is more than an hour old, one more is taken.
    await t.pool.query(
      `update image_uploads set started_at = now() - interval '61 minutes'
        where ctid = (select ctid from image_uploads where owner_id = $1 order by started_at limit 1)`,
      [seller.id],
    );
    expect((await upload(t, seller, small)).statusCode).toBe(200);
    expect((await upload(t, seller, small)).statusCode).toBe(429);
  });

  it('counts refused uploads too: decoding a damaged picture costs as much as a good one', async () => {
    const seller = await signUp(t.app, 'Seller');
    await upload(t, seller, Buffer.from('not a picture'));
    await upload(t, seller, huge);
    expect(await count('select count(*)::int as n from image_uploads where owner_id = $1', [seller.id])).toBe(2);
  });
});
