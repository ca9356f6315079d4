import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@second-gear/contract';
import { carCardPictureSizes, type DistanceUnit } from '@second-gear/contract/constants';
import { formatDate, formatListed, formatMileage, formatPrice, useReaderClock, wholeDaysSince } from '../../lib/format.ts';
import { LocationIcon } from '../../ui/icons.tsx';
import { CompareToggle } from '../compare/index.ts';
import { DistanceAway, useReader } from '../places/index.ts';
import { Stars } from '../reviews/index.ts';
import { PriceDropBadge } from './price-drop-badge.tsx';
import { VerifiedSellerBadge } from './verified-seller-badge.tsx';

export interface ProductCardProps {
  product: Product;
  /** The card's action row (the category page's Book Now, Add to Wishlist, Report…); the home grid shows the data only. */
  actions?: ReactNode;
  /** The level of the car's name: h3 under a section heading (home), h2 right under the page's h1. */
  headingLevel?: 'h2' | 'h3';
  /** A card of the first row, seen without scrolling: its picture loads at once, not lazily. */
  priority?: boolean;
}

/** One labelled value of the card: the label small and muted above it. */
function Fact({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs text-base-content/70">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** The mileage in the reader's unit (as the seller gave it until that is known), when the seller gave it. */
const mileageOf = (product: Product, unit: DistanceUnit | undefined) =>
  product.mileage !== undefined && product.mileageUnit !== undefined ? formatMileage(product.mileage, product.mileageUnit, unit) : undefined;

/** What buyers compare, when the seller gave it, on a phone: the model year and the mileage, each label before its value on one line. */
function UseFacts({ modelYear, mileage }: { modelYear: number | undefined; mileage: string | undefined }) {
  if (modelYear === undefined && !mileage) return null;
  return (
    <dl className="flex flex-col text-xs md:hidden">
      {modelYear !== undefined ? (
        <div className="flex flex-wrap gap-x-1">
          <dt className="text-base-content/70">Model Year</dt>
          <dd className="font-medium">{modelYear}</dd>
        </div>
      ) : null}
      {mileage ? (
        <div className="flex flex-wrap gap-x-1">
          <dt className="text-base-content/70">Mileage</dt>
          <dd className="font-medium whitespace-nowrap">{mileage}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * A product card (docs/product.md, "Screens"). Light on purpose: the home page shows it too.
 * Phone first: picture beside the name and prices, so two and a half cars fit one screen; from md
 * up the picture sits above. The picture's box has a fixed aspect ratio, so nothing moves as it loads.
 * The name opens the car's page (`/cars/{id}`).
 */
export function ProductCard({ product, actions, headingLevel = 'h3', priority = false }: ProductCardProps) {
  useReaderClock();
  const headingId = `product-${product._id}`;
  const mileage = mileageOf(product, useReader().distanceUnit);
  const Heading = headingLevel;
  return (
    <article
      className="card h-full overflow-hidden [overflow-wrap:anywhere] border border-base-200 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
      aria-labelledby={headingId}
    >
      {/* The car's name links to its page; the link's hit area stretches over the picture, name and prices
          (none of them interactive), so a thumb can open the car anywhere there. Its own box is 44 px
          tall at least, its padding taken back by as much margin, so the card is laid out as before. */}
      <div className="relative flex gap-3 p-3 md:flex-col md:gap-0 md:p-0">
        <div className="relative flex w-32 shrink-0 flex-col gap-1 self-start md:w-full">
          {/* Over the picture's corner, above the name's stretched link: the card keeps its height. */}
          <CompareToggle carId={product._id} look="badge" />
          <figure className="aspect-[4/3] w-full overflow-hidden rounded-lg bg-base-200 md:rounded-none">
            <img
              src={product.image}
              srcSet={product.imageSrcSet || undefined}
              sizes={carCardPictureSizes}
              alt={product.productName}
              width={640}
              height={480}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              decoding="async"
              className="h-full w-full object-cover"
            />
          </figure>
          {/* On a phone, under the picture, where the column beside it is taller anyway: the card stays
              short enough for two and a half cars a screen. From md up, among the facts below. */}
          <UseFacts modelYear={product.modelYear} mileage={mileage} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1 md:gap-2 md:px-4 md:pt-4 lg:px-5 lg:pt-5">
          <div className="flex flex-col items-start gap-1 md:flex-row md:justify-between md:gap-2">
            <Heading id={headingId} className="max-w-full text-base leading-snug font-semibold [overflow-wrap:anywhere] md:text-lg">
              <Link
                to={`/cars/${product._id}`}
                className="stretched-link link-hover block py-3 -my-3"
              >
                {product.productName}
              </Link>
            </Heading>
            {product.verification === 'verified' ? <VerifiedSellerBadge /> : null}
          </div>
          <p className="flex items-center gap-1 text-sm text-base-content/70">
            <LocationIcon className="h-4 w-4 shrink-0" />
            <span>
              {product.location}
              <DistanceAway place={product.place} />
            </span>
          </p>
          <dl className="grid grid-cols-2 gap-x-3 text-sm">
            <Fact label="Resale Price">
              <span className="text-lg font-bold text-primary">{formatPrice(product.resalePrice)}</span>
              {/* The fair price's verdict (docs/pricing.md), explained on the car's page. */}
              {product.dealRating ? <span className="badge badge-outline badge-sm ml-2 align-middle whitespace-nowrap">{product.dealRating}</span> : null}
            </Fact>
            {/* What the car cost new: a plain fact, not a crossed-out 'was' price. */}
            <Fact label="Original Price">
              <span className="font-normal text-base-content/80">{formatPrice(product.originalPrice)}</span>
            </Fact>
          </dl>
          {/* Below both prices, not in the first one's column: on a phone's card that is narrower than the badge. */}
          {product.priceDrop ? (
            <p>
              <PriceDropBadge drop={product.priceDrop} />
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 px-3 pb-3 md:gap-3 md:px-4 md:pt-2 md:pb-4 lg:px-5 lg:pb-5">
        <dl className="grid grid-cols-[auto_auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm md:grid-cols-2 md:gap-y-2">
          <Fact label="Year of Purchase">{product.yearsOfUse}</Fact>
          {product.modelYear !== undefined ? (
            <Fact label="Model Year" className="hidden md:block">
              {product.modelYear}
            </Fact>
          ) : null}
          {mileage ? (
            <Fact label="Mileage" className="hidden md:block">
              <span className="whitespace-nowrap">{mileage}</span>
            </Fact>
          ) : null}
          <Fact label="Posted">
            <time dateTime={product.postingTime}>{formatDate(product.postingTime)}</time>
            {/* Since the first listing: a car its seller relisted within 30 days keeps its age. */}
            {product.listedAt ? <span className="block text-xs font-normal text-base-content/70">{formatListed(wholeDaysSince(product.listedAt))}</span> : null}
          </Fact>
          {/* Outside the name's stretched link (the box above), so the two links never overlap or nest. */}
          <Fact label="Seller" className="md:col-span-2">
            {product.sellerId ? (
              <Link to={`/sellers/${product.sellerId}`} className="link link-hover inline-flex min-h-11 items-center">
                {product.sellerName}
              </Link>
            ) : (
              product.sellerName
            )}
            {product.sellerRating ? (
              <span className="block">
                <Stars average={product.sellerRating.average} count={product.sellerRating.count} />
              </span>
            ) : null}
          </Fact>
        </dl>
        {actions ? <div className="mt-auto flex flex-wrap items-center justify-end gap-1.5 md:gap-2 md:pt-1">{actions}</div> : null}
      </div>
    </article>
  );
}
