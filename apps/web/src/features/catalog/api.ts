import type { Category, CategoryPage, Product } from '@second-gear/contract';
import { api, isClientError } from '../../app/api.ts';

// Plain copies of the contract's constants: importing a value from '@second-gear/contract' would pull zod into the bundle.
/** `categoryPageSize.default` of the contract: cars per page of a category. */
export const categoryPageSize = 12;

/** `GET /category/{id}`: the category's name and one page of its products. */
export type CategoryProducts = CategoryPage;

/** Not found or refused will not change on retry; anything else gets the default three retries. */
export const retryUnlessRefused = (failureCount: number, error: Error) => !isClientError(error) && failureCount < 3;

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

/** `GET /category/{id}?cursor=&limit=`, one page at a time (for `useInfiniteQuery`). */
export function categoryProductsQuery(id: string) {
  return {
    queryKey: [...categoryKey, id],
    queryFn: ({ pageParam }: { pageParam: string | null }) => {
      const search = new URLSearchParams({ limit: String(categoryPageSize) });
      if (pageParam) search.set('cursor', pageParam);
      return api<CategoryProducts>(`/category/${encodeURIComponent(id)}?${search.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page: CategoryProducts) => page.nextCursor,
    retry: retryUnlessRefused,
    // Loaded by the route loader just before the page mounts: not fetched again at once.
    staleTime: 30 * 1000,
  } as const;
}
