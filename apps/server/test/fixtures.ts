import { randomBytes } from 'node:crypto';
import { inTransaction } from '../src/db/pool.ts';
import { afterCarWrite, type CarBefore } from '../src/modules/cars/car-written.ts';
import type { Person, TestApp } from './harness.ts';

/**
 * Rows for tests whose subject is not the catalog: a category and cars written straight to the
 * database (their pictures are image rows without files; nothing here serves them). A car written
 * here sets off what a seller's listing or edit does (afterCarWrite): a test that writes a car with
 * SQL of its own sets nothing off.
 */
/** A valid `POST /api/addProducts` body: every required field, a picture the seller uploaded (`image`). */
export function carListing(categoryId: string, image: string, overrides: Record<string, unknown> = {}) {
  return {
    productName: '2018 Volvo XC60',
    categoryId,
    condition: 'Good',
    description: 'Well kept, one owner.',
    originalPrice: 42000,
    resalePrice: 26500,
    yearsOfUse: '2018',
    mobile: '555-0100',
    location: 'Portland, OR',
    image,
    ...overrides,
  };
}

export async function insertCategory(t: TestApp, name = `Brand ${randomBytes(3).toString('hex')}`): Promise<string> {
  const key = await insertImageRow(t);
  const { rows } = await t.pool.query<{ id: string }>(`insert into categories (name, details, image_key) values ($1, 'd', $2) returning id`, [name, key]);
  return rows[0]!.id;
}

export async function insertCar(
  t: TestApp,
  seller: Person,
  categoryId: string,
  car: { name?: string; price?: number; paid?: boolean; advertised?: boolean } = {},
): Promise<string> {
  const key = await insertImageRow(t);
  return inTransaction(t.pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into products (category_id, seller_id, seller_name, seller_email, product_name, condition, description, original_price,
         resale_price, year_of_purchase, mobile, location, image_key, paid, sales_status, advertised)
       values ($1, $2, $3, $4, $5, 'Good', 'A car', $6 + 5000, $6, '2019', '555-0100', 'Town', $7, $8, $9, $10) returning id`,
      [categoryId, seller.id, seller.name, seller.email, car.name ?? 'Test car', car.price ?? 15000, key, car.paid ?? false, car.paid ? 'sold' : 'available', car.advertised ?? false],
    );
    await afterCarWrite(client, { kind: 'listed', carId: rows[0]!.id });
    return rows[0]!.id;
  });
}

/**
 * Changes a car as a seller's edit would: `set` is the update's SET list, with `params` as $2, $3…
 * ($1 is the car), and the edit's work is enqueued (afterCarWrite). A price change is recorded as the
 * edit form records it.
 */
export async function editCar(t: TestApp, id: string, set: string, params: unknown[] = []): Promise<void> {
  await inTransaction(t.pool, async (client) => {
    const { rows } = await client.query<CarBefore>('select category_id as "makeId", model, resale_price as price from products where id = $1 for update', [id]);
    const was = rows[0]!;
    const { rows: now } = await client.query<{ price: number }>(`update products set ${set} where id = $1 returning resale_price as price`, [id, ...params]);
    if (now[0]!.price !== was.price) {
      await client.query('insert into price_changes (product_id, old_price, new_price) values ($1, $2, $3)', [id, was.price, now[0]!.price]);
    }
    await afterCarWrite(client, { kind: 'edited', carId: id, was });
  });
}

async function insertImageRow(t: TestApp): Promise<string> {
  const key = randomBytes(16).toString('base64url');
  await t.pool.query(`insert into images (key, widths) values ($1, '{480}')`, [key]);
  return key;
}
