import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, multipartFile, type Person, type TestApp } from '../../test/harness.ts';
import { withPersonas } from '../../test/personas.ts';
import { startS3rver, type TestS3 } from '../../test/s3rver.ts';
import { loadConfig } from '../config.ts';
import { s3Storage } from './s3-storage.ts';
import { diskStorage, type ImageStorage, type S3Settings } from './storage.ts';
import { storeImage } from './store.ts';

let s3: TestS3;
// Every file of the disk storage's tests lives here and goes with them.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-test-storage-'));
let settings: S3Settings;
let names = 0;

beforeAll(async () => {
  s3 = await startS3rver(['contract', 'app']);
  settings = s3.settings;
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const storages: [string, () => ImageStorage][] = [
  ['disk', () => diskStorage(path.join(tmp, 'disk'))],
  ['S3', () => s3Storage({ ...settings, bucket: 'contract' })],
];

describe.each(storages)('%s storage', (_kind, make) => {
  let storage: ImageStorage;
  beforeAll(() => {
    storage = make();
  });
  const name = () => `k${++names}-${Math.random().toString(36).slice(2)}-480.webp`;

  it('gives back what was put, with its size', async () => {
    const n = name();
    const bytes = Buffer.from('RIFF....WEBPVP8 some picture bytes');
    await storage.put(n, bytes, 'image/webp');
    const got = await storage.get(n);
    expect(got?.size).toBe(bytes.length);
    expect(await readAll(got!.body)).toEqual(bytes);
  });

  it('replaces an object put again under the same name', async () => {
    const n = name();
    await storage.put(n, Buffer.from('first'), 'image/webp');
    await storage.put(n, Buffer.from('second'), 'image/webp');
    expect((await readAll((await storage.get(n))!.body)).toString()).toBe('second');
  });

  it('answers undefined for a missing object', async () => {
    expect(await storage.get(name())).toBeUndefined();
  });

  it('deletes an object, and deleting a missing one is not an error', async () => {
    const n = name();
    await storage.put(n, Buffer.from('x'), 'image/webp');
    await storage.delete(n);
    expect(await storage.get(n)).toBeUndefined();
    await expect(storage.delete(n)).resolves.toBeUndefined();
  });
});

describe('disk storage', () => {
  it('refuses names that would leave its directory', async () => {
    const storage = diskStorage(path.join(tmp, 'disk'));
    await expect(storage.get('../secret')).rejects.toThrow(/Bad object name/);
    await expect(storage.put('a/b.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Bad object name/);
  });
});

describe('S3 configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/x' } as const;
  it('is off when S3_BUCKET is unset', () => {
    expect(loadConfig(base).s3).toBeUndefined();
  });

  it('reads the bucket, endpoint and keys, with region us-east-1 by default', () => {
    const env = { ...base, S3_BUCKET: 'pics', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(env).s3).toEqual({ bucket: 'pics', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'id', secretAccessKey: 'secret' });
    expect(loadConfig({ ...env, S3_REGION: 'eu-west-1' }).s3?.region).toBe('eu-west-1');
  });

  it('names the missing variable in one line', () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: 'pics', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /^Invalid configuration: S3_ACCESS_KEY_ID is required when S3_BUCKET is set$/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'pics', S3_ACCESS_KEY_ID: 'i' })).toThrow(/S3_SECRET_ACCESS_KEY is required/);
    expect(() => loadConfig({ ...base, S3_ACCESS_KEY_ID: 'i' })).toThrow(/S3_BUCKET is required when S3_ACCESS_KEY_ID is set/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'p', S3_ACCESS_KEY_ID: 'i', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'nope' })).toThrow(/S3_ENDPOINT/);
  });
});

describe('the app with pictures in S3', () => {
  let t: TestApp;
  let seller: Person;
  const count = async () => (await t.pool.query('select count(*)::int as n from images')).rows[0].n as number;
  const photo = () => sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#4477aa' } }).jpeg().toBuffer();
  const upload = (bytes: Buffer, filename = 'car.jpg') => {
    const { payload, headers } = multipartFile('image', filename, 'image/jpeg', bytes);
    return as(t.app, seller, { method: 'POST', url: '/api/images', payload, headers });
  };

  beforeAll(async () => {
    ({ t, seller } = await withPersonas(['seller'], { app: { images: s3Storage({ ...settings, bucket: 'app' }) } }));
  });
  afterAll(() => t?.close());

  it('stores an upload in the bucket and serves it at /uploads/ with long-lived cache headers', async () => {
    const res = await upload(await photo());
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_-]+-800\.webp$/);
    const key = /\/uploads\/(.+)-800\.webp/.exec(url)![1];
    expect(await s3.objectNames('app')).toEqual([480, 1200, 800].map((w) => `${key}-${w}.webp`).sort());
    expect(fs.existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 800]);
  });

  it('answers 404 with the JSON error body for a picture that is not there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/AAAAAAAAAAAAAAAAAAAAAA-800.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: expect.stringContaining('/uploads/AAAAAAAAAAAAAAAAAAAAAA-800.webp') });
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2Fauth-secret' })).statusCode).toBe(404);
  });

  it('keeps nothing in the bucket of a refused text file or a damaged picture', async () => {
    const [rows, objects] = [await count(), await s3.objectNames('app')];
    const text = await upload(Buffer.from('this is not a picture at all'), 'car.jpg');
    expect(text.statusCode).toBe(415);
    const good = await photo();
    const damaged = await upload(Buffer.concat([good.subarray(0, 400), Buffer.alloc(2000, 7)]));
    expect(damaged.statusCode).toBe(415);
    expect([await count(), await s3.objectNames('app')]).toEqual([rows, objects]);
  });

  it('deletes the stored files when the images row cannot be written', async () => {
    const objects = await s3.objectNames('app');
    // An owner that does not exist breaks the foreign key after the files are written.
    await expect(storeImage(t.pool, t.app.images, await photo(), 'no-such-user')).rejects.toThrow(/foreign key/);
    expect(await s3.objectNames('app')).toEqual(objects);
  });
});

describe('S3 storage that cannot be reached', () => {
  it('fails with an error naming the bucket and endpoint', async () => {
    const storage = s3Storage({ ...settings, bucket: 'pics', endpoint: 'http://127.0.0.1:1' });
    await expect(storage.put('a-480.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/^S3 bucket pics at http:\/\/127\.0\.0\.1:1: /);
  });
});
