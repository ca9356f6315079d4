import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { Auth } from '../auth/auth.ts';
import { DEMO_ADMIN_EMAIL, type Config } from '../config.ts';
import type { ImageStorage } from '../images/storage.ts';
import { putImageFiles, type StoredImage } from '../images/store.ts';
import { cachedEncoder, defaultDemoPictureCache } from './demo-picture-cache.ts';
import { afterCarWrite } from '../modules/cars/car-written.ts';
import { PRICE_DROP_DAYS } from '../modules/cars/product.ts';
import { placeCar } from '../modules/places/car-place.ts';
import type { MoneyRules } from '../modules/money/rules.ts';
import { demoCars, demoCategories } from '../../demo/catalog.ts';
import { brandPicture, carPicture } from '../../demo/pictures.ts';
import { seedActivity, type ListedCar } from './activity.ts';
import { demoDealers, demoListings, type DemoListing } from './fleet.ts';

const SEED_LOCK = 7_450_114;

/** A demo car's photos, the cover included: enough for a gallery, few enough for a quick first start. */
const DEMO_PHOTOS_PER_CAR = 3;
/** The published password of every demo account (README, "Demo accounts"), outside production. */
export const DEMO_PASSWORD = 'demo1234';

export const demoAccounts = [
  { email: DEMO_ADMIN_EMAIL, name: 'Ada Admin', role: 'admin', verified: false },
  { email: 'seller@demo.test', name: 'Sam Seller', role: 'seller', verified: true },
  { email: 'seller2@demo.test', name: 'Nora Newseller', role: 'seller', verified: false },
  { email: 'buyer@demo.test', name: 'Bella Buyer', role: 'buyer', verified: false },
] as const;

/**
 * The demo pictures as SVG: each brand's, then each car's cover and its more photos (the same car
 * under other skies: the scene follows the name), DEMO_PHOTOS_PER_CAR a car in the order of demoCars.
 */
function demoPictures(): { brands: string[]; cars: string[] } {
  return {
    brands: demoCategories.map(brandPicture),
    cars: demoCars.flatMap((car) =>
      Array.from({ length: DEMO_PHOTOS_PER_CAR }, (_, n) => carPicture(n === 0 ? car : { ...car, productName: `${car.productName} photo ${n + 1}` })),
    ),
  };
}

/**
 * Encodes every demo picture into the cache ahead of the seedings that will want them (`npm test`
 * does it beside its static checks, so that no test's server spends its start encoding them).
 */
export async function encodeDemoPictures(pictureCache: string): Promise<number> {
  const encode = cachedEncoder(pictureCache);
  const { brands, cars } = demoPictures();
  return (await twoAtATime([...brands, ...cars], (svg) => encode(Buffer.from(svg)))).length;
}

/** `work` on each item, two at a time (sharp already uses every core for one picture), in order. */
async function twoAtATime<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const done: R[] = [];
  for (let i = 0; i < items.length; i += 2) done.push(...(await Promise.all(items.slice(i, i + 2).map(work))));
  return done;
}

/** A demo account this seeding created, with the password it was given. */
export interface SeededAccount {
  email: string;
  role: string;
  password: string;
}

/**
 * Adds the demo accounts, brand categories and cars the README lists on a database that has no
 * categories yet: the market of fleet.ts (its dealers too) and what the demo accounts have done
 * (activity.ts). Pictures are drawn by code and stored like uploads. Accounts and catalog are
 * written in one transaction, so a crash mid-seed leaves nothing half made and the next start seeds
 * again; and an account that exists when the seeding starts is someone's own: its role is left as it
 * is and no demo car is put under its name (else signing up as admin@demo.test before the first
 * start, or on a database whose demo data was turned on later, would make that person an admin),
 * nor any activity seeded that would need it.
 * Returns the accounts it created, or undefined when the database had categories already.
 */
