import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../jobs/runner.ts';
import { carListing, insertCategory } from '../../../test/fixtures.ts';
import { as, createTestApp, makeAdmin, multipartFile, signUp, startMailingRunner, type Person, type TestApp } from '../../../test/harness.ts';
import { startS3rver, type TestS3 } from '../../../test/s3rver.ts';
import { until } from '../../../test/until.ts';
import { s3Storage } from '../../images/s3-storage.ts';
import { FORGET_PICTURES, forgetPicturesTask } from './leaving-pictures.ts';

// Leaving takes the person's pictures: the rows at once, the files once the deletion has committed.

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3rver(['leaving']);
});
afterAll(() => s3?.close());

/** Each storage: the app's options that put pictures there, and the names of the files it holds. */
const storages: [string, { app: () => Parameters<typeof createTestApp>[0]; stored: (t: TestApp) => Promise<string[]> }][] = [
  [
    'disk',
    {
      app: () => ({}),
      stored: async (t) => {
        const dir = path.join(t.dataDir, 'uploads');
        return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
      },
    },
  ],
  ['S3', { app: () => ({ images: s3Storage({ ...s3.settings, bucket: 'leaving' }) }), stored: () => s3.objectNames('leaving') }],
];

describe.each(storages)('leaving with pictures in %s storage', (_kind, storage) => {
  let t: TestApp;
  let runner: JobRunner;
  let categoryId: string;
  beforeAll(async () => {
    t = await createTestApp(storage.app());
    // The files are deleted by a job, which this runner takes.
    runner = await startMailingRunner(t);
    categoryId = await insertCategory(t);
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
  });

  async function upload(who: Person, url = '/api/images'): Promise<string> {
    const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#4477aa' } }).jpeg().toBuffer();
    const res = await as(t.app, who, { method: 'POST', url, ...multipartFile('image', 'picture.jpg', 'image/jpeg', bytes) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.url as string;
  }
  async function list(seller: Person, cover: string, photos: string[]): Promise<string> {
    const res = await as(t.app, seller, { method: 'POST', url: '/api/addProducts', payload: carListing(categoryId, cover, { photos }) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().insertedId as string;
  }
  async function book(buyer: Person, productId: string): Promise<string> {
    const res = await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().insertedId as string;
  }
  const keyOf = (url: string) => /^\/uploads\/([A-Za-z0-9_-]+)-\d+\.webp$/.exec(url)![1]!;
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  it('deletes the photo, the deleted cars’ pictures and unused uploads after the commit, and keeps what a sold car’s record shows', async () => {
    const seller = await signUp(t.app, 'Seller');
    const buyer = await signUp(t.app, 'Buyer');
    const photo = await upload(seller, '/api/me/photo');
    expect((await as(t.app, seller, { method: 'PATCH', url: '/api/me/profile', payload: { image: photo } })).statusCode).toBe(200);
    const [unsoldCover, unsoldPhoto, soldCover, soldPhoto] = [await upload(seller), await upload(seller), await upload(seller), await upload(seller)];
    const unused = await upload(seller);
    const unsold = await list(seller, unsoldCover, [unsoldPhoto]);
    const sold = await list(seller, soldCover, [soldPhoto]);
    // The buyer's open booking of the unsold car, and their paid order of the sold one, as the payment records it.
    const openBooking = await book(buyer, unsold);
    const order = await book(buyer, sold);
    await t.pool.query(`update bookings set paid = true, transaction_id = 'pi_leaving_' || id where id = $1`, [order]);
    await t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [sold]);

    const going = [photo, unsoldCover, unsoldPhoto, unused];
    const kept = [soldCover, soldPhoto];
    for (const url of [...going, ...kept]) expect(await served(url), url).toBe(200);

    const res = await as(t.app, seller, { method: 'DELETE', url: '/api/account', payload: { password: 'secret123' } });
    expect(res.json()).toEqual({ deleted: true });
    // The rows went with the account's transaction.
    const { rows } = await t.pool.query<{ key: string }>('select key from images where owner_id = $1 order by key', [seller.id]);
    expect(rows.map((r) => r.key)).toEqual(kept.map(keyOf).sort());
    // The files go after its commit, by a job.
    await until(async () => (await t.pool.query('select 1 from graphile_worker.jobs where task_identifier = $1', [FORGET_PICTURES])).rowCount === 0, 'the pictures’ files were deleted');

    for (const url of going) expect(await served(url), url).toBe(404);
    for (const url of kept) expect(await served(url), url).toBe(200);
    const files = await storage.stored(t);
    for (const url of going) expect(files.filter((name) => name.startsWith(`${keyOf(url)}-`)), url).toEqual([]);
    for (const url of kept) expect(files.filter((name) => name.startsWith(`${keyOf(url)}-`)), url).not.toEqual([]);

    // The buyer's record of the sale still shows the car; the booking of a car that is gone shows none.
    const orders = (await as(t.app, buyer, { method: 'GET', url: `/api/orders?email=${encodeURIComponent(buyer.email)}` })).json() as { _id: string; image: string }[];
    expect(orders.find((o) => o._id === order)?.image).toBe(soldCover);
    expect(orders.find((o) => o._id === openBooking)?.image).toBe('');
  });

  it('takes the same pictures when an admin deletes the person', async () => {
    const seller = await signUp(t.app, 'Seller');
    const admin = await makeAdmin(t);
    const photo = await upload(seller, '/api/me/photo');
    expect((await as(t.app, seller, { method: 'PATCH', url: '/api/me/profile', payload: { image: photo } })).statusCode).toBe(200);
    const cover = await upload(seller);
    await list(seller, cover, []);
    for (const url of [photo, cover]) expect(await served(url), url).toBe(200);

    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/users/${seller.id}` })).json()).toMatchObject({ deletedCount: 1 });
    expect((await t.pool.query('select 1 from images where owner_id = $1', [seller.id])).rowCount).toBe(0);
    await until(async () => (await t.pool.query('select 1 from graphile_worker.jobs where task_identifier = $1', [FORGET_PICTURES])).rowCount === 0, 'the pictures’ files were deleted');
    for (const url of [photo, cover]) expect(await served(url), url).toBe(404);
    const files = await storage.stored(t);
    for (const url of [photo, cover]) expect(files.filter((name) => name.startsWith(`${keyOf(url)}-`)), url).toEqual([]);
  });
});

describe('the job that deletes the files', () => {
  it('fails while storage cannot be reached, so that it is run again, instead of forgetting the files', async () => {
    const unreachable = s3Storage({ ...s3.settings, bucket: 'leaving', endpoint: 'http://127.0.0.1:1' });
    const job = forgetPicturesTask(unreachable)({ pictures: [{ key: 'AAAAAAAAAAAAAAAAAAAAAA', widths: [480, 800] }] }, {} as never);
    await expect(job).rejects.toThrow(/^S3 bucket leaving at http:\/\/127\.0\.0\.1:1: /);
  });
});
