import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api.ts';

/** Not found or refused will not change on retry; anything else gets up to three retries. */
const retryUnlessRefused = (failureCount: number, error: Error) => !isClientError(error) && failureCount < 3;

/**
 * The app's server-data cache, shared by the components (AppProviders) and the route loaders
 * (router.tsx): one for the browser's whole visit, one for each page the server draws.
 * docs/product.md, "Fixed timings and limits": 3 retries, back-off from 1 s capped at 30 s, 5 minutes
 * cache time; a refusal (4xx other than 408 and 429) is not retried, since asking again meets the
 * same answer. The server does not retry: a page it cannot fill is drawn by the browser instead.
 */
export function createQueryClient({ onServer = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: onServer ? false : retryUnlessRefused,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30000),
        gcTime: 5 * 60 * 1000,
      },
    },
  });
}
