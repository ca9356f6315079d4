import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CarPage as CarPageData } from '@second-gear/contract';
import { routeErrorOf } from '../../lib/errors.ts';
import { formatDate, formatListed, formatPrice, useReaderClock } from '../../lib/format.ts';
import { LocationIcon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/index.ts';
import { PriceDropBadge } from '../catalog/index.ts';
import { CompareToggle } from '../compare/index.ts';
import { DistanceAway } from '../places/index.ts';
import { carPageQuery, isNoSuchCar } from './api.ts';
import { CarArea } from './car-area.tsx';
import { CarActions } from './car-actions.tsx';
import { CarDetails } from './car-details.tsx';
import { Gallery } from './gallery.tsx';
import { PriceHistory } from './price-history.tsx';
import { FairPricePanel } from './fair-price.tsx';
import { LeftMarketPage, SimilarCars } from './left-market.tsx';
import { ListingChecksPanel, ListingFlags } from './listing-checks.tsx';
import { MonthlyPayment } from './monthly-payment.tsx';
import { NotForIndexing } from './not-for-indexing.tsx';
import { SellerPanel } from './seller-panel.tsx';
import { ShareButton } from './share-button.tsx';

/** One labelled price or fact beside the name: the label small and muted above it, as on the card. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** Neither paid for (reserved or sold) nor withdrawn: the one state in which a car's page is for search engines, as the server's first document says. */
function isOnMarket(product: CarPageData['product']): boolean {
  return !product.paid && !product.withdrawn;
}

/** Reserved, sold, withdrawn or on the market: what the person can do, or why there is nothing to do. */
function Standing({ car }: { car: CarPageData }) {
  const { product } = car;
  // A reserved car is paid for too (the money is held until the handover): asked first.
  if (product.salesStatus === 'reserved') return <p className="badge badge-lg badge-warning font-semibold text-amber-900">Reserved</p>;
  if (product.paid || product.salesStatus === 'sold') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="badge badge-lg badge-neutral font-semibold">Sold</p>
        <p>This car was sold: similar cars on the market are below.</p>
      </div>
    );
  }
  if (product.withdrawn) {
    return (
      <p role="status" className="alert alert-warning">
        Withdrawn by the seller
      </p>
    );
  }
  return <CarActions product={product} />;
}

/**
 * A car's page (`/cars/{id}`): its photos, everything known about it, its seller, the history of its
 * price, and the same actions as its card. Public for every car on the market; a visitor is asked to
 * sign in only to act. Phone first: name and
 * price, then the photos, then the rest; from lg up the photos and details on the left, name, price,
 * actions and seller on the right.
 */
