import type { DealRating, ListingStatus, Product } from '@second-gear/contract';
import { maskVin } from '@second-gear/contract/constants';
import { imageUrls } from '../../images/store.ts';

// A car as the features read it: one set of columns and one FROM for every query that answers with
// whole products (the catalog's lists and car page, search's page, the wishlist), and the one
// mapping of such a row to the contract's Product.

export interface ProductRow {
  id: string;
  product_name: string;
  category_id: string;
  category_name: string;
  condition: Product['condition'];
  description: string;
  original_price: number;
  resale_price: number;
  year_of_purchase: string;
  mobile: string;
  location: string;
  seller_name: string;
  seller_email: string;
  image_key: string;
  widths: number[];
  sales_status: Product['salesStatus'];
  posting_time: Date;
  paid: boolean;
  advertised: boolean;
  seller_verified: boolean;
  model: string | null;
  model_year: number | null;
  mileage: number | null;
  mileage_unit: Product['mileageUnit'] | null;
  fuel: Product['fuel'] | null;
  transmission: Product['transmission'] | null;
  body_type: Product['bodyType'] | null;
  colour: string | null;
  vin: string | null;
  withdrawn_at: Date | null;
  deal_rating: DealRating | null;
  flagged: boolean;
  listed_at: Date;
  price_before_drop: number | null;
  price_dropped_at: Date | null;
}

/**
 * The oldest change of the car's price-drop window has left it since the drop was written: the read
 * works the drop out (a CASE evaluates its subqueries only for such a car) until the hourly refresh
 * writes it again (price-drops.ts).
 */
const WINDOW_MOVED = 'p.price_window_ends <= now()';

/**
 * Every product query selects these columns, so that one mapping serves them all. What the lists
 * show beside the car's own fields (its seller's verification, its deal rating, an open listing-check
 * flag, its price drop) is kept on the car by the writes that change it (migration 0032), so a page
 * of cars reads three tables.
 */
export const PRODUCT_COLUMNS = `
  p.id, p.product_name, p.category_id, c.name as category_name, p.condition, p.description,
  p.original_price, p.resale_price, p.year_of_purchase, p.mobile, p.location, p.seller_name,
  p.seller_email, p.image_key, i.widths, p.sales_status, p.posting_time, p.paid, p.advertised,
  p.seller_verified, p.model, p.model_year, p.mileage, p.mileage_unit, p.fuel, p.transmission,
  p.body_type, p.colour, p.vin, p.withdrawn_at, p.deal_rating, p.open_flag as flagged, p.listed_at,
  case when ${WINDOW_MOVED} then (select d.price_before from price_drop_of(p.id) d) else p.price_before_drop end as price_before_drop,
  case when ${WINDOW_MOVED} then (select d.dropped_at from price_drop_of(p.id) d) else p.price_dropped_at end as price_dropped_at`;

/** A lowered price shows as "Price dropped" this long (the net reduction over these days; price_drop_of in migration 0032). */
export const PRICE_DROP_DAYS = 14;

export const PRODUCT_FROM = `
  products p
  join categories c on c.id = p.category_id
  join images i on i.key = p.image_key`;

export function toProduct(r: ProductRow): Product {
  const { url, srcSet } = imageUrls(r.image_key, r.widths);
  return {
    _id: r.id,
    productName: r.product_name,
    categoryId: r.category_id,
    categoryName: r.category_name,
    condition: r.condition,
    description: r.description,
    originalPrice: r.original_price,
    resalePrice: r.resale_price,
    yearsOfUse: r.year_of_purchase,
    mobile: r.mobile,
    location: r.location,
    sellerName: r.seller_name,
    email: r.seller_email,
    image: url,
    imageSrcSet: srcSet,
    salesStatus: r.sales_status,
    postingTime: r.posting_time.toISOString(),
    paid: r.paid,
    // The seller's verification now, not a copy taken when the car was listed.
    verification: r.seller_verified ? 'verified' : '',
    advertisement: r.advertised,
    // A car's details, each only when the seller gave it (the specification's cars have none).
    ...(r.model !== null && { model: r.model }),
    ...(r.model_year !== null && { modelYear: r.model_year }),
    ...(r.mileage !== null && r.mileage_unit !== null && { mileage: r.mileage, mileageUnit: r.mileage_unit }),
    ...(r.fuel !== null && { fuel: r.fuel }),
    ...(r.transmission !== null && { transmission: r.transmission }),
    ...(r.body_type !== null && { bodyType: r.body_type }),
    ...(r.colour !== null && { colour: r.colour }),
    ...(r.vin !== null && { vin: r.vin }),
    ...(r.withdrawn_at !== null && { withdrawn: true }),
    // Rated while on the market only: a sold car's rating waits for its model's next pricing to go.
    // A car whose listing checks flagged something earns no badge until an admin clears the flags.
    ...(r.deal_rating !== null && !r.flagged && !r.paid && r.withdrawn_at === null && { dealRating: r.deal_rating }),
    listedAt: r.listed_at.toISOString(),
    // The first change of the window starts from the price the window began with (or the listing
    // price); a drop undone by a later raise shows nothing, a partly undone one its net amount.
    ...(r.price_before_drop !== null &&
      r.price_dropped_at !== null &&
      r.price_before_drop > r.resale_price &&
      !r.paid &&
      r.withdrawn_at === null && { priceDrop: { amount: r.price_before_drop - r.resale_price, at: r.price_dropped_at.toISOString() } }),
  };
}

/** What a booking or a wishlist entry says of its car, from the car's sales status (null: the car is gone). */
export function listingStatusOf(salesStatus: Product['salesStatus'] | null): ListingStatus {
  return salesStatus ?? 'removed';
}

/**
 * A car as an anonymous visitor sees it: the seller's login e-mail and phone number are for
 * signed-in people only (the fields stay, empty, so every product keeps one shape), and so is the
 * VIN's serial number. Every feature that answers visitors with cars uses it.
 */
export function withoutSellerContact(p: Product): Product {
  return { ...p, email: '', mobile: '', ...(p.vin !== undefined && { vin: maskVin(p.vin) }) };
}
