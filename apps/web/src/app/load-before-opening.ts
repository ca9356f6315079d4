import { routeErrorOf } from '../lib/errors.ts';
import { ApiError } from '../lib/api.ts';

/**
 * For route loaders: the pages whose data is "loaded before the page opens" (a
 * category, an order to pay, a wishlist item to pay) put their query into the cache here, and the
 * page's own query finds it there. No session or the wrong role is left to RequireAuth and
 * RequireRole (the login page, the no-access notice); an unknown or someone else's record is the
 * route's 404, unless the page shows its own; anything else, after the query's retries, the route's error screen.
 */
export async function loadBeforeOpening(load: () => Promise<unknown>, { pageShowsNotFound = false } = {}): Promise<null> {
  try {
    await load();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    // A page that says itself what a 404 means (a car's: sold, no longer listed, or no such car).
    if (pageShowsNotFound && error instanceof ApiError && error.status === 404) return null;
    throw routeErrorOf(error as Error);
  }
  return null;
}