export async function seedDemoData({
  pool,
  auth,
  images,
  passwords,
  money,
  pictureCache = defaultDemoPictureCache(),
}: {
  pool: Pool;
  auth: Auth;
  images: ImageStorage;
  passwords: Exclude<Config['demoData'], 'off'>;
  /** Where released money goes (the demo's sold car pays its seller): the provider and PLATFORM_FEE_PERCENT. */
  money: MoneyRules;
  /** Where encoded demo pictures are kept between seedings; undefined encodes each afresh. */
  pictureCache?: string;
}): Promise<SeededAccount[] | undefined> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SEED_LOCK]);
    const { rows } = await client.query('select 1 from categories limit 1');
    if (rows.length) return undefined;

    // In production nobody may know a demo password in advance: each is random and shown once.
    const hasher = (await auth.$context).password;
    const credentials = await Promise.all(
      demoAccounts.map(async (account) => {
        const password = passwords === 'random-passwords' ? randomBytes(12).toString('base64url') : DEMO_PASSWORD;
        return { account, password, hash: await hasher.hash(password) };
      }),
    );

    const encode = cachedEncoder(pictureCache);
    const { brands, cars } = demoPictures();
    const stored = await twoAtATime([...brands, ...cars], async (svg) => putImageFiles(images, await encode(Buffer.from(svg))));
    const [brandImages, carImages] = [stored.slice(0, brands.length), stored.slice(brands.length)];

    await client.query('begin');
    const created: SeededAccount[] = [];
    const userIds = new Map<string, string>();
    for (const { account, password, hash } of credentials) {
      const id = await createAccount(client, account, hash);
      if (!id) continue;
      userIds.set(account.email, id);
      created.push({ email: account.email, role: account.role, password });
    }
    for (const dealer of demoDealers) {
      const id = await createDealer(client, dealer);
      if (id) userIds.set(dealer.email, id);
    }
    for (const image of [...brandImages, ...carImages]) {
      await client.query('insert into images (key, widths) values ($1, $2)', [image.key, image.widths]);
    }
    const categoryIds = new Map<string, string>();
    for (const [i, category] of demoCategories.entries()) {
      const { rows: inserted } = await client.query<{ id: string }>(
        'insert into categories (name, details, image_key) values ($1, $2, $3) returning id',
        [category.name, category.details, brandImages[i]!.key],
      );
      categoryIds.set(category.name, inserted[0]!.id);
    }
    const listed = await listCars(
      client,
      demoListings(new Date().getFullYear()).filter((car) => userIds.has(car.seller)),
      { categoryIds, userIds, photosOf: (car) => carImages.slice(car.pictures * DEMO_PHOTOS_PER_CAR, (car.pictures + 1) * DEMO_PHOTOS_PER_CAR) },
    );
    // A demo seller's account is as old as their oldest car (listed weeks ago), not minutes: the
    // listing checks do not take them for brand-new sellers with many cars.
    await client.query(
      `update users u set created_at = least(u.created_at, (select min(p.posting_time) from products p where p.seller_id = u.id)) where u.id = any($1::text[])`,
      [[...userIds.values()]],
    );
    const [buyer, seller, seller2] = ['buyer@demo.test', 'seller@demo.test', 'seller2@demo.test'].map((email) => userIds.get(email));
    if (buyer && seller && seller2) {
      const people = {
        buyer: { id: buyer, email: 'buyer@demo.test', name: demoAccounts.find((a) => a.email === 'buyer@demo.test')!.name },
        seller: { id: seller, email: 'seller@demo.test' },
        seller2: { id: seller2, email: 'seller2@demo.test' },
      };
      await seedActivity(client, people, listed, money, categoryIds.get('Toyota')!);
    }
    await client.query('commit');
    return created;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [SEED_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * Lists the demo's cars in a few statements (one for the cars, one for their photos, one for their
 * earlier prices, each over all of them), backdated to the day each was listed; then what a
 * seller's listing sets off, for all of them at once (afterCarWrite: their models repriced, the
 * cars checked, the saved searches run), so that deal ratings, checks and alerts are there moments
 * after the first start.
 */
