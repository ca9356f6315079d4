import { useDeferredValue, useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { routeErrorOf } from '../../lib/errors.ts';
import { PageSpinner } from '../../ui/spinner.tsx';
import { categoryProductsQuery } from './api.ts';
import { CarGrid } from './car-grid.tsx';
import { MoreCars } from './more-cars.tsx';
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
  const { standingOf, loading: standingLoading } = useCarStanding();
  const { data, error, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = useInfiniteQuery(
    categoryProductsQuery(id),
  );

  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const loadMore = () => {
    if (canLoadMore) void fetchNextPage();
  };
  const sentinel = useLoadOnVisible(loadMore, canLoadMore);

  const products = (data?.pages ?? []).flatMap((page) => page.products);
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
      {/* The grid leaves sold cars out, so a page of sold cars only is empty too. */}
      {products.every((product) => product.paid) && !hasNextPage ? (
        <p className="rounded-box bg-base-200 p-6 text-base-content/70">No cars in this category yet.</p>
      ) : (
        <CarGrid products={products} standingOf={standingOf} />
      )}
      <MoreCars
        ref={sentinel}
        loading={isFetchingNextPage}
        error={isFetchNextPageError ? error : null}
        canLoadMore={hasNextPage && !isFetchingNextPage}
        onLoadMore={() => void fetchNextPage()}
        label="Load more cars"
      />
    </section>
  );
}
