import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sellerProfile } from '@second-gear/contract';
import { categoryPageSize } from '@second-gear/contract/constants';
import { insertCar } from '../../../test/fixtures.ts';
import { appHasHeard, as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

let t: TestApp;
let buyer: Person;
let seller: Person;
let admin: Person;
let categoryId: string;
let onMarket: string[];
const PHONE = '+1 512 555 0142';

const get = (who: Person | undefined, url: string) => as(t.app, who, { method: 'GET', url });

/** A sale of the seller's in this state (a wishlist purchase: no booking needed). */
async function sale(sellerId: string, state: 'held' | 'released' | 'refunded') {
  await t.pool.query(
    `insert into payments (kind, seller_id, buyer_email, amount, transaction_id, state, released_at, released_by, refunded_at, refunded_by)
     values ('wishlist', $1, 'buyer@test.example', 15000, $2, $3,
             case when $3 = 'released' then now() end, case when $3 = 'released' then 'buyer' end,
             case when $3 = 'refunded' then now() end, case when $3 = 'refunded' then 'seller' end)`,
    [sellerId, `pi_${randomBytes(8).toString('hex')}`, state],
  );
}

beforeAll(async () => {
  ({ t, buyer, seller, admin, categoryId } = await withPersonas(['buyer', 'seller', 'admin'], { category: true }));
  await t.pool.query('update users set phone = $2 where id = $1', [seller.id, PHONE]);
  onMarket = [];
  for (const name of ['First car', 'Second car']) onMarket.push(await insertCar(t, seller, categoryId, { name }));
  await insertCar(t, seller, categoryId, { name: 'Sold car', paid: true });
  const withdrawn = await insertCar(t, seller, categoryId, { name: 'Withdrawn car' });
  await t.pool.query(`update products set withdrawn_at = now(), mobile = $2 where id = $1`, [withdrawn, PHONE]);
  // The latest listing's Location names the city; the street before it is never shown.
  await t.pool.query(`update products set location = '1200 Congress Ave, Austin, TX', posting_time = now() + interval '1 minute' where id = $1`, [withdrawn]);
  await sale(seller.id, 'released');
  await sale(seller.id, 'released');
  await sale(seller.id, 'held');
  await sale(seller.id, 'refunded');
});
afterAll(() => t?.close());

describe('GET /sellers/{id}', () => {
  it('shows anyone, signed in or not, the seller’s public profile', async () => {
    for (const who of [undefined, buyer, seller, admin]) {
      const res = await get(who, `/api/sellers/${seller.id}`);
      expect(res.statusCode).toBe(200);
      const profile = sellerProfile.parse(res.json());
      const { rows } = await t.pool.query<{ created_at: Date }>('select created_at from users where id = $1', [seller.id]);
      expect(profile).toEqual({
        id: seller.id,
        name: seller.name,
        photo: null,
        memberSince: rows[0]!.created_at.toISOString(),
        verified: false,
        payoutsVerifiedBy: null,
        city: 'Austin, TX',
        responds: { messages: { cases: 0, answered: 0, medianMinutes: null }, bookings: { cases: 0, answered: 0, medianMinutes: null } },
        onMarket: 2,
        sold: 2,
      });
    }
  });

  it('sends nothing private: no email or phone field, and neither the seller’s email nor phone anywhere', async () => {
    const res = await get(undefined, `/api/sellers/${seller.id}`);
    expect(res.json()).toMatchObject({ id: seller.id, name: seller.name });
    const keys = JSON.stringify(Object.keys(res.json()));
    for (const key of ['email', 'phone', 'mobile']) expect(keys.toLowerCase()).not.toContain(key);
    expect(res.body).not.toContain(seller.email);
    expect(res.body).not.toContain(PHONE);
    expect(res.body).not.toContain('Congress');
  });

  it('says an admin verified the seller, and that the payment provider verified their payout account (the test processor in test mode)', async () => {
    const other = await signUp(t.app, 'Seller');
    await t.pool.query(`insert into payout_accounts (seller_id, provider, account_id, details_submitted, payouts_enabled) values ($1, 'test', $2, true, false)`, [
      other.id,
      `acct_${randomBytes(8).toString('hex')}`,
    ]);
    expect((await get(undefined, `/api/sellers/${other.id}`)).json()).toMatchObject({ verified: false, payoutsVerifiedBy: null, city: null, onMarket: 0, sold: 0 });
    const verify = await as(t.app, admin, { method: 'PUT', url: `/api/admin/sellers/${other.id}/verification`, payload: { note: 'Checked the account' } });
    expect(verify.statusCode).toBe(200);
    await t.pool.query('update payout_accounts set payouts_enabled = true where seller_id = $1', [other.id]);
    expect((await get(undefined, `/api/sellers/${other.id}`)).json()).toMatchObject({ verified: true, payoutsVerifiedBy: 'test' });
    // An account at another provider than the one this server runs is not this server's word.
    await t.pool.query(`update payout_accounts set provider = 'stripe' where seller_id = $1`, [other.id]);
    expect((await get(undefined, `/api/sellers/${other.id}`)).json()).toMatchObject({ payoutsVerifiedBy: null });
  });

  it('answers 404 “No seller here.” for an unknown id, a buyer, an admin, and a seller who left or whom an admin deleted', async () => {
    const left = await signUp(t.app, 'Seller');
    await t.pool.query('update users set deleted_at = now() where id = $1', [left.id]);
    const banned = await signUp(t.app, 'Seller');
    await insertCar(t, banned, categoryId, { name: 'A banned seller’s car' });
    expect((await get(undefined, `/api/sellers/${banned.id}`)).statusCode).toBe(200);
    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/users/${banned.id}` })).json()).toMatchObject({ deletedCount: 1 });
    await appHasHeard(t);
    for (const id of ['no-such-seller', buyer.id, admin.id, left.id, banned.id]) {
      for (const path of [`/api/sellers/${id}`, `/api/sellers/${id}/cars`]) {
        const res = await get(buyer, path);
        expect(res.statusCode, path).toBe(404);
        expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No seller here.' });
      }
    }
  });

  it('refuses an id that cannot be a user’s and any query with 400', async () => {
    for (const url of ['/api/sellers/bad%20id', `/api/sellers/${'x'.repeat(65)}`, `/api/sellers/${seller.id}?email=${encodeURIComponent(seller.email)}`]) {
      const res = await get(undefined, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
    }
  });
});

describe('GET /sellers/{id}/cars', () => {
  it('lists the seller’s cars on the market only, newest first, without the seller’s contact for a visitor', async () => {
    const visitor = await get(undefined, `/api/sellers/${seller.id}/cars`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers.vary).toContain('cookie');
    const { cars, nextCursor } = visitor.json();
    expect(cars.map((c: { _id: string }) => c._id)).toEqual([...onMarket].reverse());
    expect(nextCursor).toBeNull();
    for (const car of cars) expect(car).toMatchObject({ email: '', mobile: '', sellerId: seller.id });
    const signedIn = (await get(buyer, `/api/sellers/${seller.id}/cars`)).json();
    expect(signedIn.cars[0]).toMatchObject({ email: seller.email, sellerId: seller.id });
  });

  it('gives the cars a page at a time: Load more continues after the cursor', async () => {
    const many = await signUp(t.app, 'Seller');
    const ids: string[] = [];
    for (let i = 0; i < categoryPageSize.default + 2; i++) ids.push(await insertCar(t, many, categoryId, { name: `Car ${i}` }));
    await t.pool.query(`update products set posting_time = now() - make_interval(mins => ord::int) from unnest($1::uuid[]) with ordinality as u(id, ord) where products.id = u.id`, [ids]);
    const first = (await get(undefined, `/api/sellers/${many.id}/cars`)).json();
    expect(first.cars).toHaveLength(categoryPageSize.default);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await get(undefined, `/api/sellers/${many.id}/cars?after=${encodeURIComponent(first.nextCursor)}`)).json();
    expect([...first.cars, ...second.cars].map((c: { _id: string }) => c._id)).toEqual(ids);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not give out and an unknown query with 400', async () => {
    const madeUp = Buffer.from(JSON.stringify(['-092780-01-01T00:00:00Z', onMarket[0]])).toString('base64url');
    for (const query of ['after=nonsense', `after=${madeUp}`, 'limit=5']) {
      const res = await get(undefined, `/api/sellers/${seller.id}/cars?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
