import type { DataExport, DeleteAccountBody } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

/** Every query of this feature starts with this key. */
export const leavingKey = ['leaving'] as const;

/** `GET /account/exports`: the person's latest files of their data; asked again every 2 s while one is being prepared. */
export const dataExportsQuery = {
  queryKey: [...leavingKey, 'exports'],
  queryFn: () => api<DataExport[]>('/account/exports'),
  refetchInterval: (query: { state: { data?: DataExport[] } }) => (query.state.data?.some((file) => file.state === 'preparing') ? 2000 : false),
} as const;

/** `POST /account/exports`: a new file (or the one under way). */
export const requestDataExport = () => api<DataExport>('/account/exports', { method: 'POST', json: {} });

/** `DELETE /account`. */
export const deleteAccount = (body: DeleteAccountBody) => api<{ deleted: true }>('/account', { method: 'DELETE', json: body });
