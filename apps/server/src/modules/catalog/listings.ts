import type { Pool, PoolClient } from 'pg';
import type { AddProductBody, DeleteResult, EditProductBody, InsertResult, Product, UpdateResult } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import type { Limit, RateLimits } from '../../auth/rate-limits.ts';
import { inTransaction } from '../../db/pool.ts';
import { AppError } from '../../errors.ts';
import { withinLimit } from '../../http/allowance.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { paymentUnderWay } from '../payments/in-progress.ts';
import { afterCarWrite } from '../cars/car-written.ts';
import { takenWords } from '../cars/product.ts';
import { PLACE_COLUMNS, placeCar, placeValues } from '../places/car-place.ts';
import { listingPictureKeys, replacePhotos } from './photos.ts';

// A seller's writes to a listing: adding it (the specification's Add A Product, with the optional
// details and several photos), editing it in place, taking it off the market and deleting it.
// Each ends with afterCarWrite (car-written.ts), which enqueues what the write sets off: repricing,
// listing checks, saved searches, wishlist alerts. Triggers still keep what any write must: the
// search's stamp of the car (products_search_stamp), the listing date a relisted VIN keeps
// (products_keep_listing_date) and the departures it is kept from (products_listing_departed,
// products_listing_deleted).

const PG_UNIQUE_VIOLATION = '23505';

/** The columns a seller writes, in the order of `listingValues`; shared by adding and editing. */
const LISTING_COLUMNS = [
  'category_id',
  'product_name',
  'condition',
  'description',
  'original_price',
  'resale_price',
  'year_of_purchase',
  'mobile',
  'location',
  'image_key',
  'model',
  'model_year',
  'mileage',
  'mileage_unit',
  'fuel',
  'transmission',
  'body_type',
  'colour',
  'vin',
  // Where the car sits, from its ZIP code or its Location (places/car-place.ts).
  ...PLACE_COLUMNS,
] as const;

function listingValues(body: AddProductBody, coverKey: string) {
  return [
    body.categoryId,
    body.productName,
    body.condition,
    body.description,
    body.originalPrice,
    body.resalePrice,
    body.yearsOfUse,
    body.mobile,
    body.location,
    coverKey,
    body.model ?? null,
    body.modelYear ?? null,
    body.mileage ?? null,
    body.mileage === undefined ? null : (body.mileageUnit ?? null),
    body.fuel ?? null,
    body.transmission ?? null,
    body.bodyType ?? null,
    body.colour ?? null,
    body.vin ?? null,
    ...placeValues(placeCar(body.location, body.zip)),
  ];
}

async function assertCategory(db: Pick<Pool, 'query'>, categoryId: string) {
  const { rows } = await db.query('select 1 from categories where id = $1', [categoryId]);
  if (!rows.length) throw new AppError('BAD_REQUEST', 'Category is not one of ours. Choose a category from the list.');
}

/** The database's one-VIN-on-the-market rule, as the seller reads it. */
function vinTaken(err: unknown, vin: string | undefined): never {
  const { code, constraint } = err as { code?: string; constraint?: string };
  if (code === PG_UNIQUE_VIOLATION && constraint === 'products_vin_on_market_idx') {
    throw new AppError('CONFLICT', `The VIN ${vin} is already on another car for sale. Check the VIN, or take the other listing off the market first.`);
  }
  throw err;
}

/**
 * Lists a car for the seller. Name and email come from the session; status, time and flags from
 * the database defaults; the cover and every photo must be pictures this seller uploaded.
 */
