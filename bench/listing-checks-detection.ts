/**
 * The listing checks measured (docs/listing-checks.md): honest and suspicious listings generated
 * into a real, migrated database, priced and checked by the product's own code (repriceModel,
 * checkListing), and counted. Used by `npm run bench:listing-checks`
 * (bench/listing-checks-accuracy.ts, 100 + 30 listings) and by a small version in the server's
 * tests.
 */
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { vinYearCode, withCheckDigit } from '@second-gear/contract';
import { perceptualHash } from '../apps/server/src/images/store.ts';
import { checkListing } from '../apps/server/src/modules/listing-checks/service.ts';
import { repriceModel } from '../apps/server/src/modules/pricing/service.ts';
import { carPicture, reusedCopy } from '../apps/server/test/car-pictures.ts';
import { seeded } from '../apps/server/test/seeded.ts';

/** What the suspicious listings do, each kind in equal numbers, and the check meant to find it. */
const MEANT_FOR = { 'reused photo': 'photos', 'mismatched VIN': 'vin', 'price 40% below': 'price', 'implausible details': 'plausibility' } as const;
export const SUSPICIOUS_KINDS = Object.keys(MEANT_FOR) as (keyof typeof MEANT_FOR)[];
type Kind = 'honest' | keyof typeof MEANT_FOR;

export interface DetectionOptions {
  honest: number;
  /** Suspicious listings of each kind. */
  perKind: number;
  seed: number;
  /** Width of the generated photos (height ¾ of it); smaller is faster. */
  pictureWidth: number;
}

export interface Detection {
  honest: number;
  /** Honest listings with any flag, and which checks flagged them. */
  falsePositives: { productName: string; flags: string[] }[];
  /** Honest listings whose price was compared (the others had too few comparables). */
  honestPriced: number;
  /** Per kind of suspicious listing: how many there were, how many had any flag, and how many the check meant for it flagged. */
  suspicious: { kind: keyof typeof MEANT_FOR; listings: number; flagged: number; byItsCheck: number }[];
  /**
   * Per check: the listings it flagged, and how many of them were of the kind it is meant for
   * (its precision is `ofItsKind / flagged`, its recall the kind's `byItsCheck / listings`).
   */
  checks: { check: (typeof MEANT_FOR)[keyof typeof MEANT_FOR]; flagged: number; ofItsKind: number }[];
}

/**
 * Four North American makes and one model each (a VIN from these carries its model year and check
 * digit), with a price new for the known price function of bench/pricing-accuracy.ts.
 */
const MODELS = [
  { make: 'Toyota', wmi: '4T1', model: 'Corolla', priceNew: 24_000 },
  { make: 'Honda', wmi: '1HG', model: 'Civic', priceNew: 25_000 },
  { make: 'Ford', wmi: '1FA', model: 'Focus', priceNew: 23_000 },
  { make: 'Chevrolet', wmi: '1G1', model: 'Malibu', priceNew: 26_000 },
] as const;
/** Cars per model, so that every car has enough comparables for a fair price. */
const CARS_PER_MODEL = 30;
const NOW_YEAR = new Date().getFullYear();

interface Listing {
  kind: Kind;
  sellerId: string;
  model: (typeof MODELS)[number];
  year: number;
  km: number;
  price: number;
  /** The price new (the model's, unless the listing says otherwise) and the year of purchase (the model year, unless…). */
  originalPrice?: number;
  yearOfPurchase?: number;
  vin: string;
  pictures: Buffer[];
  /** Uploaded a day ago (the honest originals) or now (the suspicious listings, after them). */
  uploadedDaysAgo: number;
}

