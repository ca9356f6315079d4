import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { Auth } from '../auth/auth.ts';
import { DEMO_ADMIN_EMAIL, type Config } from '../config.ts';
import type { ImageStorage } from '../images/storage.ts';
import { putImageFiles } from '../images/store.ts';
import { cachedEncoder, defaultDemoPictureCache } from './demo-picture-cache.ts';
import { afterCarWrite } from '../modules/cars/car-written.ts';
import { demoCars, demoCategories } from '../../demo/catalog.ts';
import { demoCarDetails } from '../../demo/car-details.ts';
import { brandPicture, carPicture } from '../../demo/pictures.ts';

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
 * categories yet. Pictures are drawn by code and stored like uploads. Accounts and catalog are
 * written in one transaction, so a crash mid-seed leaves nothing half made and the next start seeds
 * again; and an account that exists when the seeding starts is someone's own: its role is left as it
 * is and no demo car is put under its name (else signing up as admin@demo.test before the first
 * start, or on a database whose demo data was turned on later, would make that person an admin).
 * Returns the accounts it created, or undefined when the database had categories already.
 */
export async function seedDemoData({
  pool,
  auth,
  images,
  passwords,
  pictureCache = defaultDemoPictureCache(),
}: {
  pool: Pool;
  auth: Auth;
  images: ImageStorage;
  passwords: Exclude<Config['demoData'], 'off'>;
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
    for (const [i, car] of demoCars.entries()) {
      const seller = demoAccounts.find((a) => a.email === car.seller)!;
      if (!userIds.has(seller.email)) continue;
      const details = demoCarDetails(car, i);
      const [cover, ...photos] = carImages.slice(i * DEMO_PHOTOS_PER_CAR, (i + 1) * DEMO_PHOTOS_PER_CAR);
      const { rows: listed } = await client.query<{ id: string }>(
        `insert into products (category_id, seller_id, seller_name, seller_email, product_name, condition, description,
           original_price, resale_price, year_of_purchase, mobile, location, image_key, advertised, posting_time,
           model, model_year, mileage, mileage_unit, fuel, transmission, body_type, colour, vin)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now() - make_interval(days => $15),
           $16, $17, $18, $19, $20, $21, $22, $23, $24)
         returning id`,
        [
          categoryIds.get(car.category),
          userIds.get(seller.email),
          seller.name,
          seller.email,
          car.productName,
          car.condition,
          car.description,
          car.originalPrice,
          car.resalePrice,
          car.yearOfPurchase,
          car.mobile,
          car.location,
          cover!.key,
          car.advertised,
          car.daysAgo,
          details.model,
          details.modelYear,
          details.mileage,
          details.mileageUnit,
          details.fuel,
          details.transmission,
          details.bodyType,
          details.colour,
          details.vin,
        ],
      );
      const productId = listed[0]!.id;
      await client.query(
        `insert into product_photos (product_id, position, image_key)
         select $1, position, key from unnest($2::text[]) with ordinality as photo(key, position)`,
        [productId, photos.map((photo) => photo.key)],
      );
      // The earlier asking prices, spread over the days the car has been listed, oldest first.
      const prices = [...details.earlierPrices, car.resalePrice];
      for (let step = 1; step < prices.length; step++) {
        await client.query(
          `insert into price_changes (product_id, old_price, new_price, changed_at)
           values ($1, $2, $3, now() - make_interval(days => $4) + make_interval(hours => $5))`,
          [productId, prices[step - 1], prices[step], car.daysAgo, Math.round((24 * car.daysAgo * step) / prices.length)],
        );
      }
      // As a seller's listing does: its model priced, the car checked, the saved searches run.
      await afterCarWrite(client, { kind: 'listed', carId: productId });
    }
    // A demo seller's account is as old as their oldest car (listed weeks ago), not minutes: the
    // listing checks do not take them for brand-new sellers with many cars.
    await client.query(
      `update users u set created_at = least(u.created_at, (select min(p.posting_time) from products p where p.seller_id = u.id)) where u.id = any($1::text[])`,
      [[...userIds.values()]],
    );
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
