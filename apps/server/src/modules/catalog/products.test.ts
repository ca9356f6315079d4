import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, multipartFile, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { carListing } from '../../../test/fixtures.ts';

let t: TestApp;
let seller: Person;
let otherSeller: Person;
let buyer: Person;
let categoryId: string;
let emptyCategoryId: string;

const count = async (table: string) => (await t.pool.query(`select count(*)::int as n from ${table}`)).rows[0].n as number;
const uploadsDir = () => path.join(t.dataDir, 'uploads');
const storedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0);

const photo = (width = 1600, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: '#4477aa' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Owner Secret', Artist: 'Jane Private' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();

function upload(who: Person | undefined, bytes: Buffer, filename = 'car.jpg', type = 'image/jpeg') {
  const { payload, headers } = multipartFile('image', filename, type, bytes);
  return as(t.app, who, { method: 'POST', url: '/api/images', payload, headers });
}

async function uploadUrl(who: Person) {
  const res = await upload(who, await photo());
  expect(res.statusCode).toBe(200);
  return res.json().data.url as string;
}

const validCar = (image: string, overrides: Record<string, unknown> = {}) => carListing(categoryId, image, overrides);

const addCar = (who: Person | undefined, body: object) => as(t.app, who, { method: 'POST', url: '/api/addProducts', payload: body });

beforeAll(async () => {
  ({ t, seller, otherSeller, buyer } = await withPersonas(['seller', 'otherSeller', 'buyer']));
  const banner = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#aa3333' } }).png().toBuffer();
  const { payload, headers } = multipartFile('image', 'b.png', 'image/png', banner);
  const url = (await as(t.app, seller, { method: 'POST', url: '/api/images', payload, headers })).json().data.url as string;
  const key = /\/uploads\/(.+)-\d+\.webp/.exec(url)![1];
  const ids = await t.pool.query(`insert into categories (name, details, image_key) values ('Volvo', 'x', $1), ('Saab', 'y', $1) returning id`, [key]);
  [categoryId, emptyCategoryId] = ids.rows.map((r) => r.id);
});
afterAll(() => t.close());

describe('POST /images', () => {
  it('stores a seller’s JPEG re-encoded to WebP in several widths, with EXIF and GPS gone', async () => {
    const original = await photo();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('Owner Secret'))).toBe(true);
    const res = await upload(seller, original, 'holiday.jpg');
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data.url).toMatch(/^\/uploads\/[A-Za-z0-9_-]+-800\.webp$/);
    expect(data.url).not.toContain('holiday');
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(800);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Owner Secret'))).toBe(false);
    const key = /\/uploads\/(.+)-800\.webp/.exec(data.url)![1];
    for (const w of [480, 800, 1200]) expect(fs.existsSync(path.join(uploadsDir(), `${key}-${w}.webp`))).toBe(true);
  });

  it('accepts PNG, WebP and AVIF by content', async () => {
    const base = sharp({ create: { width: 600, height: 400, channels: 3, background: '#118844' } });
    for (const [bytes, name] of [
      [await base.clone().png().toBuffer(), 'a.png'],
      [await base.clone().webp().toBuffer(), 'a.webp'],
      [await base.clone().avif().toBuffer(), 'a.avif'],
    ] as const) {
      expect((await upload(seller, bytes, name, 'application/octet-stream')).statusCode, name).toBe(200);
    }
  });

  it('refuses a text file named .jpg with 415 and keeps nothing', async () => {
    const [rows, files] = [await count('images'), storedFiles()];
    const res = await upload(seller, Buffer.from('this is not a picture at all'), 'car.jpg');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/not a picture/);
    expect([await count('images'), storedFiles()]).toEqual([rows, files]);
  });

  it('refuses an SVG and a GIF with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect((await upload(seller, svg, 'car.png', 'image/png')).statusCode).toBe(415);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await upload(seller, gif, 'car.gif', 'image/gif')).statusCode).toBe(415);
  });

  it('refuses an 11 MB upload with 413 and keeps nothing', async () => {
    const [rows, files] = [await count('images'), storedFiles()];
    const big = Buffer.concat([await photo(100, 100), Buffer.alloc(11 * 1024 * 1024, 1)]);
    const res = await upload(seller, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than 10 MB/);
    expect([await count('images'), storedFiles()]).toEqual([rows, files]);
  });

  it('refuses a damaged JPEG with 415 and keeps nothing', async () => {
    const [rows, files] = [await count('images'), storedFiles()];
    const good = await photo();
    const damaged = Buffer.concat([good.subarray(0, 400), Buffer.alloc(2000, 7)]);
    const res = await upload(seller, damaged);
    expect(res.statusCode).toBe(415);
    expect([await count('images'), storedFiles()]).toEqual([rows, files]);
  });

  it('refuses a request that is not multipart, or has no image field, with a 4xx', async () => {
    const json = await as(t.app, seller, { method: 'POST', url: '/api/images', payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    const { payload, headers } = multipartFile('picture', 'a.jpg', 'image/jpeg', await photo());
    const wrongField = await as(t.app, seller, { method: 'POST', url: '/api/images', payload, headers });
    expect(wrongField.statusCode).toBe(400);
  });

  it('takes multipart bodies on the upload routes alone: a listing sent as multipart is a 415 in the contract’s shape, and no car is added', async () => {
    const cars = await count('products');
    const { payload, headers } = multipartFile('image', 'car.jpg', 'image/jpeg', await photo(100, 100));
    const res = await as(t.app, seller, { method: 'POST', url: '/api/addProducts', payload, headers });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    expect(await count('products')).toBe(cars);
  });

  it('refuses anonymous callers (401) and buyers (403)', async () => {
    const bytes = await photo();
    expect((await upload(undefined, bytes)).statusCode).toBe(401);
    expect((await upload(buyer, bytes)).statusCode).toBe(403);
  });
});

