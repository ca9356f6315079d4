import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkVin, milesBetween } from '@second-gear/contract/constants';
import { as, createTestApp, ORIGIN, sessionCookie, signUp, type Person, type TestApp } from '../../test/harness.ts';
import { checkListing } from '../modules/listing-checks/service.ts';
import type { MoneyRules } from '../modules/money/rules.ts';
import { repriceModel } from '../modules/pricing/service.ts';
import { demoCities, locationOf } from './cities.ts';
import { demoListings, popularModels, PRICE_STOOD_DAYS } from './fleet.ts';
import { DEMO_PASSWORD, demoAccounts, seedDemoData, type SeededAccount } from './seed.ts';

const money: MoneyRules = { provider: 'test', feePercent: 0 };
/** The cars of the demo as a seeding lists them this year; the tests read years from the cars, never from the clock. */
const listings = demoListings(new Date().getFullYear());

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
  created = await seedDemoData({ pool: t.pool, auth: t.app.auth, images: t.app.images, passwords: 'random-passwords', money });
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
    // seller2's cars and the dealers' (who have no password): none of the squatted accounts'.
    expect(owners.reduce((sum, o) => sum + o.count, 0)).toBe(listings.filter((c) => c.seller !== 'seller@demo.test').length);
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
    expect(await seedDemoData({ pool: t.pool, auth: t.app.auth, images: t.app.images, passwords: 'contract-passwords', money })).toBeUndefined();
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
    // seller@demo.test was taken before the seeding: its cars were not listed.
    expect(rows).toHaveLength(listings.filter((car) => car.seller !== 'seller@demo.test').length);
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
    expect(rows.filter((r) => r.prices).length).toBeGreaterThan(rows.length / 4);
  });
});

/**
 * What a car's description says of it, each fact only where the description states it: the model
 * year it opens with, "in <colour>", "<n> miles", the gearbox, the fuel, "in <condition> condition".
 */
function statedFacts(description: string) {
  const colour = /\bin (white|silver|grey|black|blue|navy|red|maroon|green|yellow|orange|brown)\b/i.exec(description)?.[1];
  const mileage = /(\d{1,3}(?:,\d{3})+) miles/.exec(description)?.[1];
  const gearbox = /\b(manual|automatic)\b/i.exec(description)?.[1];
  const fuel = /\b(petrol|hybrid|electric|diesel)\b/i.exec(description)?.[1];
  const condition = /\bin (excellent|good|fair) condition\b/i.exec(description)?.[1];
  const capital = (word: string | undefined) => word && word[0]!.toUpperCase() + word.slice(1).toLowerCase();
  return {
    modelYear: /^(\d{4}) /.exec(description)?.[1] && Number(/^(\d{4}) /.exec(description)![1]),
    colour: capital(colour),
    mileage: mileage && Number(mileage.replace(/,/g, '')),
    transmission: capital(gearbox),
    fuel: capital(fuel),
    condition: capital(condition),
  };
}

