import type { Pool, PoolClient } from 'pg';
import { checkVin, formatMileage, formatPrice, type ListingCheckName, type ListingCheckOutcome } from '@second-gear/contract';
import { NEW_SELLER_CARS, NEW_SELLER_DAYS } from '../cars/market.ts';

/**
 * Thresholds of the listing checks (decision 020). A photo is "the same picture" within this many
 * of the 64 bits of its perceptual hash: copies cropped 3–6%, resized and recompressed measured 2–16
 * bits away (38 of 40 within 12), different pictures 20 or more (checks.test.ts, bench:listing-checks).
 */
export const PHOTO_DISTANCE = 12;
/** A price below this share of the car's fair price is worth asking about: the cheapest "Great price" cars sit near 85%. */
export const PRICE_SHARE = 0.75;
/** How long a VIN is remembered on another seller's listing. */
export const VIN_MEMORY_DAYS = 90;
/**
 * What is possible but unlikely in a listing's details (decision 024): a used car asking more than
 * this many times its price new (collector cars aside, a used car asks less than new: a typo, or a
 * made-up original price)…
 */
export const RESALE_OVER_ORIGINAL = 1.5;
/** …a price new under this, which no car has had… */
export const LEAST_ORIGINAL_PRICE = 1_000;
/** …more than this many km a year (about 220 km every day; the bench's honest cars drive up to 18,000)… */
export const MOST_KM_A_YEAR = 80_000;
/** …or under LEAST_KM on a car at least OLD_CAR_YEARS old (a car kept off the road is rare: worth asking). */
export const OLD_CAR_YEARS = 15;
export const LEAST_KM = 1_000;

export interface CheckResult {
  name: ListingCheckName;
  outcome: ListingCheckOutcome;
  detail: string;
}

/** The car as the checks read it. */
export interface CheckedCar {
  id: string;
  seller_id: string | null;
  make: string;
  vin: string | null;
  model_year: number | null;
  year_of_purchase: string;
  original_price: number;
  mileage: number | null;
  mileage_unit: 'km' | 'mi' | null;
  mileage_km: number | null;
  resale_price: number;
  on_market: boolean;
  estimate: number | null;
  low: number | null;
  high: number | null;
  seller_since: Date | null;
  seller_on_market: number;
}

type Db = Pool | PoolClient;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Photos reused from another seller's listing: a picture of this car (cover or photo) within
 * PHOTO_DISTANCE bits of one on another seller's car that was uploaded before it. The earlier
 * upload is the original: the seller who first showed a picture is never flagged for it.
 */
export async function checkPhotos(db: Db, car: CheckedCar): Promise<CheckResult> {
  const { rows: mine } = await db.query<{ key: string }>(
    `select i.key from images i
      where i.phash is not null and i.key in (select image_key from products where id = $1 union all select image_key from product_photos where product_id = $1)`,
    [car.id],
  );
  // No hash: uploaded before photos were compared, or one plain colour.
  if (!mine.length) return { name: 'photos', outcome: 'not checked', detail: 'These photos could not be compared with other listings.' };
  const { rows } = await db.query<{ reused: number }>(
    `select count(distinct m.key)::int as reused
       from images m join images i on i.phash is not null and i.created_at < m.created_at and bit_count(m.phash # i.phash) <= $3
      where m.key = any($4::text[])
        and exists (select 1 from products o where o.image_key = i.key and o.id <> $1 and o.seller_id is distinct from $2
                    union all
                    select 1 from product_photos ph join products o on o.id = ph.product_id
                     where ph.image_key = i.key and o.id <> $1 and o.seller_id is distinct from $2)`,
    [car.id, car.seller_id, PHOTO_DISTANCE, mine.map((r) => r.key)],
  );
  const { reused } = rows[0]!;
  if (reused > 0) {
    return {
      name: 'photos',
      outcome: 'flagged',
      detail: reused === 1 ? "One photo also appears on another seller's listing." : `${reused} photos also appear on another seller's listing.`,
    };
  }
  return { name: 'photos', outcome: 'passed', detail: "The photos appear on no other seller's listing." };
}

/**
 * The VIN against the listing: the make of its manufacturer code and its model year (position 10),
 * and whether another seller listed it in the last VIN_MEMORY_DAYS days (posted, withdrawn or still
 * on the market then). Only what the VIN tells is compared: an unknown code or year is no finding.
 */
export async function checkVinOf(db: Db, car: CheckedCar): Promise<CheckResult> {
  if (!car.vin) return { name: 'vin', outcome: 'not checked', detail: 'No VIN was given.' };
  const decoded = checkVin(car.vin);
  const make = decoded.ok ? decoded.make : undefined;
  const year = decoded.ok ? decoded.modelYear : undefined;
  const otherMake = make !== undefined && make.toLowerCase() !== car.make.toLowerCase();
  const otherYear = year !== undefined && car.model_year !== null && year !== car.model_year;
  const { rows } = await db.query(
    `select 1 from products o
      where o.vin = $1 and o.id <> $2 and o.seller_id is distinct from $3
        and ((not o.paid and o.withdrawn_at is null) or greatest(o.posting_time, o.withdrawn_at) > now() - make_interval(days => $4))
      limit 1`,
    [car.vin, car.id, car.seller_id, VIN_MEMORY_DAYS],
  );
  const listedElsewhere = rows.length > 0;

  const findings: string[] = [];
  if (otherMake && otherYear) findings.push(`This VIN decodes to a ${year} ${make}; the listing says a ${car.model_year} ${car.make}.`);
  else if (otherMake) findings.push(`This VIN decodes to a ${make}; the listing says ${car.make}.`);
  else if (otherYear) findings.push(`This VIN decodes to a ${year} car; the listing says ${car.model_year}.`);
  if (listedElsewhere) findings.push(`This VIN was on another seller's listing in the last ${VIN_MEMORY_DAYS} days.`);
  if (findings.length) return { name: 'vin', outcome: 'flagged', detail: findings.join(' ') };

  const known = [year !== undefined && car.model_year !== null ? String(year) : '', make ?? ''].filter(Boolean).join(' ');
  return {
    name: 'vin',
    outcome: 'passed',
    detail: known
      ? `The VIN decodes to a ${known}, as listed, and was on no other seller's listing in the last ${VIN_MEMORY_DAYS} days.`
      : `The VIN was on no other seller's listing in the last ${VIN_MEMORY_DAYS} days.`,
  };
}

