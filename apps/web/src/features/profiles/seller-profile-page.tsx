import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { SellerProfile } from '@second-gear/contract';
import { ApiError } from '../../lib/api.ts';
import { routeErrorOf } from '../../lib/errors.ts';
import { formatMonthYear, useReaderClock } from '../../lib/format.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { CheckIcon, LocationIcon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/spinner.tsx';
import { NotForIndexing } from '../cars/index.ts';
import { CarGrid, MoreCars, useCarStanding, VERIFICATION_CHECKED, VerifiedSellerBadge } from '../catalog/index.ts';
import { SellerReviews } from '../reviews/index.ts';
import { sellerCarsQuery, sellerProfileQuery } from './api.ts';
import { respondsWords, soldWords } from './responds-words.ts';

/** What the payment provider's check of the seller's payout account means, said plainly for the test processor. */
const payoutWords: Record<NonNullable<SellerProfile['payoutsVerifiedBy']>, { title: string; detail: string }> = {
  stripe: { title: 'Payouts verified by Stripe', detail: 'Stripe checked their identity and bank account before paying them out.' },
  test: { title: 'Payouts verified by the test payment processor', detail: 'This server takes test payments: no real identity or bank account was checked.' },
};

/** Who the seller is and who vouched for them: the header of the profile. */
function SellerHeader({ seller, headingId }: { seller: SellerProfile; headingId: string }) {
  useReaderClock();
  const payouts = seller.payoutsVerifiedBy ? payoutWords[seller.payoutsVerifiedBy] : null;
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Avatar name={seller.name} photo={seller.photo} size={96} />
      <div className="flex min-w-0 flex-col gap-2 [overflow-wrap:anywhere]">
        <h1 id={headingId} className="text-3xl font-bold">
          {seller.name}
        </h1>
        <ul className="flex flex-col gap-1 text-base-content/80">
          <li>Member since {formatMonthYear(seller.memberSince)}</li>
          {seller.city ? (
            <li className="flex items-center gap-1">
              <LocationIcon className="h-4 w-4 shrink-0" />
              {seller.city}
            </li>
          ) : null}
        </ul>
        <ul className="flex flex-col gap-3 pt-1">
          {seller.verified ? (
            <li className="flex flex-col items-start gap-1">
              <VerifiedSellerBadge />
              <p className="max-w-prose text-sm text-base-content/80">{VERIFICATION_CHECKED}</p>
            </li>
          ) : (
            <li className="text-sm text-base-content/80">Not verified by an admin yet.</li>
          )}
          {payouts ? (
            <li className="flex flex-col items-start gap-1">
              <p className="flex items-center gap-1 font-semibold text-green-800">
                <CheckIcon className="h-4 w-4 shrink-0" />
                {payouts.title}
              </p>
              <p className="max-w-prose text-sm text-base-content/80">{payouts.detail}</p>
            </li>
          ) : null}
        </ul>
      </div>
    </header>
  );
}

/** How they answered buyers over the last 90 days, and how many cars they sold here. */
function SellerRecord({ seller, headingId }: { seller: SellerProfile; headingId: string }) {
  const { messages, bookings } = seller.responds;
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-200 p-4">
      <h2 id={headingId} className="text-xl font-semibold">
        Responds
      </h2>
      <p className="text-sm text-base-content/70">Over the last 90 days</p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-base-content/70">Messages</dt>
          <dd className="font-medium">{respondsWords(messages, { one: 'message', many: 'messages' })}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/70">Booking requests</dt>
          <dd className="font-medium">{respondsWords(bookings, { one: 'booking request', many: 'booking requests' })}</dd>
        </div>
      </dl>
      <p className="mt-4 font-semibold">{soldWords(seller.sold)}</p>
    </section>
  );
}

/** The seller's cars on the market, as the search shows cars: the same cards and actions, a page at a time. */
function SellerCarsSection({ sellerId, headingId }: { sellerId: string; headingId: string }) {
  const { standingOf } = useCarStanding();
  const { data, error, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = useInfiniteQuery(sellerCarsQuery(sellerId));
  const cars = data?.pages.flatMap((page) => page.cars) ?? [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-semibold">
        Cars on the market
      </h2>
      {isPending ? <PageSpinner label="Loading the seller’s cars" /> : null}
      {error && !data ? (
        <p role="alert" className="text-red-700">
          {error.message}
        </p>
      ) : null}
      {data && cars.length === 0 ? <p>No cars on the market right now.</p> : null}
      {cars.length > 0 ? <CarGrid products={cars} standingOf={standingOf} /> : null}
      <MoreCars
        loading={isFetchingNextPage}
        error={isFetchNextPageError ? error : null}
        canLoadMore={hasNextPage && !isFetchingNextPage}
        onLoadMore={() => void fetchNextPage()}
        label="Load more"
      />
    </section>
  );
}

/** A profile that is not there: an unknown id, or an account that is not a seller's or is gone. */
function NoSeller() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-10">
      <title>No seller here · Second Gear</title>
      <NotForIndexing />
      <h1 className="text-3xl font-bold">No seller here.</h1>
      <p>This seller’s profile is not on Second Gear: the address may be wrong, or the account is gone.</p>
      <Link to="/search" className="btn btn-primary">
        Search cars
      </Link>
    </section>
  );
}

/**
 * A seller's public profile (`/sellers/{id}`): who they are and who vouched for them, how they
 * answer, what they sold, their cars on the market and their reviews. Public, like a car's page, and linked from
 * every card and car page. The first document's title, description and indexing are the server's
 * (modules/site/page-hints.ts): search engines are asked to leave out a profile with no car on the
 * market (nothing there to find), which the sitemap leaves out too; the page says the same after a move.
 */
export default function SellerProfilePage() {
  const { id = '' } = useParams();
  const ids = { heading: useId(), record: useId(), cars: useId() };
  const { data: seller, error, isPending } = useQuery({ ...sellerProfileQuery(id), retryOnMount: false });

  if (error instanceof ApiError && error.status === 404) return <NoSeller />;
  if (error && !seller) throw routeErrorOf(error);
  if (isPending) return <PageSpinner label="Loading the seller" />;

  return (
    <article aria-labelledby={ids.heading} className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-6 md:py-10">
      <title>{`${seller.name} · Seller on Second Gear`}</title>
      {seller.onMarket === 0 ? <NotForIndexing /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
        <SellerHeader seller={seller} headingId={ids.heading} />
        <SellerRecord seller={seller} headingId={ids.record} />
      </div>
      <SellerCarsSection sellerId={seller.id} headingId={ids.cars} />
      <SellerReviews userId={seller.id} />
    </article>
  );
}
