import type { Pool } from 'pg';
import type { CarDeparture, SimilarCars } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { AppError } from '../../errors.ts';
import { HAS_OPEN_FLAG, ON_MARKET } from '../cars/market.ts';
import { PRODUCT_FROM, PRODUCT_JSON, parseProduct, withoutSellerContact, type ProductJson } from '../cars/product.ts';
import { PRICE_OUTLIER } from '../pricing/fair-price.ts';

/** How many similar cars a page offers. */
export const SIMILAR_CARS = 6;

interface Likeness {
  left: CarDeparture | null;
  makeId: string;
  model: string | null;
  price: number;
  /** A sold or reserved car as its page names it. */
  named: SimilarCars['car'] | null;
}

/**
 * The car as the similar cars are chosen by: its make, model and price, and whether it left the
 * market (reserved while its buyer's money is held, sold once released). A deleted car is known by
 * its record in departed_cars (migration 0029); an id never listed (or deleted over two years ago)
 * is null.
 */
async function likenessOf(pool: Pool, id: string): Promise<Likeness | null> {
  const { rows } = await pool.query<{
    left: CarDeparture | null;
    category_id: string;
    model: string | null;
    resale_price: number;
    product_name: string | null;
    image: string | null;
    image_src_set: string | null;
  }>(
    `select case when p.sales_status = 'reserved' then 'reserved' when p.paid then 'sold' when p.withdrawn_at is not null then 'withdrawn' end as left,
            p.category_id, p.model, p.resale_price,
            case when p.paid then p.product_name end as product_name, case when p.paid then i.url end as image,
            case when p.paid then i.src_set end as image_src_set
       from products p join images i on i.key = p.image_key where p.id = $1
     union all
     select 'deleted', d.category_id, d.model, d.resale_price, null, null, null from departed_cars d where d.product_id = $1
     limit 1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const named = row.product_name && row.image ? { productName: row.product_name, resalePrice: row.resale_price, image: row.image, imageSrcSet: row.image_src_set ?? '' } : null;
  return { left: row.left, makeId: row.category_id, model: row.model, price: row.resale_price, named };
}

/** Why a car's page has no car to show its viewer, in the words the page shows: sold, reserved, or no longer listed. */
export async function departureMessage(pool: Pool, id: string): Promise<string> {
  const car = await likenessOf(pool, id);
  if (!car) return 'There is no such car.';
  if (car.left === 'sold') return 'This car was sold.';
  return car.left === 'reserved' ? 'This car is reserved for a buyer.' : 'This car is no longer listed.';
}

/**
 * `GET /cars/{id}/similar`: up to six cars on the market like this one (the same make and model, then
 * the same make; the nearest in price first), and whether this one has left the market. Not a car
 * with an open listing-check flag, nor one priced far off its own fair price (PRICE_OUTLIER): the
 * site offers neither as like a car (issue 46). For anyone: a visitor's cars come without their
 * sellers' contact, as everywhere.
 */
export async function similarCars(pool: Pool, viewer: Actor | null, id: string): Promise<SimilarCars> {
  const car = await likenessOf(pool, id);
  if (!car) throw new AppError('NOT_FOUND', 'There is no such car.');
  const { rows } = await pool.query<{ product: ProductJson }>(
    `select ${PRODUCT_JSON} as product from ${PRODUCT_FROM}
      where ${ON_MARKET} and p.category_id = $2 and p.id <> $1 and not ${HAS_OPEN_FLAG} and not ${PRICE_OUTLIER}
      order by coalesce(lower(p.model) = lower($3::text), false) desc, abs(p.resale_price - $4::int), p.id
      limit ${SIMILAR_CARS}`,
    [id, car.makeId, car.model, car.price],
  );
  const cars = rows.map((r) => parseProduct(r.product));
  return { left: car.left, ...(car.named && { car: car.named }), cars: viewer ? cars : cars.map(withoutSellerContact) };
}
