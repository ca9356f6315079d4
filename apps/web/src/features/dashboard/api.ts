import type { DashboardSummary } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

/**
 * `GET /dashboard/summary`: the welcome page's numbers, the signed-in person's own. Keyed by the
 * person, so a later sign-in on the same tab never sees the last one's numbers. Stale at once (the
 * default), so each visit to the welcome page asks again: the pages that change these numbers need
 * not know about it.
 */
export function dashboardSummaryQuery(email: string) {
  return {
    queryKey: ['dashboard-summary', email],
    queryFn: () => api<DashboardSummary>('/dashboard/summary'),
  } as const;
}