describe('the demo as the first start shows it', () => {
  let d: TestApp;
  let accounts: SeededAccount[];
  const people = new Map<string, Person>();

  beforeAll(async () => {
    // As `npm start` runs it: demo data on (the demo admin needs no two-factor sign-in), the contract's passwords.
    d = await createTestApp({ env: { DEMO_DATA: 'on' } });
    accounts = (await seedDemoData({ pool: d.pool, auth: d.app.auth, images: d.app.images, passwords: 'contract-passwords', money }))!;
    for (const account of accounts) {
      const res = await d.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email: account.email, password: DEMO_PASSWORD } });
      people.set(account.email, { id: '', name: '', email: account.email, cookie: sessionCookie(res.headers['set-cookie']) });
    }
    // What the job runner does in the seconds after the start: each model priced, then the cars checked.
    const { rows: models } = await d.pool.query<{ make_id: string; model: string }>('select distinct category_id as make_id, model from products');
    for (const m of models) await repriceModel(d.pool, m.make_id, m.model);
    const { rows: cars } = await d.pool.query<{ id: string }>('select id from products');
    for (const car of cars) await checkListing(d.pool, car.id);
  }, 120_000);
  afterAll(() => d.close());

  it('lists about 300 cars over 40 or more US cities, each city with a 5-digit ZIP code', async () => {
    const { rows } = await d.pool.query<{ location: string; cars: number }>('select location, count(*)::int as cars from products group by location');
    const cars = rows.reduce((sum, r) => sum + r.cars, 0);
    expect(cars).toBe(listings.length);
    expect(cars).toBeGreaterThanOrEqual(280);
    expect(cars).toBeLessThanOrEqual(320);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    const zips = new Map(demoCities.map((c) => [locationOf(c), c.zip]));
    for (const { location } of rows) expect(zips.get(location), location).toMatch(/^\d{5}$/);
    for (const car of listings) expect(car.zip, car.productName).toBe(zips.get(car.location));
  });

  it('places every car at its city’s ZIP code, with cars at several distances within 50 miles of downtown Austin and more beyond', async () => {
    const { rows } = await d.pool.query<{ location: string; zip: string; zip_given: boolean; lat: number; lon: number }>('select location, zip, zip_given, lat, lon from products');
    const zips = new Map(demoCities.map((c) => [locationOf(c), c.zip]));
    for (const car of rows) expect(car, car.location).toMatchObject({ zip: zips.get(car.location), zip_given: true, lat: expect.any(Number), lon: expect.any(Number) });
    const austin = { lat: 30.2713, lon: -97.7426 };
    const miles = rows.map((car) => milesBetween(austin, car));
    const within50 = miles.filter((m) => m <= 50);
    expect(within50.length).toBeGreaterThanOrEqual(6);
    expect(new Set(within50.map((m) => Math.round(m))).size).toBeGreaterThanOrEqual(4);
    expect(miles.filter((m) => m > 50 && m <= 100).length).toBeGreaterThan(0);
  });

  it('has at least eight cars of every popular model, and rates its cars across at least four deal ratings', async () => {
    const { rows } = await d.pool.query<{ make: string; model: string; cars: number }>(
      'select c.name as make, p.model, count(*)::int as cars from products p join categories c on c.id = p.category_id group by 1, 2',
    );
    const count = new Map(rows.map((r) => [`${r.make} ${r.model}`, r.cars]));
    expect(popularModels.length).toBeGreaterThanOrEqual(12);
    for (const { make, model } of popularModels) expect(count.get(`${make} ${model}`), `${make} ${model}`).toBeGreaterThanOrEqual(8);

    const { rows: ratings } = await d.pool.query<{ rating: string; cars: number }>('select deal_rating as rating, count(*)::int as cars from products where deal_rating is not null group by 1');
    const rated = Object.fromEntries(ratings.map((r) => [r.rating, r.cars]));
    expect(Object.keys(rated).length, JSON.stringify(rated)).toBeGreaterThanOrEqual(4);
    expect(Object.values(rated).reduce((a, b) => a + b, 0)).toBeGreaterThan(150);
  });

  it('describes every car as its details are: model year, colour, mileage, gearbox, fuel and condition', async () => {
    const { rows } = await d.pool.query<{ product_name: string; description: string; model_year: number; colour: string; mileage: number; transmission: string; fuel: string; condition: string }>(
      'select product_name, description, model_year, colour, mileage, transmission, fuel, condition from products',
    );
    let statingAll = 0;
    for (const car of rows) {
      const stated = statedFacts(car.description);
      const fields = { modelYear: car.model_year, colour: car.colour, mileage: car.mileage, transmission: car.transmission, fuel: car.fuel, condition: car.condition };
      for (const [fact, value] of Object.entries(stated)) if (value !== undefined) expect(value, `${car.product_name}: ${fact} in "${car.description}"`).toBe(fields[fact as keyof typeof fields]);
      if (Object.values(stated).every((value) => value !== undefined)) statingAll++;
      // Every stated mileage is the car's.
      expect(car.mileage).toBeGreaterThan(1000);
    }
    expect(statingAll).toBeGreaterThan(rows.length * 0.8);
  });

  it('lowers prices only after they stood three days, and shows Price dropped on some cars', async () => {
    const { rows } = await d.pool.query<{ product_name: string; stood_days: number; lowered: boolean }>(
      `select p.product_name, pc.new_price < pc.old_price as lowered,
              (extract(epoch from pc.changed_at - coalesce(lag(pc.changed_at) over (partition by pc.product_id order by pc.changed_at), p.posting_time)) / 86400)::float8 as stood_days
         from price_changes pc join products p on p.id = pc.product_id`,
    );
    expect(rows.length).toBeGreaterThan(30);
    for (const change of rows) {
      expect(change.lowered, change.product_name).toBe(true);
      expect(change.stood_days, change.product_name).toBeGreaterThanOrEqual(PRICE_STOOD_DAYS);
    }
    const { rows: shown } = await d.pool.query<{ n: number }>('select count(*)::int as n from products where price_before_drop > resale_price and not paid');
    expect(shown[0]!.n).toBeGreaterThanOrEqual(10);
  });

  it('has one car reserved with its money held, one sold with its money released, and one dispute on a held payment', async () => {
    const { rows } = await d.pool.query<{ sales_status: string; state: string; booked: boolean; dispute: boolean }>(
      `select p.sales_status, pay.state, pay.booking_id is not null as booked,
              exists (select 1 from disputes x where x.payment_id = pay.id and x.decision is null) as dispute
         from payments pay join products p on p.id = pay.product_id order by 1, 2, 4`,
    );
    expect(rows).toEqual([
      { sales_status: 'reserved', state: 'held', booked: true, dispute: false },
      { sales_status: 'reserved', state: 'held', booked: true, dispute: true },
      { sales_status: 'sold', state: 'released', booked: true, dispute: false },
    ]);
  });

  it("fills every list of each demo account, through the product's own calls", async () => {
    const get = async (email: string, url: string) => {
      const res = await as(d.app, people.get(email), { method: 'GET', url });
      expect(res.statusCode, `${email} ${url}: ${res.body}`).toBe(200);
      return res.json() as unknown;
    };
    const items = (body: unknown) => (Array.isArray(body) ? body : Object.values(body as object).find(Array.isArray) ?? []) as unknown[];
    const [buyer, seller, admin] = ['buyer@demo.test', 'seller@demo.test', 'admin@demo.test'];
    const orders = (await get(buyer, `/api/orders?email=${buyer}`)) as { status: string; paid: boolean }[];
    expect(new Set(orders.map((o) => (o.paid ? 'paid' : o.status)))).toEqual(new Set(['pending', 'confirmed', 'paid']));
    for (const url of [`/api/wishlist-products?email=${buyer}`, '/api/conversations', '/api/alerts', '/api/notifications']) {
      expect(items(await get(buyer, url)).length, url).toBeGreaterThan(0);
    }
    for (const url of [`/api/products?email=${seller}`, '/api/bookings/requests', '/api/payouts', '/api/conversations', '/api/notifications']) {
      expect(items(await get(seller, url)).length, url).toBeGreaterThan(0);
    }
    for (const url of ['/api/users/allseller', '/api/users/allbuyer', '/api/reports', '/api/disputes']) {
      expect(items(await get(admin, url)).length, url).toBeGreaterThan(0);
    }
    const { rows: flagged } = await d.pool.query<{ name: string }>(`select name from listing_checks where outcome = 'flagged' and dismissed_at is null`);
    expect(new Set(flagged.map((f) => f.name))).toEqual(new Set(['plausibility', 'price']));
  });

  it('gives the demo dealers no password, and each demo account a different one', async () => {
    const { rows } = await d.pool.query<{ email: string; passwords: number }>(
      `select u.email, count(a.password)::int as passwords from users u left join accounts a on a.user_id = u.id group by u.email`,
    );
    for (const { email, passwords } of rows) expect(passwords, email).toBe(demoAccounts.some((a) => a.email === email) ? 1 : 0);
    expect(rows.length).toBeGreaterThan(demoAccounts.length);
  });

  it('adds nothing when seeded again', async () => {
    const before = await d.pool.query('select count(*)::int as n from products');
    expect(await seedDemoData({ pool: d.pool, auth: d.app.auth, images: d.app.images, passwords: 'contract-passwords', money })).toBeUndefined();
    expect((await d.pool.query('select count(*)::int as n from products')).rows).toEqual(before.rows);
  });
});
