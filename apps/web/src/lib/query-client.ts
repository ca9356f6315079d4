import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api.ts';

/** Not found or refused will not change on retry; anything else gets up to three retries. */
const retryUnlessRefused = (failureCount: number, error: Error) => !isClientError(error) && failureCount < 3;

/**
 * The app's one server-data cache, shared by the components (AppProviders) and the route loaders
 * (router.tsx). docs/product.md, "Fixed timings and limits": 3 retries, back-off from 1 s capped at 30 s, 5 minutes cache time;
 * a refusal (4xx other than 408 and 429) is not retried, since asking again meets the same answer.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: retryUnlessRefused,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30000),
      gcTime: 5 * 60 * 1000,
    },
  },
});
