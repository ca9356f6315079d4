import type { DeleteResult, UpdateResult, WishlistItem } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

// The buyer's wishlist calls. The router imports wishlistItemQuery for the wishlist payment page's
// loader, so this module is in the entry chunk: keep it small.

/** Every wishlist query starts with this key (invalidate it after an add, a removal or a payment). */
export const wishlistKey = ['wishlist'] as const;

/** `GET /wishlist-products?email=`: the buyer's wishlist, newest first. */
export function wishlistQuery(email: string) {
  return {
    queryKey: [...wishlistKey, 'list', email],
    queryFn: () => api<WishlistItem[]>(`/wishlist-products?${new URLSearchParams({ email }).toString()}`),
  } as const;
}

/** `GET /wishlist/{productId}`: one car of the buyer's wishlist (404 when it is not on it). */
export function wishlistItemQuery(productId: string) {
  return {
    queryKey: [...wishlistKey, 'item', productId],
    queryFn: () => api<WishlistItem>(`/wishlist/${encodeURIComponent(productId)}`),
    // Loaded by the payment page's route loader just before the page mounts: not fetched again at once.
    // Paying invalidates it (checkout.tsx), so the paid state still shows at once.
    staleTime: 10 * 1000,
  } as const;
}

/** `PUT /wishlists?id={productId}&email={own email}`: modifiedCount 0 means it was already there. */
export function addToWishlist(productId: string, email: string): Promise<UpdateResult> {
  return api<UpdateResult>(`/wishlists?${new URLSearchParams({ id: productId, email }).toString()}`, { method: 'PUT' });
}

/** `DELETE /wishlists/{productId}`: take a car off the wishlist (409 once paid). */
export function removeFromWishlist(productId: string): Promise<DeleteResult> {
  return api<DeleteResult>(`/wishlists/${encodeURIComponent(productId)}`, { method: 'DELETE' });
}
