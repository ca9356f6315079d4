import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one server-data cache, shared by the components (AppProviders) and the route loaders
 * (router.tsx). Specification section 9: 3 retries, back-off from 1 s capped at 30 s, 5 minutes cache time.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30000),
      gcTime: 5 * 60 * 1000,
    },
  },
});
