import type { DisputeCase, DisputeDecisionBody, DisputeRow } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

// The admin's disputes: only lazy chunks import this module.

/** Every disputes query starts with this key (invalidate it after a decision). */
export const disputesKey = ['disputes'] as const;

/** `GET /disputes`: every problem buyers reported on held payments. */
export const disputesQuery = { queryKey: [...disputesKey, 'list'], queryFn: () => api<DisputeRow[]>('/disputes') } as const;

/** `GET /disputes/{id}`: the case with what the admin decides on. */
export function disputeCaseQuery(id: string) {
  return { queryKey: [...disputesKey, 'case', id], queryFn: () => api<DisputeCase>(`/disputes/${encodeURIComponent(id)}`) } as const;
}

/** `POST /disputes/{id}/decision`: `Refund buyer` or `Release to seller`, with the note both parties receive. */
export function decideDispute(id: string, body: DisputeDecisionBody): Promise<DisputeRow> {
  return api<DisputeRow>(`/disputes/${encodeURIComponent(id)}/decision`, { method: 'POST', json: body });
}
