import { routeErrorOf } from '../lib/errors.ts';
import { ApiError } from '../lib/api.ts';

/**
 * For route loaders: the pages whose data is "loaded before the page opens" (a
 * category, an order to pay, a wishlist item to pay) put their query into the cache here, and the
 * page's own query finds it there. No session or the wrong role is left to RequireAuth and
 * RequireRole (the login page, the no-access notice); an unknown or someone else's record is the
 * route's 404; anything else, after the query's retries, the route's error screen.
 */
export async function loadBeforeOpening(load: () => Promise<unknown>): Promise<null> {
  try {
    await load();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw routeErrorOf(error as Error);
  }
  return null;
}
