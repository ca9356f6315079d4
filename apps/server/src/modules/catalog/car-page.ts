import type { Pool } from 'pg';
import type { CarPage } from '@second-gear/contract';
import { wholeDaysSince } from '@second-gear/contract/constants';
import type { Actor } from '../../auth/actor.ts';
import { AppError } from '../../errors.ts';
import { fairPriceOf } from '../pricing/fair-price.ts';
import { listingChecksOf } from '../listing-checks/service.ts';
import { carPhotos } from './photos.ts';
import { ON_MARKET } from '../cars/market.ts';
import { PRODUCT_FROM, PRODUCT_JSON, parseProduct, withoutSellerContact, type ProductJson } from '../cars/product.ts';
import { departureMessage } from './similar-cars.ts';

interface CarRow {
  product: ProductJson;
  id: string;
  image_key: string;
  widths: number[];
  paid: boolean;
  withdrawn_at: Date | null;
  seller_id: string | null;
  seller_name: string;
  seller_verified: boolean;
  listed_at: Date;
  seller_since: Date | null;
  seller_on_market: number;
}

/**
 * `GET /cars/{id}`: everything a car's page shows. Every car on the market is public (a visitor gets
 * it without the seller's contact and the VIN's serial, as on the home page); a sold car stays on
 * record for signed-in people. A withdrawn car is its seller's only: to anyone else it is not there.
 */
export async function carPage(pool: Pool, viewer: Actor | null, id: string): Promise<CarPage> {
  const { rows } = await pool.query<CarRow>(
    `select ${PRODUCT_JSON} as product, p.id, p.image_key, i.widths, p.paid, p.withdrawn_at, p.seller_id, p.seller_name,
            p.seller_verified, p.listed_at, s.created_at as seller_since,
            (select count(*)::int from products p where p.seller_id = s.id and ${ON_MARKET}) as seller_on_market
       from ${PRODUCT_FROM}
       left join users s on s.id = p.seller_id
      where p.id = $1`,
    [id],
  );
  const row = rows[0];
  // The seller is the account, whatever address it has now: whoever signs up with an address it left is someone else.
  const withdrawnFromViewer = row?.withdrawn_at && row.seller_id !== viewer?.id;
  // Not there for this viewer: the page says why in plain words (sold, no longer listed, or no such car) and offers similar cars.
  if (!row || withdrawnFromViewer || (!viewer && row.paid)) throw new AppError('NOT_FOUND', await departureMessage(pool, id));

  const product = parseProduct(row.product);
  const [photos, history, fairPrice, listingChecks] = await Promise.all([
    carPhotos(pool, row.id, { key: row.image_key, widths: row.widths }),
    pool.query<{ old_price: number; new_price: number; changed_at: Date }>(
      'select old_price, new_price, changed_at from price_changes where product_id = $1 order by changed_at, id',
      [row.id],
    ),
    fairPriceOf(pool, row.id),
    listingChecksOf(pool, row.id),
  ]);
  return {
    product: viewer ? product : withoutSellerContact(product),
    photos,
    seller: {
      name: row.seller_name,
      verified: row.seller_verified === true,
      memberSince: row.seller_since?.toISOString() ?? null,
      activeListings: row.seller_on_market,
    },
    daysListed: wholeDaysSince(row.listed_at),
    priceHistory: history.rows.map((r) => ({ oldPrice: r.old_price, newPrice: r.new_price, changedAt: r.changed_at.toISOString() })),
    fairPrice,
    ...(listingChecks && { listingChecks }),
  };
}