export default function CarPage() {
  useReaderClock();
  const { id = '' } = useParams();
  const { user } = useAuth();
  const ids = { details: useId(), description: useId(), history: useId(), fairPrice: useId(), seller: useId(), area: useId(), checks: useId(), flags: useId(), payment: useId() };
  // The route's loader has just asked; a refusal it left here is not asked again on mount.
  const { data, error, isPending } = useQuery({ ...carPageQuery(id), retryOnMount: false });

  if (isNoSuchCar(error)) return <LeftMarketPage carId={id} />;
  if (error && !data) throw routeErrorOf(error);
  if (isPending) return <PageSpinner label="Loading the car" />;

  const { product, photos, seller, daysListed, priceHistory, fairPrice, listingChecks } = data;

  return (
    <article
      className="mx-auto grid max-w-6xl gap-6 px-4 py-6 md:py-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_auto_1fr] lg:gap-x-10"
      aria-labelledby="car-heading"
    >
      <title>{`${product.productName} · Second Gear`}</title>
      {!isOnMarket(product) && <NotForIndexing />}

      <header className="flex min-w-0 flex-col gap-4 lg:col-start-2 lg:row-start-1">
        {/* The make's category page is signed-in; a visitor browses the same make through the search. */}
        <Link
          to={user ? `/category/${product.categoryId}` : `/search?${new URLSearchParams({ make: product.categoryId }).toString()}`}
          className="link link-hover inline-flex min-h-11 items-center self-start text-sm"
        >
          <span aria-hidden="true" className="mr-1">
            ←
          </span>
          More {product.categoryName} cars
        </Link>
        <h1 id="car-heading" className="text-2xl font-bold break-words md:text-3xl">
          {product.productName}
        </h1>
        <dl className="flex flex-wrap items-end gap-x-8 gap-y-2">
          <Fact label="Resale Price">
            <span className="text-3xl font-bold text-primary">{formatPrice(product.resalePrice)}</span>
          </Fact>
          {/* What the car cost new: a plain fact, not a crossed-out 'was' price (as on the card). */}
          <Fact label="Original Price">{formatPrice(product.originalPrice)}</Fact>
          <Fact label="Condition">{product.condition}</Fact>
        </dl>
        <ListingFlags checks={listingChecks} headingId={ids.flags} />
        {product.priceDrop ? (
          <p className="-mt-2">
            <PriceDropBadge drop={product.priceDrop} size="md" />
          </p>
        ) : null}
        <p className="flex items-center gap-1 text-base-content/80">
          <LocationIcon className="h-5 w-5 shrink-0" />
          <span>
            {product.location}
            <DistanceAway place={product.place} />
          </span>
        </p>
        <p className="text-sm text-base-content/80">
          Posted <time dateTime={product.postingTime}>{formatDate(product.postingTime)}</time> · {formatListed(daysListed)}
        </p>
        <Standing car={data} />
        <div className="flex flex-wrap items-center gap-2">
          <ShareButton carId={product._id} carName={product.productName} />
          {isOnMarket(product) ? <CompareToggle carId={product._id} /> : null}
        </div>
        {/* Its seller's own page of how the car does (issue 49): only the seller sees the link, and only the seller may open it. */}
        {user && user.id === product.sellerId ? (
          <Link to={`/dashboard/products/${product._id}/performance`} className="btn btn-outline min-h-11 self-start">
            Performance
          </Link>
        ) : null}
      </header>

      <div className="min-w-0 lg:col-start-1 lg:row-span-3 lg:row-start-1">
        <Gallery photos={photos} carName={product.productName} />
        <div className="mt-8 flex flex-col gap-8">
          <section aria-labelledby={ids.details}>
            <h2 id={ids.details} className="mb-3 text-xl font-semibold">
              Details
            </h2>
            <CarDetails product={product} />
          </section>
          <section aria-labelledby={ids.description}>
            <h2 id={ids.description} className="mb-3 text-xl font-semibold">
              Description
            </h2>
            <p className="whitespace-pre-line break-words">{product.description}</p>
          </section>
          <PriceHistory changes={priceHistory} postedAt={product.postingTime} headingId={ids.history} />
          <FairPricePanel car={product} fairPrice={fairPrice} headingId={ids.fairPrice} />
          <ListingChecksPanel checks={listingChecks} headingId={ids.checks} />
        </div>
      </div>

      <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-2">
        {isOnMarket(product) ? <MonthlyPayment price={product.resalePrice} headingId={ids.payment} /> : null}
        <SellerPanel seller={seller} sellerId={product.sellerId} rating={product.sellerRating} headingId={ids.seller} />
        <CarArea product={product} headingId={ids.area} />
      </div>

      {/* Still on record for this person, but no longer to be bought: what is, instead. A reserved car is
          not gone yet (its held payment may still be refunded), and its buyer is the one who sees it. */}
      {product.salesStatus !== 'reserved' && (product.paid || product.withdrawn) ? (
        <div className="min-w-0 lg:col-span-2">
          <SimilarCars carId={product._id} makeId={product.categoryId} />
        </div>
      ) : null}
    </article>
  );
}
