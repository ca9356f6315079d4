import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Product } from '@second-gear/contract';
import { routeErrorOf } from '../../lib/errors.ts';
import { PageSpinner, Spinner } from '../../ui/spinner.tsx';
import { CardActions } from './card-actions.tsx';
import { ReportButton } from './report-dialog.tsx';
import { useRole } from '../auth/index.ts';
import { BookingModal } from '../bookings/index.ts';
import { MessageSellerButton } from '../messages/index.ts';
import { categoryProductsQuery } from './api.ts';
import { ProductCard } from './product-card.tsx';
import { useAddToWishlist } from './use-add-to-wishlist.ts';
import { useCarStanding } from './use-car-standing.ts';

/** Loads the next page when it scrolls into view (with a margin, so the buyer rarely waits). */
function useLoadOnVisible(load: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latestLoad.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);

  return sentinel;
}

export default function CategoryPage() {
  const { id = '' } = useParams();
  const { isBuyer } = useRole();
  const [booking, setBooking] = useState<Product | null>(null);
  const wishlist = useAddToWishlist();
  const { standingOf, loading: standingLoading } = useCarStanding();
  const { data, error, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = useInfiniteQuery(
    categoryProductsQuery(id),
  );

  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const loadMore = () => {
    if (canLoadMore) void fetchNextPage();
  };
  const sentinel = useLoadOnVisible(loadMore, canLoadMore);

  // A sold car's card is never shown.
  const products = (data?.pages ?? []).flatMap((page) => page.products).filter((product) => !product.paid);
  // Drawn once the cards' actions are known, so a buyer never sees Book Now turn into Booked, or
  // "Only buyers can book" before the role has loaded. The cards are then built in a background
  // render that yields to the browser, not in one long task that keeps a phone from answering a tap.
  const ready = useDeferredValue(!isPending && !standingLoading);

  // The first page is loaded before the page opens (the route's loader); failing again here (a
  // refresh) is a route error too.
  if (isError && !data) throw routeErrorOf(error);
  if (isPending || !ready) return <PageSpinner label="Loading cars" />;

  const categoryName = data.pages[0]?.categoryName ?? '';

  return (
    <section className="mx-auto max-w-7xl px-4 py-6 md:py-10" aria-labelledby="category-heading">
      <title>{`${categoryName} · Second Gear`}</title>
      <h1 id="category-heading" className="mb-4 text-2xl font-bold md:mb-8 md:text-3xl">
        Product Category: {categoryName}
      </h1>
      {products.length === 0 && !hasNextPage ? (
        <p className="rounded-box bg-base-200 p-6 text-base-content/70">No cars in this category yet.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6 lg:grid-cols-3">
          {products.map((product, index) => (
            <li key={product._id}>
              <ProductCard
                product={product}
                priority={index < 3}
                headingLevel="h2"
                actions={
                  <CardActions
                    standing={standingOf(product)}
                    buyer={isBuyer}
                    onBook={() => setBooking(product)}
                    onWishlist={() => wishlist.mutate(product)}
                    wishlistBusy={wishlist.isPending && wishlist.variables._id === product._id}
                    report={isBuyer ? <ReportButton product={product} /> : undefined}
                    message={isBuyer ? <MessageSellerButton product={product} compact /> : undefined}
                  />
                }
              />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} className="mt-10 flex min-h-12 flex-col items-center justify-center gap-3">
        {isFetchingNextPage ? <Spinner label="Loading more cars" size="loading-md" /> : null}
        {isFetchNextPageError ? (
          <p role="alert" className="text-red-700">
            {error.message}
          </p>
        ) : null}
        {hasNextPage && !isFetchingNextPage ? (
          <button type="button" className="btn btn-outline btn-primary h-11 min-h-11" onClick={() => void fetchNextPage()}>
            Load more cars
          </button>
        ) : null}
      </div>
      <BookingModal product={booking} onClose={() => setBooking(null)} />
    </section>
  );
}