export async function measureDetection(pool: Pool, { honest, perKind, seed, pictureWidth }: DetectionOptions): Promise<Detection> {
  const random = seeded(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const run = randomBytes(3).toString('hex');
  const models = MODELS.slice(0, Math.max(1, Math.min(MODELS.length, Math.round((honest + 3 * perKind) / CARS_PER_MODEL))));

  // Makes, and sellers whose accounts are a year old: three honest cars each, one suspicious car each.
  const makeIds = new Map<string, string>();
  const { rows: logo } = await pool.query<{ key: string }>(`insert into images (key, widths) values ($1, '{480}') returning key`, [`bench-checks-${run}-logo`]);
  for (const m of models) {
    const { rows } = await pool.query<{ id: string }>(
      `insert into categories (name, details, image_key) values ($1, 'Listing checks bench', $2)
       on conflict (lower(name)) do update set details = categories.details returning id`,
      [m.make, logo[0]!.key],
    );
    makeIds.set(m.make, rows[0]!.id);
  }
  let sellers = 0;
  const seller = async () => {
    const id = `bench-checks-${run}-${++sellers}`;
    await pool.query(`insert into users (id, name, email, role, created_at) values ($1, $2, $3, 'seller', now() - interval '1 year')`, [
      id,
      `Seller ${sellers}`,
      `${id}@bench.test`,
    ]);
    return id;
  };

  let serial = 0;
  const vinOf = (wmi: string, year: number) => withCheckDigit(`${wmi}BF1FK0${vinYearCode(year)}U${String(++serial).padStart(6, '0')}`);
  let pictureSeed = seed * 1000;
  const picture = () => carPicture(++pictureSeed, pictureWidth, Math.round(pictureWidth * 0.75));

  /** An honest car: the known price function (15% a year, 1.2% per 10,000 km) with 8% noise, its own two photos, a VIN that matches. */
  const honestCar = async (sellerId: string, kind: Kind = 'honest'): Promise<Listing> => {
    const model = pick(models);
    const age = 2 + Math.floor(random() * 6);
    const km = Math.round(age * (10_000 + random() * 8_000));
    const price = Math.round(model.priceNew * 0.85 ** age * Math.exp(-0.0000012 * km) * Math.exp(0.08 * normal()));
    const year = NOW_YEAR - age;
    return { kind, sellerId, model, year, km, price, vin: vinOf(model.wmi, year), pictures: [await picture(), await picture()], uploadedDaysAgo: 1 };
  };

  const listings: Listing[] = [];
  let honestSeller = '';
  for (let i = 0; i < honest; i++) {
    if (i % 3 === 0) honestSeller = await seller();
    listings.push(await honestCar(honestSeller));
  }
  const originals = listings.slice();
  for (let i = 0; i < perKind; i++) {
    const reused = await honestCar(await seller(), 'reused photo');
    reused.pictures[0] = await reusedCopy(pick(originals).pictures[0]!, seed + i);
    reused.uploadedDaysAgo = 0;
    listings.push(reused);

    const vin = await honestCar(await seller(), 'mismatched VIN');
    const otherMake = MODELS.find((m) => m.make !== vin.model.make)!;
    // Half say another year (3 years older), half another make.
    vin.vin = i % 2 === 0 ? vinOf(vin.model.wmi, vin.year - 3) : vinOf(otherMake.wmi, vin.year);
    vin.uploadedDaysAgo = 0;
    listings.push(vin);

    const cheap = await honestCar(await seller(), 'price 40% below');
    cheap.price = Math.round(cheap.price * 0.6);
    cheap.uploadedDaysAgo = 0;
    listings.push(cheap);

    // In turn: an original price typed a zero short (a tenth of the price new), 120,000 km a year,
    // a year of purchase three years before the model year.
    const odd = await honestCar(await seller(), 'implausible details');
    if (i % 3 === 0) odd.originalPrice = Math.round(odd.model.priceNew / 10);
    else if (i % 3 === 1) odd.km = (NOW_YEAR - odd.year) * 120_000;
    else odd.yearOfPurchase = odd.year - 3;
    odd.uploadedDaysAgo = 0;
    listings.push(odd);
  }

  const ids: { id: string; kind: Kind; productName: string }[] = [];
  for (const car of listings) {
    const keys: string[] = [];
    for (const bytes of car.pictures) {
      const key = `bench-checks-${run}-${randomBytes(6).toString('hex')}`;
      await pool.query(`insert into images (key, widths, owner_id, phash, created_at) values ($1, '{480}', $2, $3::bit(64), now() - make_interval(days => $4))`, [
        key,
        car.sellerId,
        await perceptualHash(bytes),
        car.uploadedDaysAgo,
      ]);
      keys.push(key);
    }
    const productName = `${car.year} ${car.model.make} ${car.model.model} #${ids.length + 1}`;
    const { rows } = await pool.query<{ id: string }>(
      `insert into products (category_id, seller_id, seller_name, seller_email, product_name, condition, description, original_price, resale_price,
         year_of_purchase, mobile, location, image_key, model, model_year, mileage, mileage_unit, vin)
       select $1, u.id, u.name, u.email, $3, 'Good', 'Generated for the listing checks bench.', $4, $5, $6, '555-0100', 'Springfield', $7, $8, $9, $10, 'km', $11
         from users u where u.id = $2
       returning id`,
      [
        makeIds.get(car.model.make),
        car.sellerId,
        productName,
        car.originalPrice ?? car.model.priceNew,
        car.price,
        String(car.yearOfPurchase ?? car.year),
        keys[0],
        car.model.model,
        car.year,
        car.km,
        car.vin,
      ],
    );
    const id = rows[0]!.id;
    await pool.query(`insert into product_photos (product_id, position, image_key) values ($1, 1, $2)`, [id, keys[1]]);
    ids.push({ id, kind: car.kind, productName });
  }

  // The cars were written straight (not through afterCarWrite): their pricing and checks are run
  // here, in order, rather than enqueued.
  for (const m of models) await repriceModel(pool, makeIds.get(m.make)!, m.model);
  for (const { id } of ids) await checkListing(pool, id);

  const { rows: flagged } = await pool.query<{ product_id: string; names: string[] }>(
    `select product_id, array_agg(name order by name) as names from listing_checks where outcome = 'flagged' and product_id = any($1::uuid[]) group by product_id`,
    [ids.map((c) => c.id)],
  );
  const flagsOf = new Map(flagged.map((r) => [r.product_id, r.names]));
  const { rows: priced } = await pool.query<{ n: number }>(
    `select count(*)::int as n from listing_checks where name = 'price' and outcome <> 'not checked' and product_id = any($1::uuid[])`,
    [ids.filter((c) => c.kind === 'honest').map((c) => c.id)],
  );
  return {
    honest,
    honestPriced: priced[0]!.n,
    falsePositives: ids.filter((c) => c.kind === 'honest' && flagsOf.has(c.id)).map((c) => ({ productName: c.productName, flags: flagsOf.get(c.id)! })),
    suspicious: SUSPICIOUS_KINDS.map((kind) => {
      const ofKind = ids.filter((c) => c.kind === kind);
      return {
        kind,
        listings: ofKind.length,
        flagged: ofKind.filter((c) => flagsOf.has(c.id)).length,
        byItsCheck: ofKind.filter((c) => flagsOf.get(c.id)?.includes(MEANT_FOR[kind])).length,
      };
    }),
    checks: SUSPICIOUS_KINDS.map((kind) => {
      const check = MEANT_FOR[kind];
      const flaggedBy = ids.filter((c) => flagsOf.get(c.id)?.includes(check));
      return { check, flagged: flaggedBy.length, ofItsKind: flaggedBy.filter((c) => c.kind === kind).length };
    }),
  };
}
