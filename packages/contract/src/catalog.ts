import { z } from 'zod';
import {
  bodyTypes,
  categoryPageSize,
  checkVin,
  conditions,
  formatPrice,
  mileageBound,
  dealRatings,
  fuels,
  maxCarPhotos,
  mileageUnits,
  productLimits,
  transmissions,
  vehicleLimits,
} from './constants.ts';
import { oneLine } from './common.ts';
import { zipCodePattern } from './places.ts';
import { listingCheck } from './listing-checks.ts';

export const category = z.object({
  _id: z.uuid(),
  name: z.string(),
  image: z.string(),
  details: z.string(),
});
export type Category = z.infer<typeof category>;

/** A product as every list and card receives it (docs/product.md, "Screens"). */
export const product = z.object({
  _id: z.uuid(),
  productName: z.string(),
  categoryId: z.uuid(),
  categoryName: z.string(),
  condition: z.enum(conditions),
  description: z.string(),
  originalPrice: z.number().int(),
  resalePrice: z.number().int(),
  yearsOfUse: z.string(),
  mobile: z.string(),
  location: z.string(),
  sellerName: z.string(),
  email: z.string(),
  image: z.string(),
  /** Widths of the same picture for `srcset` (`url 480w, …`); empty when there is only one. */
  imageSrcSet: z.string(),
  salesStatus: z.enum(['available', 'reserved', 'sold']),
  postingTime: z.iso.datetime({ offset: true }),
  paid: z.boolean(),
  /** The seller's current verification: 'verified' or ''. */
  verification: z.enum(['verified', '']),
  advertisement: z.boolean(),
  // A car's details: each only when the seller gave it.
  model: z.string().optional(),
  modelYear: z.number().int().optional(),
  mileage: z.number().int().optional(),
  mileageUnit: z.enum(mileageUnits).optional(),
  fuel: z.enum(fuels).optional(),
  transmission: z.enum(transmissions).optional(),
  bodyType: z.enum(bodyTypes).optional(),
  colour: z.string().optional(),
  /** The full VIN for signed-in people; its serial number hidden (`maskVin`) for visitors. */
  vin: z.string().optional(),
  /** Taken off the market by its seller (never sold here): shown to the seller only. */
  withdrawn: z.boolean().optional(),
  /** The asking price against the car's fair price, when it has one (docs/pricing.md). */
  dealRating: z.enum(dealRatings).optional(),
  /**
   * When the car was first listed: its posting time, or an earlier listing's when its
   * seller relisted the same VIN within 30 days. Cards say "Listed 3 days ago" from it.
   */
  listedAt: z.iso.datetime({ offset: true }).optional(),
  /**
   * While on the market, a net reduction of the price over the last 14 days (against its price 14
   * days ago, or at listing when that was later), and when it was last lowered.
   */
  priceDrop: z.object({ amount: z.number().int().positive(), at: z.iso.datetime({ offset: true }) }).optional(),
  /** The seller's account: their public profile is `/sellers/{sellerId}`. */
  sellerId: z.string().optional(),
  /** The ZIP code the car is placed at: the seller's, or the one its Location names (never an address). */
  zip: z.string().optional(),
  /** That ZIP code's centre, for distances and maps. */
  place: z.object({ lat: z.number(), lon: z.number() }).optional(),
  /** True when the seller typed the ZIP code; absent when it was worked out from the Location. */
  zipGiven: z.literal(true).optional(),
  /** The seller's reviews from completed sales, once any can be shown. */
  sellerRating: z.object({ average: z.number(), count: z.number().int().positive() }).optional(),
});
export type Product = z.infer<typeof product>;

export const addProductCategory = category.pick({ _id: true, name: true });
export type AddProductCategory = z.infer<typeof addProductCategory>;

export const categoryPageQuery = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(categoryPageSize.max).default(categoryPageSize.default),
  })
  .strict();

