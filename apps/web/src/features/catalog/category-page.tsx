import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Product } from '@second-gear/contract';
import { ApiError } from '../../app/api.ts';
import { PageSpinner, Spinner } from '../../ui/spinner.tsx';
import { useRole } from '../auth/use-role.ts';
import { categoryProductsQuery } from './api.ts';
import { ProductCard } from './product-card.tsx';

/**
 * A 404 as the route error screen expects it (react-router's `isRouteErrorResponse` shape),
 * so an unknown category shows '404 Not Found' like an unknown route.
 */
class NotFoundResponse {
  readonly status = 404;
  readonly statusText = 'Not Found';
  readonly internal = false;
  readonly data: { message: string };

  constructor(message: string) {
    this.data = { message };
  }
}

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

// The booking modal and the wishlist call come in the next release. Until then these stay undefined,
// and the cards show Book Now and Add to Wishlist disabled ('Coming soon'). Replace them with handlers.
const onBook: ((product: Product) => void) | undefined = undefined;
const onWishlist: ((product: Product) => void) | undefined = undefined;

export default function CategoryPage() {
  const { id = '' } = useParams();
  const { isBuyer } = useRole();
  const { data, error, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = useInfiniteQuery(
    categoryProductsQuery(id),
  );

  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const loadMore = () => {
    if (canLoadMore) void fetchNextPage();
  };
  const sentinel = useLoadOnVisible(loadMore, canLoadMore);

  // The first page failing is a route error (unknown category, or the server down after the retries).
  // A malformed id (400) is as unknown as a well-formed one nobody has (404).
  if (isError && !data) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw new NotFoundResponse(error.message);
    throw error;
  }
  if (isPending) return <PageSpinner label="Loading cars" />;

  const categoryName = data.pages[0]?.categoryName ?? '';
  // Cards with paid true are hidden (specification section 2).
  const products = data.pages.flatMap((page) => page.products).filter((product) => !product.paid);

  return (
    <section className="mx-auto max-w-7xl px-4 py-10" aria-labelledby="category-heading">
      <title>{`${categoryName} · Second Gear`}</title>
      <h1 id="category-heading" className="mb-8 text-3xl font-bold">
        Product Category: {categoryName}
      </h1>
      {products.length === 0 && !hasNextPage ? (
        <p className="rounded-box bg-base-200 p-6 text-base-content/70">No cars in this category yet.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product._id}>
              <ProductCard product={product} headingLevel="h2" bookable wishlist={isBuyer} onBook={onBook} onWishlist={onWishlist} />
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
          <button type="button" className="btn btn-outline btn-primary" onClick={() => void fetchNextPage()}>
            Load more cars
          </button>
        ) : null}
      </div>
    </section>
  );
}
