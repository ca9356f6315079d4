import type { Pool } from 'pg';
import type { Auth } from '../auth/auth.ts';
import type { ImageStorage } from '../images/storage.ts';
import { writeImageFiles, type StoredImage } from '../images/store.ts';
import { demoCars, demoCategories } from './demo/catalog.ts';
import { brandPicture, carPicture } from './demo/pictures.ts';

const SEED_LOCK = 7_450_114;
const PASSWORD = 'demo1234';

export const demoAccounts = [
  { email: 'admin@demo.test', name: 'Ada Admin', role: 'admin', verified: false },
  { email: 'seller@demo.test', name: 'Sam Seller', role: 'seller', verified: true },
  { email: 'seller2@demo.test', name: 'Nora Newseller', role: 'seller', verified: false },
  { email: 'buyer@demo.test', name: 'Bella Buyer', role: 'buyer', verified: false },
] as const;

/**
 * Adds the demo accounts, brand categories and cars of the contract on a database that has no
 * categories yet. Pictures are drawn by code and stored like uploads. The catalog is written in one
 * transaction, so a crash mid-seed leaves no half catalog and the next start seeds again.
 * Returns whether anything was added.
 */
export async function seedDemoData({ pool, auth, images }: { pool: Pool; auth: Auth; images: ImageStorage }): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SEED_LOCK]);
    const { rows } = await client.query('select 1 from categories limit 1');
    if (rows.length) return false;

    const userIds = new Map<string, string>();
    for (const account of demoAccounts) userIds.set(account.email, await ensureAccount(pool, auth, account));

    const svg = (s: string) => Buffer.from(s);
    const brandImages = await Promise.all(demoCategories.map((c) => writeImageFiles(images, svg(brandPicture(c)))));
    const carImages: StoredImage[] = [];
    // Two at a time: sharp already uses every core for one picture.
    for (let i = 0; i < demoCars.length; i += 2) {
      carImages.push(...(await Promise.all(demoCars.slice(i, i + 2).map((car) => writeImageFiles(images, svg(carPicture(car)))))));
    }

    await client.query('begin');
    for (const account of demoAccounts) {
      await client.query('update users set role = $2, verified = $3 where id = $1', [userIds.get(account.email), account.role, account.verified]);
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
      await client.query(
        `insert into products (category_id, seller_id, seller_name, seller_email, product_name, condition, description,
           original_price, resale_price, year_of_purchase, mobile, location, image_key, advertised, posting_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now() - make_interval(days => $15))`,
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
          carImages[i]!.key,
          car.advertised,
          car.daysAgo,
        ],
      );
    }
    await client.query('commit');
    return true;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [SEED_LOCK]).catch(() => {});
    client.release();
  }
}

/** Signs the account up through better-auth (so its password is hashed as any other), unless it exists. */
async function ensureAccount(pool: Pool, auth: Auth, account: (typeof demoAccounts)[number]): Promise<string> {
  const existing = await pool.query<{ id: string }>('select id from users where email = $1', [account.email]);
  if (existing.rows[0]) return existing.rows[0].id;
  const { user } = await auth.api.signUpEmail({
    body: { name: account.name, email: account.email, password: PASSWORD, role: account.role === 'seller' ? 'Seller' : 'Buyer' },
  });
  return user.id;
}
