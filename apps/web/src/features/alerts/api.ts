import type { DeleteResult, NewSavedSearch, SavedSearch, SavedSearchEdit } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

/** Every saved-search query starts with this key (invalidate it after a save, an edit or a delete). */
export const alertsKey = ['alerts'] as const;

/** `GET /alerts`: the person's saved searches, in the order they were saved. */
export function alertsQuery() {
  return { queryKey: alertsKey, queryFn: () => api<SavedSearch[]>('/alerts') } as const;
}

/** `POST /alerts`: save the search's filters with a name and how often to be told (409 past the limit). */
export function saveSearch(search: NewSavedSearch): Promise<SavedSearch> {
  return api<SavedSearch>('/alerts', { method: 'POST', json: search });
}

/** `PATCH /alerts/{id}`: rename, change how often, pause or resume. */
export function editSavedSearch(id: string, edit: SavedSearchEdit): Promise<SavedSearch> {
  return api<SavedSearch>(`/alerts/${encodeURIComponent(id)}`, { method: 'PATCH', json: edit });
}

/** `DELETE /alerts/{id}`. */
export function deleteSavedSearch(id: string): Promise<DeleteResult> {
  return api<DeleteResult>(`/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
