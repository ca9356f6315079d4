import type { BookingBody, InsertResult, Order } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

// The buyer's booking calls. The router imports orderQuery for the payment page's loader, so this
// module is in the entry chunk: keep it small.

/** Every orders query starts with this key (invalidate it after a booking or a payment). */
export const ordersKey = ['orders'] as const;

/** `GET /orders?email=`: the buyer's own orders, newest first. */
export function ordersQuery(email: string) {
  return {
    queryKey: [...ordersKey, 'list', email],
    queryFn: () => api<Order[]>(`/orders?${new URLSearchParams({ email }).toString()}`),
  } as const;
}

/** `GET /orders/{id}`: one of the buyer's orders (404 for anyone else's). */
export function orderQuery(id: string) {
  return {
    queryKey: [...ordersKey, 'item', id],
    queryFn: () => api<Order>(`/orders/${encodeURIComponent(id)}`),
    // Loaded by the payment page's route loader just before the page mounts: not fetched again at once.
    // Paying invalidates it (checkout.tsx), so the paid state still shows at once.
    staleTime: 10 * 1000,
  } as const;
}

/** `POST /bookings`: answers `{ acknowledged: true, insertedId }` or `{ acknowledged: false, message }`. */
export function createBooking(body: BookingBody): Promise<InsertResult> {
  return api<InsertResult>('/bookings', { method: 'POST', json: body });
}
