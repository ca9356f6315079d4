import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '@second-gear/contract';
import { storeImage } from '../../images/store.ts';
import { as, makeAdmin, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

let t: TestApp;
let seller: Person;
let categoryId: string;

async function addCar(name: string, flags: { advertised: boolean; paid?: boolean; daysAgo?: number }) {
  const picture = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#3366aa' } }).png().toBuffer();
  const image = await storeImage(t.pool, t.app.images, picture, seller.id);
  await t.pool.query(
    `insert into products (category_id, seller_id, seller_name, seller_email, product_name, condition, description, original_price,
       resale_price, year_of_purchase, mobile, location, image_key, advertised, paid, sales_status, posting_time)
     values ($1, $2, $3, $4, $5, 'Good', 'A car', 20000, 15000, '2019', '555', 'Town', $6, $7, $8, $9, now() - make_interval(days => $10))`,
    [categoryId, seller.id, seller.name, seller.email, name, image.key, flags.advertised, flags.paid ?? false, flags.paid ? 'sold' : 'available', flags.daysAgo ?? 0],
  );
}

beforeAll(async () => {
  ({ t, seller } = await withPersonas(['seller']));
  const picture = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#aa3333' } }).png().toBuffer();
  const image = await storeImage(t.pool, t.app.images, picture, null);
  const { rows } = await t.pool.query(`insert into categories (name, details, image_key) values ('Volvo', 'Safe cars', $1) returning id`, [image.key]);
  categoryId = rows[0].id;
  await addCar('Old advertised', { advertised: true, daysAgo: 3 });
  await addCar('New advertised', { advertised: true, daysAgo: 1 });
  await addCar('Sold advertised', { advertised: true, paid: true });
  await addCar('Not advertised', { advertised: false });
});
afterAll(() => t.close());

describe('GET /categories', () => {
  it('lists categories with name, details and a picture anyone can load', async () => {
    const res = await as(t.app, undefined, { method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const [volvo] = res.json();
    expect(volvo).toMatchObject({ _id: categoryId, name: 'Volvo', details: 'Safe cars' });
    const picture = await t.app.inject({ method: 'GET', url: volvo.image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toContain('immutable');
  });
});

describe('GET /advertisement/products', () => {
  it('lists advertised, unpaid cars newest first, to anyone', async () => {
    const res = await as(t.app, undefined, { method: 'GET', url: '/api/advertisement/products' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((p: { productName: string }) => p.productName)).toEqual(['New advertised', 'Old advertised']);
    for (const p of list) expect(product.parse(p)).toMatchObject({ paid: false, advertisement: true, categoryName: 'Volvo', salesStatus: 'available' });
  });

  it('shows the seller’s current verification on cars listed before it', async () => {
    const before = (await as(t.app, undefined, { method: 'GET', url: '/api/advertisement/products' })).json();
    expect(before[0].verification).toBe('');
    // Through the admin's Make Verified, as in the product (a direct SQL update would wait out the
    // advertised grid's one-second cache).
    const admin = await makeAdmin(t);
    const verify = await as(t.app, admin, { method: 'PUT', url: `/api/seller/verify?id=${seller.id}&email=${encodeURIComponent(seller.email)}` });
    expect(verify.json().modifiedCount).toBe(1);
    const after = (await as(t.app, undefined, { method: 'GET', url: '/api/advertisement/products' })).json();
    expect(after.every((p: { verification: string }) => p.verification === 'verified')).toBe(true);
  });

  it('gives each car a srcset of its stored widths', async () => {
    const [first] = (await as(t.app, undefined, { method: 'GET', url: '/api/advertisement/products' })).json();
    expect(first.imageSrcSet).toMatch(/-480\.webp 480w, .*-800\.webp 800w$/);
  });
});

describe('seller contact details on the advertised grid', () => {
  const phone = '+1 503 555 0199';
  let contactSeller: Person;

  beforeAll(async () => {
    contactSeller = await signUp(t.app, 'Seller', { email: `private-${Date.now()}@seller.example` });
    const picture = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#225577' } }).png().toBuffer();
    const image = await storeImage(t.pool, t.app.images, picture, contactSeller.id);
    await t.pool.query(
      `insert into products (category_id, seller_id, seller_name, seller_email, product_name, condition, description, original_price,
         resale_price, year_of_purchase, mobile, location, image_key, advertised)
       values ($1, $2, $3, $4, 'Contact test car', 'Good', 'A car', 20000, 15000, '2019', $5, 'Town', $6, true)`,
      [categoryId, contactSeller.id, contactSeller.name, contactSeller.email, phone, image.key],
    );
    // Written behind the app's back: not to wait out the grid's one-second cache.
    t.app.catalogReads.clear();
  });

  const grid = (who?: Person) => as(t.app, who, { method: 'GET', url: '/api/advertisement/products' });
  const car = (res: { json(): unknown }) => (res.json() as { productName: string; email: string; mobile: string }[]).find((p) => p.productName === 'Contact test car')!;

  it('sends no seller e-mail or phone number to anonymous visitors, anywhere in the answer', async () => {
    const res = await grid();
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(contactSeller.email);
    expect(res.body).not.toContain(phone);
    expect(res.body).not.toMatch(/@/);
    expect(car(res)).toMatchObject({ email: '', mobile: '', sellerName: contactSeller.name });
    for (const p of res.json()) expect(product.parse(p)).toMatchObject({ email: '', mobile: '' });
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it('sends them to signed-in people, and each kind of caller keeps getting its own answer from the cache', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    for (let round = 0; round < 2; round++) {
      expect(car(await grid(buyer))).toMatchObject({ email: contactSeller.email, mobile: phone });
      expect(car(await grid())).toMatchObject({ email: '', mobile: '' });
    }
  });
});
