import type { Category, Product } from '@second-gear/contract';
import { api, isClientError } from '../../app/api.ts';

/** `GET /category/{id}`: the category's name and one page of its products. */
export interface CategoryProducts {
  categoryName: string;
  products: Product[];
  nextCursor: string | null;
}

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

export function categoryProductsQuery(id: string) {
  return {
    queryKey: ['category', id],
    queryFn: () => api<CategoryProducts>(`/category/${encodeURIComponent(id)}`),
    // Not found or refused will not change on retry; anything else gets the default three retries.
    retry: (failureCount: number, error: Error) => !isClientError(error) && failureCount < 3,
  } as const;
}
