import { keepPreviousData } from '@tanstack/react-query';
import type { SearchResult } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

/** Every search's pages start with this key. */
export const searchKey = ['search'] as const;

/**
 * `GET /search?…&after=`, one page at a time (for `useInfiniteQuery`), for the API query string of
 * the filters and sort (`apiQueryString`). While another search's answer is on its way the previous
 * results stay on the page, so nothing jumps.
 */
export function searchResultsQuery(query: string) {
  return {
    queryKey: [...searchKey, query],
    queryFn: ({ pageParam }: { pageParam: string | null }) => {
      const search = new URLSearchParams(query);
      if (pageParam) search.set('after', pageParam);
      return api<SearchResult>(`/search?${search.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page: SearchResult) => page.nextCursor,
    placeholderData: keepPreviousData,
    // Back from a car finds the same pages in the cache, in the same order, without asking again at once.
    staleTime: 30 * 1000,
  } as const;
}