/** The price against the car's fair price (modules/pricing): far below it is worth asking about. */
export function checkPrice(car: CheckedCar): CheckResult {
  if (!car.on_market || car.estimate === null || car.low === null || car.high === null) {
    return { name: 'price', outcome: 'not checked', detail: 'Too few similar cars are on sale to compare the price.' };
  }
  if (car.resale_price < car.estimate * PRICE_SHARE) {
    const below = Math.round((1 - car.resale_price / car.estimate) * 100);
    return {
      name: 'price',
      outcome: 'flagged',
      detail: `The price is ${below}% below the fair price of similar cars (most sell between ${formatPrice(car.low)} and ${formatPrice(car.high)}).`,
    };
  }
  return { name: 'price', outcome: 'passed', detail: 'The price is in line with similar cars.' };
}

/**
 * A brand-new account with many cars on the market at once. The detail names the threshold, not the
 * count: the seller's other cars are checked again when the count crosses it, not for every car.
 */
export function checkSeller(car: CheckedCar, now = new Date()): CheckResult {
  if (!car.seller_id || !car.seller_since) return { name: 'seller', outcome: 'not checked', detail: "The seller's account is closed." };
  const days = Math.floor((now.getTime() - car.seller_since.getTime()) / DAY_MS);
  if (days >= NEW_SELLER_DAYS) return { name: 'seller', outcome: 'passed', detail: 'The seller joined more than a week ago.' };
  const joined = days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`;
  return car.seller_on_market > NEW_SELLER_CARS
    ? { name: 'seller', outcome: 'flagged', detail: `The seller joined ${joined} and has more than ${NEW_SELLER_CARS} cars on sale.` }
    : { name: 'seller', outcome: 'passed', detail: `The seller joined ${joined} and has at most ${NEW_SELLER_CARS} cars on sale.` };
}

/**
 * Details that are each possible but together unlikely of a real used car: a resale price far above
 * the original, an original price no car has had, a mileage far from the car's age (in km; a
 * mileage in miles converted), a model year after the year of purchase. The contract refuses what
 * is impossible (productLimits, vehicleLimits); this asks about the rest.
 */
export function checkPlausibility(car: CheckedCar, now = new Date()): CheckResult {
  const findings: string[] = [];
  if (car.original_price < LEAST_ORIGINAL_PRICE) {
    findings.push(`The original price (${formatPrice(car.original_price)}) is less than any car costs new.`);
  } else if (car.resale_price > car.original_price * RESALE_OVER_ORIGINAL) {
    findings.push(`The price (${formatPrice(car.resale_price)}) is more than ${RESALE_OVER_ORIGINAL} times the original price (${formatPrice(car.original_price)}).`);
  }
  const bought = Number(car.year_of_purchase);
  if (car.model_year !== null && car.model_year > bought + 1) {
    findings.push(`The model year (${car.model_year}) is after the year of purchase (${bought}).`);
  }
  if (car.mileage !== null && car.mileage_km !== null && car.mileage_unit !== null) {
    const built = car.model_year ?? bought;
    const years = Math.max(1, now.getFullYear() - built);
    const given = formatMileage(car.mileage, car.mileage_unit);
    if (car.mileage_km / years > MOST_KM_A_YEAR) {
      // In the unit the seller gave, as `given` quotes them: one unit in one sentence.
      findings.push(`${given} in ${years === 1 ? 'a year' : `${years} years`} is more than ${formatMileage(MOST_KM_A_YEAR, 'km', car.mileage_unit)} a year.`);
    } else if (years >= OLD_CAR_YEARS && car.mileage_km < LEAST_KM) {
      findings.push(`${given} is very little for a car ${years} years old.`);
    }
  }
  if (findings.length) return { name: 'plausibility', outcome: 'flagged', detail: findings.join(' ') };
  return { name: 'plausibility', outcome: 'passed', detail: 'The price, mileage and years fit one another.' };
}

/** Every check of one car, in the order its page lists them; undefined for a car that is gone. */
export async function runChecks(db: Db, productId: string): Promise<CheckResult[] | undefined> {
  const { rows } = await db.query<CheckedCar>(
    `select p.id, p.seller_id, c.name as make, p.vin, p.model_year, p.year_of_purchase, p.original_price, p.mileage, p.mileage_unit,
            case when p.mileage is not null then p.mileage_km end as mileage_km, p.resale_price, not p.paid and p.withdrawn_at is null as on_market,
            e.estimate, e.low, e.high, u.created_at as seller_since,
            (select count(*)::int from products o where o.seller_id = p.seller_id and not o.paid and o.withdrawn_at is null) as seller_on_market
       from products p join categories c on c.id = p.category_id
       left join users u on u.id = p.seller_id
       left join price_estimates e on e.product_id = p.id
      where p.id = $1`,
    [productId],
  );
  const car = rows[0];
  if (!car) return undefined;
  return [await checkPhotos(db, car), await checkVinOf(db, car), checkPrice(car), checkSeller(car), checkPlausibility(car)];
}
