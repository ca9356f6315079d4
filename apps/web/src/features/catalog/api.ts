import type { Category, CategoryPage, InsertResult, Product, ReportBody } from '@second-gear/contract';
import { categoryPageSize } from '@second-gear/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** `GET /category/{id}`: the category's name and one page of its products. */
export type CategoryProducts = CategoryPage;

// Public lists live under the 'public' key so that signing out keeps them cached.
export const categoriesQuery = {
  queryKey: ['public', 'categories'],
  queryFn: () => api<Category[]>('/categories'),
  staleTime: 60 * 1000,
} as const;

export const advertisedProductsQuery = {
  queryKey: ['public', 'advertised-products'],
  queryFn: () => api<Product[]>('/advertisement/products'),
  staleTime: 30 * 1000,
} as const;

/** Every query of one category's pages starts with this key (invalidate it after a change to a car). */
export const categoryKey = ['category'] as const;

/**
 * After a car changes (added, edited, advertised, withdrawn, paid for, deleted, its seller verified or
 * deleted): the public lists that show cars, the category pages and the advertised grid, load afresh.
 */
export function refreshCarLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: categoryKey }),
    queryClient.invalidateQueries({ queryKey: advertisedProductsQuery.queryKey }),
  ]);
}

/** `GET /category/{id}?cursor=&limit=`, one page at a time (for `useInfiniteQuery`). */
export function categoryProductsQuery(id: string) {
  return {
    queryKey: [...categoryKey, id],
    queryFn: ({ pageParam }: { pageParam: string | null }) => {
      const search = new URLSearchParams({ limit: String(categoryPageSize.default) });
      if (pageParam) search.set('cursor', pageParam);
      return api<CategoryProducts>(`/category/${encodeURIComponent(id)}?${search.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page: CategoryProducts) => page.nextCursor,
    // Loaded by the route loader just before the page mounts: not fetched again at once.
    staleTime: 30 * 1000,
  } as const;
}

/** `POST /reports`: a buyer reports a listing, once per car. */
export function sendReport(body: ReportBody): Promise<InsertResult> {
  return api<InsertResult>('/reports', { method: 'POST', json: body });
}