export async function addProduct(pool: Pool, seller: Actor, body: AddProductBody): Promise<InsertResult> {
  const pictures = await listingPictureKeys(pool, seller.id, body.image, body.photos);
  await assertCategory(pool, body.categoryId);
  const columns = ['seller_id', 'seller_name', 'seller_email', ...LISTING_COLUMNS];
  const values = [seller.id, seller.name, seller.email, ...listingValues(body, pictures.cover)];
  return inTransaction(pool, async (client) => {
    const { rows } = await client
      .query<{ id: string }>(
        `insert into products (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
        values,
      )
      .catch((err: unknown) => vinTaken(err, body.vin));
    const id = rows[0]!.id;
    await replacePhotos(client, id, pictures.photos);
    await afterCarWrite(client, { kind: 'listed', carId: id });
    return { acknowledged: true as const, insertedId: id };
  });
}

interface LockedListing {
  product_name: string;
  category_id: string;
  model: string | null;
  resale_price: number;
  paid: boolean;
  sales_status: Product['salesStatus'];
  withdrawn: boolean;
}

/** The seller's own car, locked for this transaction; 404 whether it is missing or someone else's. */
async function lockOwnListing(client: PoolClient, seller: Actor, id: string): Promise<LockedListing> {
  const { rows } = await client.query<LockedListing>(
    'select product_name, category_id, model, resale_price, paid, sales_status, withdrawn_at is not null as withdrawn from products where id = $1 and seller_id = $2 for update',
    [id, seller.id],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', 'You have no such car.');
  return rows[0];
}

const payingNow = (name: string) =>
  new AppError('CONFLICT', `A buyer is paying for ${name} right now. Try again once that payment is finished, or in half an hour.`);

/**
 * Price changes a seller may make to one car in a day. Each drop reaches the car's wishlisters'
 * bells (and, once a day at most, their email: wishlist/alerts.ts); a seller sets a price, perhaps
 * corrects it, and lowers it now and then, so ten a day is room for mistakes while a price moved
 * up and down in a loop stops soon. Other details stay editable however often.
 */
export const PRICE_CHANGES_PER_DAY: Limit = { max: 10, minutes: 24 * 60 };

/**
 * `PUT /products/{id}`: the seller's car with every field as sent. A change of the resale price is
 * recorded (old, new, when), a raise as much as a drop, and counted against PRICE_CHANGES_PER_DAY.
 * Refused for a sold car, and for a price change or while a buyer is paying for the car (they
 * would be charged an amount that changed under them).
 */
export async function editProduct(
  pool: Pool,
  provider: PaymentProvider,
  limits: RateLimits,
  seller: Actor,
  id: string,
  body: EditProductBody,
): Promise<UpdateResult> {
  const pictures = await listingPictureKeys(pool, seller.id, body.image, body.photos);
  await assertCategory(pool, body.categoryId);
  const { rows: current } = await pool.query<{ resale_price: number; product_name: string }>(
    'select resale_price, product_name from products where id = $1 and seller_id = $2',
    [id, seller.id],
  );
  const car = current[0];
  if (!car || car.resale_price === body.resalePrice) return writeListing(pool, seller, id, body, pictures);
  if (await paymentUnderWay(pool, provider, id)) throw payingNow(car.product_name);
  return withinLimit(
    limits,
    `price-change:${seller.id}:${id}`,
    PRICE_CHANGES_PER_DAY,
    (wait) =>
      `You have changed the price of ${car.product_name} ${PRICE_CHANGES_PER_DAY.max} times in the last day, the most we take. You can change it again in ${wait}; its other details can be changed now.`,
    () => writeListing(pool, seller, id, body, pictures),
  );
}

async function writeListing(pool: Pool, seller: Actor, id: string, body: EditProductBody, pictures: Awaited<ReturnType<typeof listingPictureKeys>>): Promise<UpdateResult> {
  return inTransaction(pool, async (client) => {
    const car = await lockOwnListing(client, seller, id);
    if (car.paid) throw new AppError('CONFLICT', `${takenWords(car.product_name, car.sales_status, 'a buyer')}; a car paid for cannot be edited.`);
    const values = listingValues(body, pictures.cover);
    await client
      .query(`update products set ${LISTING_COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ')} where id = $1`, [id, ...values])
      .catch((err: unknown) => vinTaken(err, body.vin));
    if (car.resale_price !== body.resalePrice) {
      await client.query('insert into price_changes (product_id, old_price, new_price) values ($1, $2, $3)', [id, car.resale_price, body.resalePrice]);
    }
    await replacePhotos(client, id, pictures.photos);
    await afterCarWrite(client, { kind: 'edited', carId: id, was: { makeId: car.category_id, model: car.model, price: car.resale_price } });
    return { acknowledged: true as const, matchedCount: 1, modifiedCount: 1 };
  });
}

/**
 * `POST /products/{id}/withdraw`: takes an unsold car off the market (sold elsewhere, or no longer
 * for sale). It leaves every list and can no longer be booked or paid for; its bookings, price
 * history and photos stay. Withdrawing twice changes nothing.
 */
export async function withdrawProduct(pool: Pool, provider: PaymentProvider, seller: Actor, id: string): Promise<UpdateResult> {
  const { rows } = await pool.query<{ product_name: string }>('select product_name from products where id = $1 and seller_id = $2', [id, seller.id]);
  if (rows[0] && (await paymentUnderWay(pool, provider, id))) throw payingNow(rows[0].product_name);
  return inTransaction(pool, async (client) => {
    const car = await lockOwnListing(client, seller, id);
    if (car.paid) throw new AppError('CONFLICT', `${takenWords(car.product_name, car.sales_status, 'a buyer')}; it is off the market.`);
    if (car.withdrawn) return { acknowledged: true as const, matchedCount: 1, modifiedCount: 0 };
    await client.query('update products set withdrawn_at = now(), advertised = false where id = $1', [id]);
    await afterCarWrite(client, { kind: 'withdrawn', carId: id });
    return { acknowledged: true as const, matchedCount: 1, modifiedCount: 1 };
  });
}

/**
 * Deletes an unsold car. Its wishlist entries and reports go with it; bookings keep their copy of
 * the name, price and picture and show the car as no longer listed. A sold car stays for the record.
 */
export async function deleteProduct(pool: Pool, seller: Actor, id: string): Promise<DeleteResult> {
  return inTransaction(pool, async (client) => {
    const car = await lockOwnListing(client, seller, id);
    if (car.paid) throw new AppError('CONFLICT', `${car.product_name} is paid for; paid cars stay on record and cannot be deleted.`);
    await client.query('delete from products where id = $1', [id]);
    await afterCarWrite(client, { kind: 'deleted', cars: [{ makeId: car.category_id, model: car.model }] });
    return { acknowledged: true as const, deletedCount: 1 };
  });
}
