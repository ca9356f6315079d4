import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { as, multipartFile, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

let t: TestApp;
let admin: Person;
let otherAdmin: Person;
let seller: Person;
let buyer: Person;
let picture: string;

const unknownId = '00000000-0000-4000-8000-000000000000';

async function upload(who: Person, background = '#aa3333') {
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background } }).png().toBuffer();
  const res = await as(t.app, who, { method: 'POST', url: '/api/images', ...multipartFile('image', 'brand.png', 'image/png', png) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

const add = (who: Person | undefined, payload: object) => as(t.app, who, { method: 'POST', url: '/api/categories', payload });
const edit = (who: Person | undefined, id: string, payload: object) => as(t.app, who, { method: 'PUT', url: `/api/categories/${id}`, payload });
const remove = (who: Person | undefined, id: string) => as(t.app, who, { method: 'DELETE', url: `/api/categories/${id}` });
const row = async (id: string) => (await t.pool.query('select name, details, image_key from categories where id = $1', [id])).rows[0];
const count = async () => (await t.pool.query('select count(*)::int as n from categories')).rows[0].n as number;
let serial = 0;
const uniqueName = (prefix = 'Brand') => `${prefix} ${++serial} ${Date.now().toString(36)}`;

async function added(name = uniqueName()) {
  const res = await add(admin, { name, details: 'Made for this test.', image: picture });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().insertedId as string;
}

beforeAll(async () => {
  ({ t, admin, otherAdmin, seller, buyer } = await withPersonas(['admin', 'otherAdmin', 'seller', 'buyer']));
  picture = await upload(admin);
});
afterAll(() => t.close());

describe('category routes refuse everyone but admins', () => {
  const routes = [
    ['GET', '/api/admin/categories'],
    ['POST', '/api/categories'],
    ['PUT', `/api/categories/${unknownId}`],
    ['DELETE', `/api/categories/${unknownId}`],
  ] as const;
  it.each(routes)('%s %s: no session 401, buyer and seller 403', async (method, url) => {
    const payload = method === 'POST' || method === 'PUT' ? { name: 'Nope', details: 'x', image: picture } : undefined;
    expect((await as(t.app, undefined, { method, url, payload })).statusCode).toBe(401);
    expect((await as(t.app, buyer, { method, url, payload })).statusCode).toBe(403);
    expect((await as(t.app, seller, { method, url, payload })).statusCode).toBe(403);
  });

  it('changes nothing for the refused calls', async () => {
    const before = await count();
    await add(seller, { name: uniqueName('Seller brand'), details: 'x', image: await upload(seller) });
    expect(await count()).toBe(before);
  });
});

describe('POST /categories', () => {
  it('adds a category that the home page and the Add A Product form list at once', async () => {
    const name = uniqueName('Skoda');
    const res = await add(admin, { name: `  ${name} `, details: ' Simply clever. ', image: picture });
    expect(res.statusCode, res.body).toBe(200);
    const { acknowledged, insertedId } = res.json();
    expect(acknowledged).toBe(true);
    const home = (await as(t.app, undefined, { method: 'GET', url: '/api/categories' })).json();
    expect(home).toContainEqual({ _id: insertedId, name, details: 'Simply clever.', image: picture });
    const form = (await as(t.app, seller, { method: 'GET', url: '/api/addProductCategories' })).json();
    expect(form).toContainEqual({ _id: insertedId, name });
  });

  it('answers 400 naming the field for a missing, empty or too long field, or an unknown one', async () => {
    const valid = { name: uniqueName(), details: 'x', image: picture };
    const before = await count();
    for (const [payload, field] of [
      [{ ...valid, name: undefined }, 'Name is Required'],
      [{ ...valid, name: '   ' }, 'Name is Required'],
      [{ ...valid, name: 'N'.repeat(61) }, 'Name must be at most 60 characters'],
      [{ ...valid, details: '' }, 'Details is Required'],
      [{ ...valid, details: 'd'.repeat(501) }, 'Details must be at most 500 characters'],
      [{ ...valid, image: undefined }, 'Picture is Required'],
      [{ ...valid, cars: 3 }, 'cars'],
    ] as const) {
      const res = await add(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a picture the admin did not upload: another admin’s, a seller’s, or one from elsewhere', async () => {
    const before = await count();
    for (const image of [await upload(otherAdmin), await upload(seller), 'https://evil.example/logo.png', '/uploads/AAAAAAAAAAAAAAAAAAAA-800.webp']) {
      const res = await add(admin, { name: uniqueName(), details: 'x', image });
      expect(res.statusCode, image).toBe(400);
      expect(res.json().message).toBe('Picture must be a picture you uploaded here. Choose the picture again.');
    }
    expect(await count()).toBe(before);
  });

  it('answers 409 for a name that exists in any case, and keeps one category', async () => {
    const name = uniqueName('Lada');
    await added(name);
    for (const same of [name, name.toUpperCase(), ` ${name.toLowerCase()} `]) {
      const res = await add(admin, { name: same, details: 'Again', image: picture });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: `A category named ${same.trim()} already exists.` });
    }
    expect((await t.pool.query('select count(*)::int as n from categories where lower(name) = lower($1)', [name])).rows[0].n).toBe(1);
  });
});

describe('PUT /categories/:id', () => {
  it('changes only the fields sent, and says when nothing changed', async () => {
    const id = await added();
    const before = await row(id);
    const name = uniqueName('Renamed');
    expect((await edit(admin, id, { name })).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect(await row(id)).toEqual({ ...before, name });
    expect((await edit(admin, id, { name, details: before.details })).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    const other = await upload(admin, '#3355aa');
    expect((await edit(admin, id, { details: 'New words', image: other })).json()).toMatchObject({ modifiedCount: 1 });
    const home = (await as(t.app, undefined, { method: 'GET', url: '/api/categories' })).json();
    expect(home).toContainEqual({ _id: id, name, details: 'New words', image: other });
  });

  it('keeps a picture nobody uploaded (the demo data’s) when it is sent back unchanged', async () => {
    const id = await insertCategory(t, uniqueName('Demo'));
    const current = (await as(t.app, admin, { method: 'GET', url: '/api/admin/categories' })).json().find((c: { _id: string }) => c._id === id);
    expect((await edit(admin, id, { details: 'Edited', image: current.image })).json()).toMatchObject({ modifiedCount: 1 });
  });

  it('answers 400 for an empty change or bad field, 404 for an unknown id, 409 for a taken name, and changes nothing', async () => {
    const id = await added();
    const taken = uniqueName('Taken');
    await added(taken);
    const before = await row(id);
    expect((await edit(admin, id, {})).json().message).toContain('Send at least one of name, details and image');
    expect((await edit(admin, id, { name: '' })).json().message).toContain('Name is Required');
    expect((await edit(admin, id, { image: await upload(seller) })).statusCode).toBe(400);
    expect((await edit(admin, 'not-a-uuid', { name: 'x' })).statusCode).toBe(400);
    const unknown = await edit(admin, unknownId, { name: uniqueName() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no such category.');
    const clash = await edit(admin, id, { name: taken.toLowerCase(), details: 'Would change' });
    expect(clash.statusCode).toBe(409);
    expect(await row(id)).toEqual(before);
  });
});

describe('DELETE /categories/:id', () => {
  it('deletes a category no car uses; it leaves the public lists', async () => {
    const id = await added();
    expect((await remove(admin, id)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await row(id)).toBeUndefined();
    const home = (await as(t.app, undefined, { method: 'GET', url: '/api/categories' })).json();
    expect(home.map((c: { _id: string }) => c._id)).not.toContain(id);
    expect((await remove(admin, id)).statusCode).toBe(404);
  });

  it('refuses (409) while any car uses it, a sold one included, and removes nothing', async () => {
    const name = uniqueName('Busy');
    const id = await added(name);
    const car = await insertCar(t, seller, id, { name: 'Unsold' });
    await insertCar(t, seller, id, { name: 'Sold', paid: true });
    const res = await remove(admin, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: `${name} has 2 cars; a category can only be deleted once no car uses it.` });

    await t.pool.query('delete from products where id = $1', [car]);
    expect((await remove(admin, id)).json().message).toBe(`${name} has 1 car; a category can only be deleted once no car uses it.`);
    expect(await row(id)).toMatchObject({ name });
    expect((await t.pool.query('select count(*)::int as n from products where category_id = $1', [id])).rows[0].n).toBe(1);
  });

  it('lists every category with its number of cars for the admin', async () => {
    const id = await added();
    await insertCar(t, seller, id);
    await insertCar(t, seller, id, { paid: true });
    const list = (await as(t.app, admin, { method: 'GET', url: '/api/admin/categories' })).json();
    expect(list).toContainEqual({ _id: id, name: expect.any(String), details: 'Made for this test.', image: picture, cars: 2 });
  });
});

describe('the catalog’s cached reads', () => {
  it('show a renamed category’s new name on its cars at once', async () => {
    const id = await added();
    await insertCar(t, seller, id, { name: 'Cached car', advertised: true });
    const advertised = async () =>
      (await as(t.app, undefined, { method: 'GET', url: '/api/advertisement/products' })).json().find((p: { categoryId: string }) => p.categoryId === id);
    // Fills the cache with the old name.
    expect((await advertised()).categoryName).not.toMatch(/^Fresh name/);
    const name = uniqueName('Fresh name');
    await edit(admin, id, { name });
    expect((await advertised()).categoryName).toBe(name);
  });
});
