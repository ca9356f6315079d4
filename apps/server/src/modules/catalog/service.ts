import type { Pool } from 'pg';
import type {
  AddProductCategory,
  Category,
  CategoryPage,
  Product,
  UpdateResult,
} from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { assertOwnEmail } from '../../auth/guards.ts';
import { AppError, badCursor } from '../../errors.ts';
import { decodeCursor, encodeCursor } from '../cars/page-cursor.ts';
import { imageUrls } from '../../images/store.ts';
import { ON_MARKET } from '../cars/market.ts';
import { jsonArray } from '../../http/json-bytes.ts';
import { PRODUCT_FROM, PRODUCT_JSON, parseProduct, takenWords, type ProductJson } from '../cars/product.ts';

/** Lists are bounded: the home grid shows at most this many advertised cars. */
export const ADVERTISED_LIMIT = 60;

export async function listCategories(pool: Pool): Promise<Category[]> {
  const { rows } = await pool.query<{ id: string; name: string; details: string; image_key: string; widths: number[] }>(
    `select c.id, c.name, c.details, c.image_key, i.widths
       from categories c join images i on i.key = c.image_key
      order by c.name limit 200`,
  );
  return rows.map((r) => ({ _id: r.id, name: r.name, details: r.details, image: imageUrls(r.image_key, r.widths).url }));
}

export async function listAdvertised(pool: Pool): Promise<ProductJson[]> {
  // A named (prepared) statement: the home grid is the busiest public read, and PostgreSQL spent
  // longer planning this four-table join than running it. It has no parameters, so the one plan
  // kept per connection is the plan every call would get anyway.
  const { rows } = await pool.query<{ product: ProductJson }>({
    name: 'list-advertised',
    text: `select ${PRODUCT_JSON} as product from ${PRODUCT_FROM}
      where p.advertised and ${ON_MARKET}
      order by p.posting_time desc, p.id desc
      limit ${ADVERTISED_LIMIT}`,
  });
  return rows.map((r) => r.product);
}

export async function addProductCategories(pool: Pool): Promise<AddProductCategory[]> {
  const { rows } = await pool.query<{ id: string; name: string }>('select id, name from categories order by name limit 200');
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}

/**
 * The statement of a category's first page, or of a page after a cursor, with `rows` as a literal:
 * named (prepared once per connection), so that PostgreSQL can keep one plan for it. Planning the
 * five tables and the lateral join took 1.4 ms, five times as long as running it; with the limit a
 * parameter the kept plan never looked cheaper than a fresh one, so every call was planned again.
 * `rows` is the page size plus one (at most categoryPageSize.max + 1), so the names are bounded.
 * posting_time::text keeps PostgreSQL's microseconds, which a JS Date would round away.
 */
function categoryPageStatement(page: 'first' | 'after', rows: number) {
  return {
    name: `category-page-${page}-${rows}`,
    text: `select ${PRODUCT_JSON} as product, p.id, c.name as category_name, p.posting_time::text as posting_key from ${PRODUCT_FROM}
      where p.category_id = $1 and ${ON_MARKET}${page === 'after' ? ' and (p.posting_time, p.id) < ($2::timestamptz, $3::uuid)' : ''}
      order by p.posting_time desc, p.id desc
      limit ${Math.trunc(rows)}`,
  };
}

/** A category page whose cars are their JSON texts (PRODUCT_JSON), as the answer is assembled from them. */
export type CategoryPageOfJson = Omit<CategoryPage, 'products'> & { products: ProductJson[] };

/** One page of a category's unsold cars, newest first, continuing after `cursor`. */
export async function categoryPage(pool: Pool, categoryId: string, query: { cursor?: string | undefined; limit: number }): Promise<CategoryPageOfJson> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const { rows } = await pool
    .query<{ product: ProductJson; id: string; category_name: string; posting_key: string }>(
      after
        ? { ...categoryPageStatement('after', query.limit + 1), values: [categoryId, after.postingTime, after.id] }
        : { ...categoryPageStatement('first', query.limit + 1), values: [categoryId] },
    )
    .catch((err: { code?: string }) => {
      // A time JavaScript reads but PostgreSQL does not (year -92780, 30 February): a made-up cursor.
      if (after && err.code?.startsWith('22')) throw badCursor();
      throw err;
    });
  // The cars carry their category's name; only a page without cars asks for it (or finds there is no such category).
  const categoryName = rows[0]?.category_name ?? (await categoryNameOf(pool, categoryId));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    categoryName,
    products: page.map((r) => r.product),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ postingTime: last.posting_key, id: last.id }) : null,
  };
}

/** A category page as the JSON text of its answer, in the schema's order. */
export function categoryPageText(page: CategoryPageOfJson): string {
  return `{"categoryName":${JSON.stringify(page.categoryName)},"products":${jsonArray(page.products)},"nextCursor":${JSON.stringify(page.nextCursor)}}`;
}

async function categoryNameOf(pool: Pool, categoryId: string): Promise<string> {
  const { rows } = await pool.query<{ name: string }>('select name from categories where id = $1', [categoryId]);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'There is no such category.');
  return rows[0].name;
}

/** A seller's own cars, newest first. Bounded: more than this is no longer a used-car seller's list. */
export const SELLER_PRODUCTS_LIMIT = 500;

export async function sellerProducts(pool: Pool, seller: Actor, email: string): Promise<Product[]> {
  assertOwnEmail(seller, email);
  const { rows } = await pool.query<{ product: ProductJson }>(
    `select ${PRODUCT_JSON} as product from ${PRODUCT_FROM}
      where p.seller_id = $1 order by p.posting_time desc, p.id desc limit ${SELLER_PRODUCTS_LIMIT}`,
    [seller.id],
  );
  return rows.map((r) => parseProduct(r.product));
}

/** Finds the seller's own car or answers 404, whether it is missing or someone else's. */
async function ownProduct(pool: Pool, seller: Actor, id: string) {
  const { rows } = await pool.query<{ paid: boolean; product_name: string; sales_status: Product['salesStatus']; withdrawn: boolean }>(
    'select paid, product_name, sales_status, withdrawn_at is not null as withdrawn from products where id = $1 and seller_id = $2',
    [id, seller.id],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', 'You have no such car.');
  return rows[0];
}

/**
 * Make Advertise. Advertising twice changes nothing (`modifiedCount` 0). It sets nothing off
 * (afterCarWrite, car-written.ts): no price, listing check, saved search or wishlist alert reads it.
 */
export async function advertise(pool: Pool, seller: Actor, id: string): Promise<UpdateResult> {
  const car = await ownProduct(pool, seller, id);
  if (car.paid) throw new AppError('CONFLICT', `${takenWords(car.product_name, car.sales_status, 'a buyer')} and can no longer be advertised.`);
  if (car.withdrawn) throw new AppError('CONFLICT', `${car.product_name} is off the market; it cannot be advertised.`);
  const { rowCount } = await pool.query('update products set advertised = true where id = $1 and seller_id = $2 and not advertised and not paid', [
    id,
    seller.id,
  ]);
  return { acknowledged: true, matchedCount: 1, modifiedCount: rowCount ?? 0 };
}