async function listCars(
  client: PoolClient,
  cars: DemoListing[],
  { categoryIds, userIds, photosOf }: { categoryIds: Map<string, string>; userIds: Map<string, string>; photosOf: (car: DemoListing) => StoredImage[] },
): Promise<ListedCar[]> {
  const names = new Map<string, string>([...demoAccounts, ...demoDealers].map((person) => [person.email, person.name]));
  const rows = cars.map((car) => {
    const [cover, ...photos] = photosOf(car);
    // Each demo seller gave their city's ZIP code (cities.ts), as the listing's `ZIP code` lets them.
    return { id: randomUUID(), car, cover: cover!.key, photos: photos.map((photo) => photo.key), place: placeCar(car.location, car.zip) };
  });
  await client.query(
    `insert into products (id, category_id, seller_id, seller_name, seller_email, product_name, condition, description,
       original_price, resale_price, year_of_purchase, mobile, location, image_key, advertised, posting_time,
       model, model_year, mileage, mileage_unit, fuel, transmission, body_type, colour, vin, zip, zip_given, lat, lon)
     select id, category_id, seller_id, seller_name, seller_email, product_name, condition, description,
       original_price, resale_price, year_of_purchase, mobile, location, image_key, advertised, now() - make_interval(days => days_ago),
       model, model_year, mileage, mileage_unit, fuel, transmission, body_type, colour, vin, zip, zip_given, lat, lon
       from jsonb_to_recordset($1::jsonb) as c (id uuid, category_id uuid, seller_id text, seller_name text, seller_email text,
         product_name text, condition text, description text, original_price int, resale_price int, year_of_purchase text,
         mobile text, location text, image_key text, advertised boolean, days_ago int, model text, model_year int, mileage int,
         mileage_unit text, fuel text, transmission text, body_type text, colour text, vin text,
         zip text, zip_given boolean, lat double precision, lon double precision)`,
    [
      JSON.stringify(
        rows.map(({ id, car, cover, place }) => ({
          id,
          zip: place.zip,
          zip_given: place.zipGiven,
          lat: place.lat,
          lon: place.lon,
          category_id: categoryIds.get(car.category),
          seller_id: userIds.get(car.seller),
          seller_name: names.get(car.seller),
          seller_email: car.seller,
          product_name: car.productName,
          condition: car.condition,
          description: car.description,
          original_price: car.originalPrice,
          resale_price: car.resalePrice,
          year_of_purchase: car.yearOfPurchase,
          mobile: car.mobile,
          location: car.location,
          image_key: cover,
          advertised: car.advertised,
          days_ago: car.daysAgo,
          model: car.details.model,
          model_year: car.details.modelYear,
          mileage: car.details.mileage,
          mileage_unit: car.details.mileageUnit,
          fuel: car.details.fuel,
          transmission: car.details.transmission,
          body_type: car.details.bodyType,
          colour: car.details.colour,
          vin: car.details.vin,
        })),
      ),
    ],
  );
  await client.query(
    `insert into product_photos (product_id, position, image_key)
     select c.id, photo.position, photo.key from jsonb_to_recordset($1::jsonb) as c (id uuid, photos text[])
       cross join lateral unnest(c.photos) with ordinality as photo(key, position)`,
    [JSON.stringify(rows.map(({ id, photos }) => ({ id, photos })))],
  );
  // Each earlier price changed to the next on the day it was lowered (the last to today's price),
  // in one statement: its trigger writes every car's price drop once (migration 0032).
  const changes = rows.flatMap(({ id, car }) =>
    car.earlierPrices.map((earlier, i) => ({ id, old_price: earlier.price, new_price: car.earlierPrices[i + 1]?.price ?? car.resalePrice, days_ago: earlier.loweredDaysAgo })),
  );
  await client.query(
    `insert into price_changes (product_id, old_price, new_price, changed_at)
     select id, old_price, new_price, now() - make_interval(days => days_ago)
       from jsonb_to_recordset($1::jsonb) as c (id uuid, old_price int, new_price int, days_ago int)`,
    [JSON.stringify(changes)],
  );
  await afterCarWrite(client, { kind: 'listed together', carIds: rows.map(({ id }) => id) });
  return rows.map(({ id, car, cover }) => ({
    id,
    seller: car.seller,
    productName: car.productName,
    price: car.resalePrice,
    imageKey: cover,
    location: car.location,
    dropped: car.earlierPrices.some((earlier) => earlier.loweredDaysAgo < PRICE_DROP_DAYS),
    questionable: car.questionable !== undefined,
  }));
}

/** A dealer of the demo (fleet.ts): a seller without a password, so nobody can sign in as them. Undefined when the email is taken. */
async function createDealer(client: PoolClient, dealer: (typeof demoDealers)[number]): Promise<string | undefined> {
  const id = randomUUID();
  const { rowCount } = await client.query(
    `insert into users (id, name, email, role, verified, email_verified) values ($1, $2, $3, 'seller', $4, true) on conflict (email) do nothing`,
    [id, dealer.name, dealer.email, dealer.verified],
  );
  return rowCount ? id : undefined;
}

/**
 * Inserts the account as better-auth's email sign-up would (a user and its `credential` account
 * holding the hash better-auth made), inside the seeding's transaction, with its demo role and its
 * email confirmed (nobody opens a link for a demo account, and they message and get emails at once).
 * Returns its id, or undefined when an account with this email exists already.
 */
async function createAccount(client: PoolClient, account: (typeof demoAccounts)[number], passwordHash: string): Promise<string | undefined> {
  const id = randomUUID();
  const { rowCount } = await client.query(
    'insert into users (id, name, email, role, verified, email_verified) values ($1, $2, $3, $4, $5, true) on conflict (email) do nothing',
    [id, account.name, account.email, account.role, account.verified],
  );
  if (!rowCount) return undefined;
  await client.query(`insert into accounts (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`, [randomUUID(), id, passwordHash]);
  return id;
}
