import { queryOptions } from '@tanstack/react-query';
import type { SiteInfo } from '@second-gear/contract';
import { api } from './api.ts';

/** What the server says about itself (`GET /api/site`); it does not change while it runs, so it is asked once per visit. */
export const siteQuery = queryOptions({ queryKey: ['site'], queryFn: () => api<SiteInfo>('/site'), staleTime: Infinity });
