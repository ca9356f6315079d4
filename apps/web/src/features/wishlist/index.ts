// The wishlist feature's public entry: what other features may use of it.
export { addToWishlist, wishlistItemQuery, wishlistKey, wishlistQuery } from './api.ts';
