import type { SellerCars, SellerProfile } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

/** `GET /sellers/{id}`: the same for everyone, so kept under 'public' when someone signs in or out. */
export function sellerProfileQuery(id: string) {
  return {
    queryKey: ['public', 'seller', id],
    queryFn: () => api<SellerProfile>(`/sellers/${encodeURIComponent(id)}`),
    staleTime: 30 * 1000,
  } as const;
}

/**
 * `GET /sellers/{id}/cars?after=`, one page at a time (for `useInfiniteQuery`). Not under 'public':
 * a visitor is sent the cars without the seller's contact.
 */
export function sellerCarsQuery(id: string) {
  return {
    queryKey: ['seller', id, 'cars'],
    queryFn: ({ pageParam }: { pageParam: string | null }) =>
      api<SellerCars>(`/sellers/${encodeURIComponent(id)}/cars${pageParam ? `?${new URLSearchParams({ after: pageParam }).toString()}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (page: SellerCars) => page.nextCursor,
    staleTime: 30 * 1000,
  } as const;
}
