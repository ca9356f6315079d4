import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkVin } from '@second-gear/contract/constants';
import { createTestApp, ORIGIN, signUp, type Person, type TestApp } from '../../test/harness.ts';
import { demoCars } from '../../demo/catalog.ts';
import { DEMO_PASSWORD, demoAccounts, seedDemoData, type SeededAccount } from './seed.ts';

/**
 * One seeding (it draws every demo picture, which takes a while) on a database where two demo
 * emails were taken before it ran, with production's random passwords. The contract's demo1234
 * outside production is what the e2e journeys sign in with.
 */
let t: TestApp;
let squatters: Person[];
let created: SeededAccount[] | undefined;

beforeAll(async () => {
  t = await createTestApp();
  squatters = [
    await signUp(t.app, 'Buyer', { email: 'admin@demo.test', password: 'mine12345', confirmed: false }),
    await signUp(t.app, 'Buyer', { email: 'seller@demo.test', confirmed: false }),
  ];
  created = await seedDemoData({ pool: t.pool, auth: t.app.auth, images: t.app.images, passwords: 'random-passwords' });
});
afterAll(() => t.close());

async function signsIn(email: string, password: string): Promise<boolean> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email, password } });
  return res.statusCode === 200;
}

describe('seeding the demo data', () => {
  it('never changes the role of an account that existed before, nor puts demo cars under its name', async () => {
    const { rows } = await t.pool.query<{ email: string; role: string }>('select email, role from users where email = any($1) order by email', [demoAccounts.map((a) => a.email)]);
    expect(Object.fromEntries(rows.map((r) => [r.email, r.role]))).toEqual({
      'admin@demo.test': 'buyer',
      'buyer@demo.test': 'buyer',
      'seller2@demo.test': 'seller',
      'seller@demo.test': 'buyer',
    });
    expect(await signsIn('admin@demo.test', 'mine12345')).toBe(true);
    const { rows: owners } = await t.pool.query<{ seller_id: string; count: number }>('select seller_id, count(*)::int as count from products group by seller_id');
    expect(owners.some((o) => squatters.some((s) => s.id === o.seller_id))).toBe(false);
    expect(owners.reduce((sum, o) => sum + o.count, 0)).toBe(demoCars.filter((c) => c.seller === 'seller2@demo.test').length);
  });

  it('gives each account it creates, and only those, a random password that signs in; demo1234 opens none', async () => {
    expect(created?.map((a) => [a.email, a.role])).toEqual([
      ['seller2@demo.test', 'seller'],
      ['buyer@demo.test', 'buyer'],
    ]);
    expect(created![0]!.password).not.toBe(created![1]!.password);
    for (const account of created!) {
      expect(account.password).toMatch(/^[\w-]{16}$/);
      expect(await signsIn(account.email, account.password), account.email).toBe(true);
    }
    for (const account of demoAccounts) expect(await signsIn(account.email, DEMO_PASSWORD), account.email).toBe(false);
  });

  it('confirms the email of each account it creates, and of no other', async () => {
    const { rows } = await t.pool.query<{ email: string; email_verified: boolean }>('select email, email_verified from users where email = any($1)', [demoAccounts.map((a) => a.email)]);
    expect(Object.fromEntries(rows.map((r) => [r.email, r.email_verified]))).toEqual({
      'admin@demo.test': false,
      'buyer@demo.test': true,
      'seller2@demo.test': true,
      'seller@demo.test': false,
    });
  });

  it('adds nothing on a database that has categories', async () => {
    expect(await seedDemoData({ pool: t.pool, auth: t.app.auth, images: t.app.images, passwords: 'contract-passwords' })).toBeUndefined();
  });

  it('gives every demo car its details, a valid VIN of its make, a gallery and a price history ending at its price', async () => {
    const { rows } = await t.pool.query<{
      product_name: string;
      category: string;
      model_year: number;
      mileage: number | null;
      fuel: string | null;
      body_type: string | null;
      vin: string;
      resale_price: number;
      photos: number;
      prices: { old: number; new: number }[] | null;
    }>(
      `select p.product_name, c.name as category, p.model_year, p.mileage, p.fuel, p.body_type, p.vin, p.resale_price,
              (select count(*)::int from product_photos ph where ph.product_id = p.id) as photos,
              (select json_agg(json_build_object('old', pc.old_price, 'new', pc.new_price) order by pc.changed_at)
                 from price_changes pc where pc.product_id = p.id) as prices
         from products p join categories c on c.id = p.category_id`,
    );
    // seller@demo.test was taken before the seeding: only seller2's cars were listed.
    expect(rows).toHaveLength(demoCars.filter((car) => car.seller === 'seller2@demo.test').length);
    expect(new Set(rows.map((r) => r.vin)).size).toBe(rows.length);
    for (const car of rows) {
      const vin = checkVin(car.vin);
      expect(vin, car.vin).toMatchObject({ ok: true, make: car.category, modelYear: car.model_year });
      expect(car.product_name.startsWith(String(car.model_year))).toBe(true);
      expect(car.mileage).toBeGreaterThan(1000);
      expect(car.fuel).not.toBeNull();
      expect(car.body_type).not.toBeNull();
      expect(car.photos).toBe(2);
      if (car.prices) {
        expect(car.prices.at(-1)!.new).toBe(car.resale_price);
        car.prices.forEach((change, i) => i > 0 && expect(change.old).toBe(car.prices![i - 1]!.new));
      }
    }
    expect(rows.filter((r) => r.prices).length).toBeGreaterThan(rows.length / 3);
  });
});
