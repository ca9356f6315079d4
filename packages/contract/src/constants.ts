/**
 * The contract's plain values and the types built from them, without zod: the web app imports this
 * entry (`@second-gear/contract/constants`) so that its forms agree with the server's schemas
 * without putting zod in the browser's bundle. The schemas take their numbers from here.
 */

import { formatWhole } from './format.ts';

/** Roles a person may choose at sign-up; Admin is only ever granted by `npm run admin -- promote`. */
export const signUpRoles = ['Buyer', 'Seller'] as const;
export type SignUpRole = (typeof signUpRoles)[number];

export const roles = ['buyer', 'seller', 'admin'] as const;
export type Role = (typeof roles)[number];

export const minPasswordLength = 6;

export const conditions = ['Excellent', 'Good', 'Fair'] as const;
/** A car's asking price against its fair price (docs/pricing.md), best first. */
export const dealRatings = ['Great price', 'Good price', 'Fair price', 'High price', 'Overpriced'] as const;
export type DealRating = (typeof dealRatings)[number];
/** Below this many comparable cars a car gets no estimate: "Not enough data". */
export const minComparables = 5;
export type Condition = (typeof conditions)[number];

/** Cars per page of a category; a client may ask for fewer or more, never above the maximum. */
export const categoryPageSize = { default: 12, max: 48 } as const;

/**
 * The `sizes` of a car card's picture: a 128 px picture beside the car on a phone, a full-width one
 * above it from md up (two or three cards a row). The card and the server's preload of the first
 * card's picture use the same, so the browser picks the same file for both.
 */
export const carCardPictureSizes = '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 128px';

/**
 * The `sizes` of the big picture of a car's page gallery: the page's width on a phone and a tablet,
 * about two thirds of a desktop's (beside the car's facts). The page and the server's preload agree.
 */
export const carPhotoSizes = '(min-width: 1024px) 66vw, 100vw';

/** The largest picture `POST /images` takes. */
export const maxImageBytes = 10 * 1024 * 1024;
/** The picture types `POST /images` takes, as a browser names a chosen file's type (the server reads the content itself). */
export const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/**
 * The highest price a search's filters and the price guide take, in whole dollars: looser than what
 * a car can be listed at (productLimits.maxPrice), so that no saved search of an earlier bound stops working.
 */
export const maxPrice = 100_000_000;

/** Bounds of what a seller types in Add A Product (`POST /addProducts`). */
export const productLimits = {
  /**
   * The highest Resale Price and Original Price, in whole dollars: above what any used car sold
   * outside an auction house asks (docs/decisions, plausible listings), low enough to catch a
   * price typed with two zeros too many.
   */
  maxPrice: 5_000_000,
  productName: 120,
  description: 5000,
  mobile: 40,
  location: 120,
  /** The earliest year of purchase; the latest is the current year. */
  firstYear: 1900,
} as const;

/** A car's details beyond the specification's fields, each optional; labels as the form shows them. */
export const fuels = ['Petrol', 'Diesel', 'Hybrid', 'Electric', 'LPG', 'Other'] as const;
export type Fuel = (typeof fuels)[number];
export const transmissions = ['Automatic', 'Manual'] as const;
export type Transmission = (typeof transmissions)[number];
export const bodyTypes = ['Sedan', 'Hatchback', 'SUV', 'Coupe', 'Convertible', 'Wagon', 'Van', 'Pickup'] as const;
export type BodyType = (typeof bodyTypes)[number];

/**
 * Bounds of a car's details. The latest model year is next year's (cars are sold ahead of their model
 * year). A listing's mileage is at most `maxKm` km (or as many miles: `maxMiles`), more than the most
 * travelled cars on record; `maxMileage` is the database's bound, and the search's and price guide's.
 */
export const vehicleLimits = { model: 60, colour: 40, firstModelYear: 1900, maxMileage: 2_000_000, maxKm: 1_000_000, maxMiles: 621_371 } as const;
/** The refusal of a listing's mileage over its bound, in both units: whichever the seller chose, the same sentence. */
export const mileageBound = `Mileage must be at most ${formatWhole(vehicleLimits.maxKm)} km (${formatWhole(vehicleLimits.maxMiles)} mi)`;

/** `GET /api/search`'s Sort by, newest first when not given. */
/** `nearest` (Nearest first) needs a `near`. */
export const searchSorts = ['newest', 'price-asc', 'price-desc', 'mileage-asc', 'year-desc', 'best-deal', 'nearest'] as const;
export type SearchSort = (typeof searchSorts)[number];
/** The longest Keyword of a search. */
export const maxKeywordLength = 100;

/** Photos of one car, the cover (the specification's `Image`) included. */
export const maxCarPhotos = 20;

/** Bounds of what a buyer types when booking a car (`POST /bookings`). */
export const bookingLimits = { phone: 40, location: 200 } as const;

export const reportReasons = ['Scam or fraud', 'Wrong information', 'Already sold', 'Offensive content', 'Other'] as const;
export type ReportReason = (typeof reportReasons)[number];
/** The longest note a buyer may add to a report. */
export const maxReportNoteLength = 1000;
/** An admin's note on verifying a seller (or removing it), and the reason given for deleting a reported car. */
export const adminNoteLength = 500;

/** Bounds of a brand category's text (migration 0006 holds the same in the database). */
export const categoryLimits = { name: 60, details: 500 } as const;

/** VIN checks and offline decoding, shared by the Add A Product form's help and the server's validation. */
export { checkVin, maskVin, vinYearCode, withCheckDigit, type VinCheck } from './vin.ts';

