import { queryOptions } from '@tanstack/react-query';
import type { CarPage, SimilarCars } from '@second-gear/contract';
import { api, ApiError } from '../../lib/api.ts';

/** Every car page's query starts with this key. Not under 'public': a visitor is sent less (no contact, a masked VIN). */
export const carKey = ['car'] as const;

/** `GET /cars/{id}`: everything a car's page shows. */
export function carPageQuery(id: string) {
  return queryOptions({
    queryKey: [...carKey, id],
    queryFn: () => api<CarPage>(`/cars/${encodeURIComponent(id)}`),
    // The route's loader fetches it afresh on every opening (router.tsx); the page, mounted right
    // after, takes that answer rather than asking again.
    staleTime: 30 * 1000,
  });
}

/** `GET /cars/{id}/similar`: whether the car left the market, and cars on the market like it. */
export function similarCarsQuery(id: string) {
  return queryOptions({
    queryKey: [...carKey, id, 'similar'],
    queryFn: () => api<SimilarCars>(`/cars/${encodeURIComponent(id)}/similar`),
  });
}

/**
 * The API's answer that there is no car at the address: not there (sold, withdrawn, never listed),
 * or an address that cannot name one (a link cut short, mistyped), which it refuses as a bad id.
 */
export function isNoSuchCar(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || (error.status === 400 && error.fields.some(({ field }) => field === 'id')));
}
