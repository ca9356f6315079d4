import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHasHeard, as, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

let t: TestApp;
let buyer: Person;
let seller: Person;
let admin: Person;

beforeAll(async () => {
  ({ t, buyer, seller, admin } = await withPersonas(['buyer', 'seller', 'admin']));
});
afterAll(() => t.close());

describe('GET /users/{admin|seller|buyer}/{email}', () => {
  it('answers for the caller’s own email', async () => {
    const get = (who: Person, kind: string) => as(t.app, who, { method: 'GET', url: `/api/users/${kind}/${encodeURIComponent(who.email)}` });
    expect((await get(buyer, 'buyer')).json()).toEqual({ isBuyer: true });
    expect((await get(buyer, 'seller')).json()).toEqual({ isSeller: false, isVerified: false });
    expect((await get(buyer, 'admin')).json()).toEqual({ isAdmin: false });
    expect((await get(seller, 'seller')).json()).toEqual({ isSeller: true, isVerified: false });
    expect((await get(seller, 'buyer')).json()).toEqual({ isBuyer: false });
    expect((await get(admin, 'admin')).json()).toEqual({ isAdmin: true });
  });

  it('matches the email case-insensitively', async () => {
    const res = await as(t.app, buyer, { method: 'GET', url: `/api/users/buyer/${encodeURIComponent(buyer.email.toUpperCase())}` });
    expect(res.json()).toEqual({ isBuyer: true });
  });

  it('shows the verification of a verified seller', async () => {
    await t.pool.query('update users set verified = true where id = $1', [seller.id]);
    await appHasHeard(t);
    const res = await as(t.app, seller, { method: 'GET', url: `/api/users/seller/${encodeURIComponent(seller.email)}` });
    expect(res.json()).toEqual({ isSeller: true, isVerified: true });
    await t.pool.query('update users set verified = false where id = $1', [seller.id]);
    await appHasHeard(t);
  });

  it('refuses anonymous callers with 401', async () => {
    for (const kind of ['admin', 'seller', 'buyer']) {
      const res = await as(t.app, undefined, { method: 'GET', url: `/api/users/${kind}/${encodeURIComponent(buyer.email)}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
  });

  it('refuses someone else’s email with 403 and reveals nothing', async () => {
    for (const kind of ['admin', 'seller', 'buyer']) {
      const res = await as(t.app, buyer, { method: 'GET', url: `/api/users/${kind}/${encodeURIComponent(seller.email)}` });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('isSeller');
    }
  });

  it('lets an admin ask about anyone', async () => {
    const res = await as(t.app, admin, { method: 'GET', url: `/api/users/seller/${encodeURIComponent(seller.email)}` });
    expect(res.json()).toEqual({ isSeller: true, isVerified: false });
    const unknown = await as(t.app, admin, { method: 'GET', url: '/api/users/buyer/nobody%40test.example' });
    expect(unknown.json()).toEqual({ isBuyer: false });
  });

  it('answers 400 for something that is not an email', async () => {
    const res = await as(t.app, buyer, { method: 'GET', url: '/api/users/buyer/not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/email/i);
  });
});

describe('POST /users (compatibility)', () => {
  const post = (who: Person | undefined, payload: object) => as(t.app, who, { method: 'POST', url: '/api/users', payload });

  it('answers as the original did for a known email and changes nothing', async () => {
    const res = await post(buyer, { name: buyer.name, email: buyer.email, photo: '', role: 'Buyer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: false, message: `Already Registered with Email ${buyer.email}` });
  });

  it('never changes a role, not even to Seller', async () => {
    await post(buyer, { name: buyer.name, email: buyer.email, role: 'Seller' });
    const { rows } = await t.pool.query('select role from users where id = $1', [buyer.id]);
    expect(rows[0].role).toBe('buyer');
  });

  it('refuses Admin as a role with 400', async () => {
    const res = await post(buyer, { name: buyer.name, email: buyer.email, role: 'Admin' });
    expect(res.statusCode).toBe(400);
    const { rows } = await t.pool.query('select role from users where id = $1', [buyer.id]);
    expect(rows[0].role).toBe('buyer');
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await post(undefined, { name: 'x', email: 'x@test.example', role: 'Buyer' })).statusCode).toBe(401);
  });

  it('refuses someone else’s email with 403', async () => {
    expect((await post(buyer, { name: 'x', email: seller.email, role: 'Buyer' })).statusCode).toBe(403);
  });

  it('refuses unknown fields with 400', async () => {
    const res = await post(buyer, { name: buyer.name, email: buyer.email, role: 'Buyer', isAdmin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/isAdmin/);
  });
});
