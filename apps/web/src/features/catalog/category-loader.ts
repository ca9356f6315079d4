import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { NotFoundResponse } from '../../app/not-found.ts';
import { queryClient } from '../../app/query-client.ts';
import { categoryProductsQuery } from './api.ts';

/**
 * The category page's data is loaded before the page opens (specification, Category page): the
 * first page of GET /category/{id} goes into the query cache, where the page's infinite query
 * finds it. A page already cached opens at once and refreshes in the background.
 */
export async function categoryLoader({ params }: LoaderFunctionArgs) {
  try {
    await queryClient.infiniteQuery({ ...categoryProductsQuery(params.id ?? ''), staleTime: 'static' });
  } catch (error) {
    // Signed out: nothing to show; RequireAuth sends the visitor to the login page and back here.
    if (error instanceof ApiError && error.status === 401) return null;
    // A malformed id (400) is as unknown as a well-formed one nobody has (404).
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw new NotFoundResponse(error.message);
    throw error;
  }
  return null;
}