/** Prices and counts as the web app and the server's HTML write them. */
export { formatCents, formatPrice, formatWhole, wholeDaysSince } from './format.ts';
export { distanceIn, distanceUnitNames, formatMileage, kmPerMile, mileageUnits, type DistanceUnit, type MileageUnit } from './distance.ts';
/** Places and distances between them (issue 48). */
export { formatDistanceAway, milesBetween, searchRadii, zipCodeCheck, zipCodePattern, type LatLon, type SearchRadius } from './places.ts';
/** A car's monthly payment, worked out in the browser (issue 49). */
export { defaultDownPayment, loanDefaults, loanTerms, maxAprPercent, paymentPlan, readLoanTerms, type LoanFieldRefusals, type LoanTerm, type LoanTermsFields, type LoanTermsInput, type PaymentPlan } from './payment.ts';

/** Dates and times in a reader's time zone and locale, as the web app, the emails and the calendar files write them (issue 47). */
export {
  clockOrUtc,
  fallbackClock,
  fromWallClock,
  isLocaleTag,
  toWallClock,
  writeDate,
  writeDateTime,
  writeDateTimeInZone,
  writeMonthYear,
  writeTime,
  writingLocale,
  zoneName,
  type Clock,
} from './when.ts';

/** Card numbers' checksum, shared by the test-mode card form and the test-mode processor (zod-free, like the rest of this entry). */
export { luhnValid } from './luhn.ts';

/** Text without control characters, for calendar files, email headers and notifications, and the schemas' one-line fields. */
export { controlCharacter, plainText } from './plain-text.ts';

/**
 * Where a booking stands: waiting for the seller's answer (a counter proposal keeps it pending),
 * a meeting confirmed by the seller, declined by the seller, or cancelled by the buyer.
 */
export const bookingStatuses = ['pending', 'confirmed', 'declined', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
/** The longest reason a seller may give when declining a booking (migration 0009 holds the same). */
export const maxDeclineReasonLength = 500;
/** How far ahead a meeting may be wished, proposed or confirmed. */
export const maxMeetingDaysAhead = 366;
/** Bounds of messages between a buyer and a seller (migration 0010 holds the same in the database). */
export const messageLimits = { text: 2000, perMinute: 20, newConversationsPerHour: 5 } as const;

/** Scam signals a message can carry (the server's scam-signals.ts finds them), with what people read about each. */
export const scamSignals = {
  'payment-before-viewing': 'a deposit or payment before a viewing',
  'gift-cards': 'gift cards',
  'wire-transfer': 'a wire transfer',
  crypto: 'crypto currency',
  'off-site': 'moving the conversation off Second Gear',
} as const;
export type ScamSignal = keyof typeof scamSignals;

/**
 * The one advice about paying, wherever a buyer and a seller talk: the product's own payment holds
 * the money until the buyer has the car, so the safe rule is where to pay, not when.
 */
export const payOnlyThroughSecondGear =
  "Never pay outside Second Gear: no deposit, gift cards, crypto or wire transfer to the seller. Pay only on Second Gear's payment page, where the money is held until you have the car.";

/** The calm note both parties see next to a message carrying any scam signal. */
export const scamWarning = `Be careful. ${payOnlyThroughSecondGear} Keep the conversation on Second Gear.`;

/** How often a saved search tells its person about new matching cars (decision 019). */
export const alertFrequencies = ['Instantly', 'Daily', 'Weekly'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];
/** A saved search's name, and how many one person may keep. */
export const savedSearchLimits = { name: 60, perPerson: 20 } as const;

/** Why a buyer reports a problem with a held payment (modules/money), in the order the `Reason` select lists them. */
export const problemReasons = ['not_as_described', 'not_handed_over', 'seller_unreachable', 'other'] as const;
export const problemReasonLabels: Record<(typeof problemReasons)[number], string> = {
  not_as_described: 'The car is not as described',
  not_handed_over: 'The seller did not hand the car over',
  seller_unreachable: 'I cannot reach the seller',
  other: 'Something else',
};

/**
 * A held payment is released to the seller on its own this many days after the confirmed meeting,
 * or after the payment when there was none (docs/product.md, "The money's states"). The server's
 * release job and the payment page's words read this one number.
 */
export const RELEASE_AFTER_DAYS = 7;

/** The longest Cancel sale reason, problem details and dispute note. */
export const moneyLimits = { reason: 500, details: 2000, note: 1000 } as const;

/**
 * The test processor's bank details (`PAYMENTS=test`): routing number 110000000 with account
 * number 000123456789 can receive at once; 000999999991 is accepted but stays under review (not
 * yet able to receive), as a Stripe account with pending verification does.
 */
export const testRoutingNumber = '110000000';
export const testPayoutAccountNumbers = { enabled: '000123456789', pending: '000999999991' } as const;

/** A code from an authenticator app (two-factor sign-in): six digits. */
export const AUTHENTICATION_CODE = /^\d{6}$/;

/** Bounds of what a person sets in Settings (migration 0026 holds the same in the database). */
export const profileLimits = { name: 100, photoUrl: 2048, phone: 40, timeZone: 64, locale: 35 } as const;

/** The public pages and their canonical addresses, shared by the server's HTML, the web app and the sitemap. */
export { canonicalPath, makeSearchPath, publicPagePaths } from './public-pages.ts';

/**
 * Reviews after a released payment (issue 48): written within `days` of the release, shown when both
 * sides are in or those days end; one reminder `reminderAfterDays` after the release. Texts as long
 * as a message (migration 0040 holds the same).
 */
export const reviewLimits = { days: 14, reminderAfterDays: 3, text: messageLimits.text, reportReason: 500, hideNote: 1000 } as const;
