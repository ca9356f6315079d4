import type { NotificationList } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

export const notificationsKey = ['notifications'] as const;

/** `GET /notifications`: the bell's latest 30 and the unread count. */
export const notificationsQuery = {
  queryKey: notificationsKey,
  queryFn: () => api<NotificationList>('/notifications'),
} as const;

/** `POST /notifications/read`: these of the caller's notifications are read. */
export function markNotificationsRead(ids: string[]): Promise<{ unread: number }> {
  return api<{ unread: number }>('/notifications/read', { method: 'POST', json: { ids } });
}

/** `POST /email/unsubscribe`: no more notification emails for the person the token names. */
export function unsubscribe(token: string): Promise<{ unsubscribed: true }> {
  return api<{ unsubscribed: true }>('/email/unsubscribe', { method: 'POST', json: { token } });
}
