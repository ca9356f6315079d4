import type { MailboxEntry, MailboxMessage } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

/** `GET /dev/mailbox`: the development mailbox, newest first (development and test only). */
export const mailboxQuery = {
  queryKey: ['dev-mailbox'],
  queryFn: () => api<MailboxEntry[]>('/dev/mailbox'),
} as const;

/** `GET /dev/mailbox/{id}`: one email, its parts as text. */
export function mailboxMessageQuery(id: string) {
  return {
    queryKey: ['dev-mailbox', id],
    queryFn: () => api<MailboxMessage>(`/dev/mailbox/${encodeURIComponent(id)}`),
  } as const;
}

/** Where an attachment downloads from. */
export const attachmentUrl = (id: string, n: number) => `/api/dev/mailbox/${encodeURIComponent(id)}/attachments/${n}`;