describe('POST /addProducts', () => {
  it('lists the car with the seller, status, time and flags set by the server', async () => {
    const image = await uploadUrl(seller);
    const res = await addCar(seller, validCar(image));
    expect(res.statusCode).toBe(200);
    const { acknowledged, insertedId } = res.json();
    expect(acknowledged).toBe(true);
    const mine = (await as(t.app, seller, { method: 'GET', url: `/api/products?email=${encodeURIComponent(seller.email)}` })).json();
    const car = mine.find((p: { _id: string }) => p._id === insertedId);
    expect(car).toMatchObject({
      productName: '2018 Volvo XC60',
      categoryName: 'Volvo',
      sellerName: seller.name,
      email: seller.email,
      salesStatus: 'available',
      paid: false,
      advertisement: false,
      verification: '',
      originalPrice: 42000,
      resalePrice: 26500,
      yearsOfUse: '2018',
      image,
    });
    expect(Date.now() - Date.parse(car.postingTime)).toBeLessThan(60_000);
  });

  it.each([
    ['a negative price', { resalePrice: -5 }, /Resale Price must be more than 0/],
    ['a zero price', { originalPrice: 0 }, /Original Price must be more than 0/],
    ['a non-integer price', { resalePrice: 199.5 }, /whole number/],
    ['a price that is not a number', { resalePrice: 'lots' }, /number/],
    ['a year in the future', { yearsOfUse: String(new Date().getFullYear() + 1) }, /future/],
    ['a year that is not a year', { yearsOfUse: 'last spring' }, /Year of Purchase/],
    ['an unknown condition', { condition: 'Mint' }, /Excellent, Good or Fair/],
    ['an empty name', { productName: '   ' }, /Product Name is Required/],
    ['a line break in the name', { productName: 'Civic\rURL:https://evil.example' }, /Product Name must be one line of text/],
    ['a control character in the location', { location: 'Leeds\u001b[2J' }, /Location must be one line of text/],
    ['an overlong description', { description: 'x'.repeat(5001) }, /at most 5000/],
    ['an unknown field', { color: 'red' }, /color/],
    ['a server-set field (paid)', { paid: true }, /paid is set by the server/],
    ['a server-set field (email)', { email: 'someone@else.example' }, /email is set by the server/],
    ['a server-set field (advertisement)', { advertisement: true }, /advertisement is set by the server/],
    ['a server-set field (sellerId: the seller is the session’s)', { sellerId: 'someone-else' }, /sellerId is set by the server/],
    ['a category id that is not a uuid', { categoryId: 'toyota' }, /Category/],
  ])('refuses %s with 400 and stores nothing', async (_what, override, message) => {
    const image = await uploadUrl(seller);
    const before = await count('products');
    const res = await addCar(seller, validCar(image, override));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await count('products')).toBe(before);
  });

  it('refuses an unknown category, a picture it did not make and another seller’s picture', async () => {
    const before = await count('products');
    const mine = await uploadUrl(seller);
    const theirs = await uploadUrl(otherSeller);
    const unknownCategory = await addCar(seller, validCar(mine, { categoryId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().message).toMatch(/Category/);
    expect((await addCar(seller, validCar('https://evil.example/car.jpg'))).statusCode).toBe(400);
    expect((await addCar(seller, validCar(theirs))).statusCode).toBe(400);
    expect(await count('products')).toBe(before);
  });

  it('refuses anonymous callers (401) and buyers (403), whatever the body', async () => {
    const image = await uploadUrl(seller);
    expect((await addCar(undefined, validCar(image))).statusCode).toBe(401);
    expect((await addCar(undefined, { paid: true })).statusCode).toBe(401);
    expect((await addCar(buyer, validCar(image))).statusCode).toBe(403);
  });
});

describe('a seller’s own cars: GET /products, PUT /product/{id}, DELETE /products/{id}', () => {
  let carId: string;
  beforeAll(async () => {
    carId = (await addCar(seller, validCar(await uploadUrl(seller), { productName: 'Mine to manage' }))).json().insertedId;
  });

  it('lists only the caller’s own cars and refuses someone else’s email', async () => {
    const mine = await as(t.app, otherSeller, { method: 'GET', url: `/api/products?email=${encodeURIComponent(otherSeller.email)}` });
    expect(mine.json().some((p: { _id: string }) => p._id === carId)).toBe(false);
    const theirs = await as(t.app, otherSeller, { method: 'GET', url: `/api/products?email=${encodeURIComponent(seller.email)}` });
    expect(theirs.statusCode).toBe(403);
    expect((await as(t.app, buyer, { method: 'GET', url: `/api/products?email=${encodeURIComponent(buyer.email)}` })).statusCode).toBe(403);
    expect((await as(t.app, undefined, { method: 'GET', url: `/api/products?email=${encodeURIComponent(seller.email)}` })).statusCode).toBe(401);
    expect((await as(t.app, seller, { method: 'GET', url: '/api/products' })).statusCode).toBe(400);
  });

  it('advertises once: modifiedCount 1, then 0', async () => {
    const first = await as(t.app, seller, { method: 'PUT', url: `/api/product/${carId}` });
    expect(first.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const again = await as(t.app, seller, { method: 'PUT', url: `/api/product/${carId}` });
    expect(again.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    const home = (await as(t.app, undefined, { method: 'GET', url: '/api/advertisement/products' })).json();
    expect(home.some((p: { _id: string }) => p._id === carId)).toBe(true);
  });

  it('refuses to advertise or delete another seller’s car (404) and changes nothing', async () => {
    const other = await addCar(otherSeller, validCar(await uploadUrl(otherSeller), { productName: 'Not yours' }));
    const otherId = other.json().insertedId;
    expect((await as(t.app, seller, { method: 'PUT', url: `/api/product/${otherId}` })).statusCode).toBe(404);
    expect((await as(t.app, seller, { method: 'DELETE', url: `/api/products/${otherId}` })).statusCode).toBe(404);
    const { rows } = await t.pool.query('select advertised from products where id = $1', [otherId]);
    expect(rows).toEqual([{ advertised: false }]);
  });

  it('refuses anonymous callers, buyers and bad ids', async () => {
    expect((await as(t.app, undefined, { method: 'PUT', url: `/api/product/${carId}` })).statusCode).toBe(401);
    expect((await as(t.app, buyer, { method: 'PUT', url: `/api/product/${carId}` })).statusCode).toBe(403);
    expect((await as(t.app, undefined, { method: 'DELETE', url: `/api/products/${carId}` })).statusCode).toBe(401);
    expect((await as(t.app, buyer, { method: 'DELETE', url: `/api/products/${carId}` })).statusCode).toBe(403);
    expect((await as(t.app, seller, { method: 'PUT', url: '/api/product/not-a-uuid' })).statusCode).toBe(400);
    expect((await as(t.app, seller, { method: 'DELETE', url: `/api/products/00000000-0000-4000-8000-000000000000` })).statusCode).toBe(404);
  });

  it('deletes a booked and wishlisted car, leaving the booking readable and the wishlist clean', async () => {
    const id = (await addCar(seller, validCar(await uploadUrl(seller), { productName: 'Booked then gone' }))).json().insertedId;
    await t.pool.query(
      `insert into bookings (product_id, buyer_id, buyer_name, buyer_email, product_name, price) values ($1, $2, $3, $4, 'Booked then gone', 26500)`,
      [id, buyer.id, buyer.name, buyer.email],
    );
    await t.pool.query('insert into wishlist_entries (product_id, buyer_id) values ($1, $2)', [id, buyer.id]);
    const res = await as(t.app, seller, { method: 'DELETE', url: `/api/products/${id}` });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const booking = await t.pool.query('select product_id, product_name, price from bookings where buyer_id = $1', [buyer.id]);
    expect(booking.rows).toEqual([{ product_id: null, product_name: 'Booked then gone', price: 26500 }]);
    expect((await t.pool.query('select 1 from wishlist_entries where product_id = $1', [id])).rows).toHaveLength(0);
  });

  it('keeps a sold car: delete and advertise answer 409', async () => {
    const id = (await addCar(seller, validCar(await uploadUrl(seller), { productName: 'Sold one' }))).json().insertedId;
    await t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [id]);
    const del = await as(t.app, seller, { method: 'DELETE', url: `/api/products/${id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/Sold one is paid for/);
    expect((await as(t.app, seller, { method: 'PUT', url: `/api/product/${id}` })).statusCode).toBe(409);
    expect((await t.pool.query('select 1 from products where id = $1', [id])).rows).toHaveLength(1);
  });
});

describe('GET /category/{id}', () => {
  let ids: string[] = [];
  beforeAll(async () => {
    await t.pool.query('delete from products');
    const image = /\/uploads\/(.+)-\d+\.webp/.exec(await uploadUrl(seller))![1];
    // 30 cars posted at the same instant, so that only the id orders them: the cursor must still be exact.
    const { rows } = await t.pool.query(
      `insert into products (category_id, seller_id, seller_name, seller_email, product_name, condition, description, original_price,
         resale_price, year_of_purchase, mobile, location, image_key, posting_time)
       select $1, $2, 'S', 's@x', 'Car ' || g, 'Good', 'd', 100, 90, '2020', '1', 'L', $3,
              case when g <= 15 then now() else now() - interval '1 day' end
       from generate_series(1, 30) g returning id`,
      [categoryId, seller.id, image],
    );
    ids = rows.map((r) => r.id);
    await t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [ids[0]]);
  });

  it('pages through every unsold car once, newest first', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/category/${categoryId}?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await as(t.app, buyer, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.categoryName).toBe('Volvo');
      expect(page.products.length).toBeLessThanOrEqual(7);
      seen.push(...page.products.map((p: { _id: string; paid: boolean }) => p._id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(29);
    expect(seen).not.toContain(ids[0]);
    expect(seen.sort()).toEqual(ids.slice(1).sort());
  });

  it('uses a bounded default page', async () => {
    const page = (await as(t.app, seller, { method: 'GET', url: `/api/category/${categoryId}` })).json();
    expect(page.products).toHaveLength(12);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('answers an empty category with an empty list', async () => {
    const page = (await as(t.app, buyer, { method: 'GET', url: `/api/category/${emptyCategoryId}` })).json();
    expect(page).toEqual({ categoryName: 'Saab', products: [], nextCursor: null });
  });

  it('answers 404 for an unknown category and 400 for bad input', async () => {
    const unknown = await as(t.app, buyer, { method: 'GET', url: '/api/category/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect((await as(t.app, buyer, { method: 'GET', url: '/api/category/toyota' })).statusCode).toBe(400);
    expect((await as(t.app, buyer, { method: 'GET', url: `/api/category/${categoryId}?limit=1000` })).statusCode).toBe(400);
    expect((await as(t.app, buyer, { method: 'GET', url: `/api/category/${categoryId}?cursor=garbage` })).statusCode).toBe(400);
  });

  it('requires sign-in', async () => {
    expect((await as(t.app, undefined, { method: 'GET', url: `/api/category/${categoryId}` })).statusCode).toBe(401);
  });
});
