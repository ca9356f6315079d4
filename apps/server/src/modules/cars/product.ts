import type { ListingStatus, Product } from '@second-gear/contract';
import { maskVin } from '@second-gear/contract/constants';
import { SELLER_RATING_FIELD } from './seller-rating.ts';

// A car as the features read it: one FROM for every query that answers with whole products (the
// catalog's lists and car page, search's page, the wishlist), and one expression writing such a car
// as the contract's Product, in JSON, by PostgreSQL (decision 029).

/**
 * The oldest change of the car's price-drop window has left it since the drop was written: the read
 * works the drop out (price_drop_of, for such a car only) until the hourly refresh writes it again
 * (price-drops.ts).
 */
const WINDOW_MOVED = 'p.price_window_ends <= now()';

/**
 * A lowered price shows as "Price dropped" this long: the net reduction over these days, counted from
 * the first price of them that stood at least 3 days (price_drop_of, migrations 0032 and 0038).
 */
export const PRICE_DROP_DAYS = 14;

export const PRODUCT_FROM = `
  products p
  join categories c on c.id = p.category_id
  join images i on i.key = p.image_key`;

/** A timestamp as JavaScript's toISOString writes it (milliseconds, UTC), which the contract's dates are. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A text column as a JSON string (PostgreSQL escapes as JSON.stringify does). */
const str = (column: string) => `to_json(${column})::text`;
/** A field present only when `condition` holds, as `...(condition && { key: value })` would be. */
const optional = (condition: string, key: string, value: string) => `case when ${condition} then ',"${key}":' || ${value} else '' end`;
/** The price drop from the window's price and time, shown only while the car is on the market. */
const priceDrop = (before: string, at: string) =>
  optional(`${before} > p.resale_price and not p.paid and p.withdrawn_at is null`, 'priceDrop', `'{"amount":' || (${before} - p.resale_price) || ',"at":"' || ${iso(at)} || '"}'`);

/**
 * A car of PRODUCT_FROM as the contract's Product, in JSON text: the fields in the schema's order,
 * each optional one only when it has a value. An answer of cars is assembled from these texts
 * without parsing them (jsonText in http/json-bytes.ts checks each against the schema outside
 * production); a feature that adds to a car parses it (parseProduct).
 *
 * - The seller's verification is the seller's now (kept on the car, migration 0032).
 * - A car's details (model, mileage, fuel…) each only when the seller gave it.
 * - The deal rating only while on the market: a sold car's rating waits for its model's next pricing
 *   to go, and a car whose listing checks flagged something earns no badge until an admin clears them.
 * - The price drop: from the price the window began with (or the listing price), or the first later
 *   one when that one stood less than 3 days; a drop undone by a later raise shows nothing, a partly
 *   undone one its net amount.
 * - The seller's account id, for the link to their public profile; absent once the account is gone.
 * - The car's ZIP code and that ZIP code's centre, once it is placed (places/car-place.ts): never an address;
 *   `zipGiven` when its seller typed the ZIP code (Edit shows only that one, so saving a form never pins a
 *   ZIP code that was worked out from the Location).
 * - The seller's rating from their shown reviews (seller-rating.ts), once they have any.
 */
export const PRODUCT_JSON = `concat(
  '{"_id":"', p.id, '","productName":', ${str('p.product_name')}, ',"categoryId":"', p.category_id, '","categoryName":', ${str('c.name')},
  ',"condition":', ${str('p.condition')}, ',"description":', ${str('p.description')},
  ',"originalPrice":', p.original_price, ',"resalePrice":', p.resale_price, ',"yearsOfUse":', ${str('p.year_of_purchase')},
  ',"mobile":', ${str('p.mobile')}, ',"location":', ${str('p.location')}, ',"sellerName":', ${str('p.seller_name')}, ',"email":', ${str('p.seller_email')},
  ',"image":', ${str('i.url')}, ',"imageSrcSet":', ${str('i.src_set')},
  ',"salesStatus":"', p.sales_status, '","postingTime":"', ${iso('p.posting_time')}, '","paid":', p.paid::text,
  ',"verification":"', case when p.seller_verified then 'verified' else '' end, '","advertisement":', p.advertised::text,
  ${optional('p.model is not null', 'model', str('p.model'))},
  ${optional('p.model_year is not null', 'modelYear', 'p.model_year')},
  ${optional('p.mileage is not null and p.mileage_unit is not null', 'mileage', `p.mileage || ',"mileageUnit":' || ${str('p.mileage_unit')}`)},
  ${optional('p.fuel is not null', 'fuel', str('p.fuel'))},
  ${optional('p.transmission is not null', 'transmission', str('p.transmission'))},
  ${optional('p.body_type is not null', 'bodyType', str('p.body_type'))},
  ${optional('p.colour is not null', 'colour', str('p.colour'))},
  ${optional('p.vin is not null', 'vin', str('p.vin'))},
  ${optional('p.withdrawn_at is not null', 'withdrawn', "'true'")},
  ${optional('p.deal_rating is not null and not p.open_flag and not p.paid and p.withdrawn_at is null', 'dealRating', str('p.deal_rating'))},
  ',"listedAt":"', ${iso('p.listed_at')}, '"',
  case when ${WINDOW_MOVED}
    then (select ${priceDrop('d.price_before', 'd.dropped_at')} from price_drop_of(p.id) d)
    else ${priceDrop('p.price_before_drop', 'p.price_dropped_at')} end,
  ${optional('p.seller_id is not null', 'sellerId', str('p.seller_id'))},
  ${optional('p.zip is not null', 'zip', `${str('p.zip')} || ',"place":{"lat":' || p.lat || ',"lon":' || p.lon || '}'`)},
  ${optional('p.zip_given', 'zipGiven', 'true')},
  ${SELLER_RATING_FIELD},
  '}')`;

/** A car as PRODUCT_JSON wrote it. */
export type ProductJson = string & { readonly productJson: unique symbol };

/** A car of PRODUCT_JSON as an object, for a feature that adds to it or hides part of it. */
export function parseProduct(json: ProductJson): Product {
  return JSON.parse(json) as Product;
}

/** What a booking or a wishlist entry says of its car, from the car's sales status (null: the car is gone). */
export function listingStatusOf(salesStatus: Product['salesStatus'] | null): ListingStatus {
  return salesStatus ?? 'removed';
}

/**
 * Why a car someone paid for can no longer be booked, paid for, asked about, wishlisted, edited or
 * advertised, as a sentence without its full stop (the caller ends it or goes on): reserved while
 * that buyer's money is held (the car comes back on the market if the sale is refunded), sold once
 * the money is released (docs/product.md, "The money's states"). Every refusal that names such a
 * car says it through here, so a held car is never called sold. `buyer` is whom it is reserved for
 * as the reader sees it: "another buyer" to a buyer, "a buyer" to its seller or an admin.
 */
export function takenWords(carName: string, salesStatus: Product['salesStatus'], buyer: 'another buyer' | 'a buyer' = 'another buyer'): string {
  return salesStatus === 'reserved' ? `${carName} is reserved for ${buyer}` : `${carName} is already sold`;
}

/**
 * A car as an anonymous visitor sees it: the seller's login e-mail and phone number are for
 * signed-in people only (the fields stay, empty, so every product keeps one shape), and so is the
 * VIN's serial number. Every feature that answers visitors with cars uses it.
 */
export function withoutSellerContact(p: Product): Product {
  return { ...p, email: '', mobile: '', ...(p.vin !== undefined && { vin: maskVin(p.vin) }) };
}