/** `GET /category/{id}`: the category's name and one page of its unsold cars, newest first. */
export const categoryPage = z.object({
  categoryName: z.string(),
  products: z.array(product),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CategoryPage = z.infer<typeof categoryPage>;

/** `POST /images` answers in the shape of the image host the first client used. */
export const imageUploadAnswer = z.object({ success: z.literal(true), data: z.object({ url: z.string() }) });
export type ImageUploadAnswer = z.infer<typeof imageUploadAnswer>;
const price = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number of dollars`)
    .positive(`${name} must be more than 0`)
    .max(productLimits.maxPrice, `${name} must be at most ${formatPrice(productLimits.maxPrice)}`);
const text = (name: string, max: number) =>
  z.string({ error: `${name} is Required` }).trim().min(1, `${name} is Required`).max(max, `${name} must be at most ${max} characters`);

/** Fields the server sets itself; a client that sends one is refused, so nobody can forge them. */
export const serverSetProductFields = ['sellerName', 'email', 'salesStatus', 'postingTime', 'paid', 'advertisement', 'verification', 'sellerId'] as const;

/** An optional field left empty in a form: the same as not sent. */
const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalText = (name: string, max: number) =>
  z.preprocess(
    (value) => blankAsMissing(typeof value === 'string' ? value.trim() : value),
    z.string({ error: `${name} must be text` }).max(max, `${name} must be at most ${max} characters`).optional(),
  );
/**
 * A number a form sends as text, written plainly (`2019`, `182000`, `12.5`): other notations that
 * JavaScript would also read (`1e3`, `0x10`, `2.019e3`) stay text, so the schema refuses them as the
 * form does (apps/web's product-form-values.ts, held to the same answers by its tests).
 */
const plainNumberPattern = /^\s*-?\d+(\.\d+)?\s*$/;
const plainNumber = (value: unknown) => {
  const given = blankAsMissing(typeof value === 'string' ? value.trim() : value);
  return typeof given === 'string' && plainNumberPattern.test(given) ? Number(given) : given;
};
const optionalChoice = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.preprocess(blankAsMissing, z.enum(values, `${name} must be one of ${values.join(', ')}`).optional());

/**
 * The car's details beyond the specification's fields: all optional, so the specification's form and
 * its required fields stay as they are. Make is the category.
 */
export const vehicleDetails = z.object({
  model: optionalText('Model', vehicleLimits.model),
  modelYear: z.preprocess(
    plainNumber,
    z
      .number({ error: 'Model Year must be a year like 2019' })
      .int('Model Year must be a year like 2019')
      .min(vehicleLimits.firstModelYear, `Model Year cannot be before ${vehicleLimits.firstModelYear}`)
      .refine((year) => year <= new Date().getFullYear() + 1, 'Model Year cannot be more than a year ahead')
      .optional(),
  ),
  mileage: z.preprocess(
    plainNumber,
    z
      .number({ error: 'Mileage must be a number' })
      .int('Mileage must be a whole number')
      .min(0, 'Mileage cannot be negative')
      .max(vehicleLimits.maxKm, mileageBound)
      .optional(),
  ),
  mileageUnit: optionalChoice('Mileage unit', mileageUnits),
  fuel: optionalChoice('Fuel', fuels),
  transmission: optionalChoice('Transmission', transmissions),
  bodyType: optionalChoice('Body Type', bodyTypes),
  colour: optionalText('Colour', vehicleLimits.colour),
  vin: z.preprocess(
    (value) => blankAsMissing(typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value),
    z
      .string({ error: 'VIN must be text' })
      .max(40, 'VIN must be 17 characters')
      .check((ctx) => {
        const checked = checkVin(ctx.value);
        if (!checked.ok) ctx.issues.push({ code: 'custom', message: checked.message, input: ctx.value });
      })
      .optional(),
  ),
  /**
   * More photos of the car after the cover (`image`), in the order the gallery shows them: URLs of
   * pictures this seller uploaded (`POST /images`), at most 19, none twice.
   */
  photos: z
    .array(z.string().min(1).max(300), { error: 'Photos must be a list of uploaded pictures' })
    .max(maxCarPhotos - 1, `A car has at most ${maxCarPhotos} photos, the cover included`)
    .refine((urls) => new Set(urls).size === urls.length, 'The same photo is in the list twice')
    .optional(),
});
export type VehicleDetails = z.infer<typeof vehicleDetails>;

/** The specification's Add A Product fields. */
const specProductFields = z.object({
    productName: oneLine(text('Product Name', productLimits.productName), 'Product Name'),
    categoryId: z.uuid('Category is Required'),
    condition: z.enum(conditions, 'Condition must be Excellent, Good or Fair'),
    description: text('Product Description', productLimits.description),
    originalPrice: price('Original Price'),
    resalePrice: price('Resale Price'),
    /** The year of purchase, under the first client's field name. */
    yearsOfUse: z
      .string({ error: 'Year of Purchase is Required' })
      .trim()
      .regex(/^\d{4}$/, 'Year of Purchase must be a year like 2019')
      .refine(
        (y) => Number(y) >= productLimits.firstYear && Number(y) <= new Date().getFullYear(),
        `Year of Purchase cannot be in the future or before ${productLimits.firstYear}`,
      ),
    mobile: text('Mobile No.', productLimits.mobile),
    location: oneLine(text('Location', productLimits.location), 'Location'),
    image: z.string({ error: 'Image is Required' }).min(1, 'Image is Required').max(300),
});

/**
 * The listing's optional `ZIP code` beside the specification's Location (issue 48): the car is placed
 * at its centre. Left out, null or blank: placed from the Location when it names a US city ("City, ST").
 */
const listingZip = z.object({
  zip: z.preprocess(
    (value) => blankAsMissing(typeof value === 'string' ? value.trim() : value),
    z.string({ error: 'ZIP code must be 5 digits.' }).regex(zipCodePattern, 'ZIP code must be 5 digits.').optional(),
  ),
});

/** `POST /addProducts`: what a seller types. Everything else comes from the session and the database. */
export const addProductBody = specProductFields
  .extend(vehicleDetails.shape)
  .extend(listingZip.shape)
  .strict()
  .refine((body) => !body.photos?.includes(body.image), { message: 'The cover is already among the photos', path: ['photos'] })
  .refine((body) => body.mileage === undefined || body.mileageUnit !== undefined, {
    message: 'Choose km or mi for the Mileage',
    path: ['mileageUnit'],
  })
  // Over maxKm the field itself refused it, with the same sentence.
  .refine((body) => body.mileageUnit !== 'mi' || body.mileage === undefined || body.mileage <= vehicleLimits.maxMiles || body.mileage > vehicleLimits.maxKm, {
    message: mileageBound,
    path: ['mileage'],
  });
export type AddProductBody = z.infer<typeof addProductBody>;

/** `PUT /products/{id}`: the seller's whole car again, as Add A Product sends it (the form is the same, filled in). */
export const editProductBody = addProductBody;
export type EditProductBody = AddProductBody;

/** One picture of a car's gallery, in the sizes the server made. */
export const carPhoto = z.object({
  url: z.string(),
  /** `url 480w, …` for `srcset`; empty when there is one size. */
  srcSet: z.string(),
});
export type CarPhoto = z.infer<typeof carPhoto>;

/** One change of a car's resale price, as the car's page lists it. */
export const priceChange = z.object({
  oldPrice: z.number().int(),
  newPrice: z.number().int(),
  changedAt: z.iso.datetime({ offset: true }),
});
export type PriceChange = z.infer<typeof priceChange>;

/** A comparable car as the fair price's explanation lists it. */
export const comparableCar = z.object({
  _id: z.string(),
  productName: z.string(),
  resalePrice: z.number().int(),
  /** Its price carried over to this car's model year, mileage and condition: the estimate is the median of these (docs/pricing.md). */
  adjustedPrice: z.number().int(),
  modelYear: z.number().int(),
  /** As its seller gave it, in `mileageUnit`. */
  mileage: z.number().int(),
  mileageUnit: z.enum(mileageUnits),
  /** The same mileage in km, as the estimate compares mileages. */
  mileageKm: z.number().int(),
  condition: z.enum(conditions),
});
export type ComparableCar = z.infer<typeof comparableCar>;

/** The car's fair price: a rating with its estimate, range and the comparables, or too few comparables to say. */
export const fairPrice = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('rated'),
    /** Absent while the car's listing checks have a flag an admin has not cleared: such a car earns no badge. */
    rating: z.enum(dealRatings).optional(),
    estimate: z.number().int(),
    low: z.number().int(),
    high: z.number().int(),
    comparables: z.array(comparableCar),
  }),
  z.object({ kind: z.literal('not enough data'), comparables: z.number().int().nonnegative(), needed: z.number().int() }),
]);
export type FairPrice = z.infer<typeof fairPrice>;

/** `GET /cars/{id}`: everything a car's page shows. */
export const carPage = z.object({
  product,
  /** The gallery: the cover first, then the other photos in the seller's order. */
  photos: z.array(carPhoto).min(1),
  seller: z.object({
    name: z.string(),
    verified: z.boolean(),
    /** When the seller's account was made; null once the account is gone. */
    memberSince: z.iso.datetime({ offset: true }).nullable(),
    /** The seller's cars on the market now (unsold, not withdrawn). */
    activeListings: z.number().int().nonnegative(),
  }),
  /** Whole days since the car was listed. */
  daysListed: z.number().int().nonnegative(),
  /** Oldest first. */
  priceHistory: z.array(priceChange),
  /** Null while the car has none (off the market, no model or mileage given, or not priced yet). */
  fairPrice: fairPrice.nullable(),
  /** The listing checks (decision 020); absent until the car's first check has run. */
  listingChecks: z.array(listingCheck).optional(),
});
export type CarPage = z.infer<typeof carPage>;

/**
 * How a car left the market: bought (the money released to its seller), reserved (paid, the money
 * held: a refund puts it back on the market), taken off by its seller, or deleted.
 */
export const carDepartures = ['sold', 'reserved', 'withdrawn', 'deleted'] as const;
export type CarDeparture = (typeof carDepartures)[number];

/**
 * `GET /cars/{id}/similar`: whether the car has left the market, and up to 6 cars on the market like
 * it (the same make and model first, then the same make; nearest in price). A car's page shows them
 * when the car itself can no longer be bought.
 */
export const similarCars = z.object({
  /** Null while the car is on the market. */
  left: z.enum(carDepartures).nullable(),
  /**
   * A sold or reserved car itself, so its page can name what was bought: its name, its last asking
   * price and its cover. Absent for a car on the market, withdrawn or deleted (no longer shown).
   */
  car: z.object({ productName: z.string(), resalePrice: z.number().int(), image: z.string(), imageSrcSet: z.string() }).optional(),
  cars: z.array(product).max(6),
});
export type SimilarCars = z.infer<typeof similarCars>;
