import type { ConversationSummary, FlaggedMessage, Message, OpenedConversation, UnreadCount } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

/** Every messages query starts with this key. */
export const messagesKey = ['conversations'] as const;
export const conversationsKey = [...messagesKey, 'list'] as const;
export const unreadKey = [...messagesKey, 'unread'] as const;
export const threadKey = (conversationId: string) => [...messagesKey, 'thread', conversationId] as const;

/** `GET /conversations`: the person's conversations as buyer and as seller, latest first. */
export const conversationsQuery = { queryKey: conversationsKey, queryFn: () => api<ConversationSummary[]>('/conversations') } as const;

/** `GET /conversations/unread`: the count the navbar and the side menu show. */
export const unreadQuery = { queryKey: unreadKey, queryFn: () => api<UnreadCount>('/conversations/unread') } as const;

/** `GET /conversations/{id}/messages`: the thread's latest page, oldest first. */
export function threadQuery(conversationId: string) {
  return { queryKey: threadKey(conversationId), queryFn: () => api<Message[]>(`/conversations/${encodeURIComponent(conversationId)}/messages`) } as const;
}

/** `POST /conversations`: Message Seller's first message (or the next one in the conversation about that car). */
export function openConversation(productId: string, text: string): Promise<OpenedConversation> {
  return api<OpenedConversation>('/conversations', { method: 'POST', json: { productId, text } });
}

export function sendMessage(conversationId: string, text: string): Promise<Message> {
  return api<Message>(`/conversations/${encodeURIComponent(conversationId)}/messages`, { method: 'POST', json: { text } });
}

export function markRead(conversationId: string): Promise<UnreadCount> {
  return api<UnreadCount>(`/conversations/${encodeURIComponent(conversationId)}/read`, { method: 'POST' });
}

/** `GET /admin/flagged-messages`: the admins' queue of messages with scam signals. */
export const flaggedMessagesQuery = { queryKey: [...messagesKey, 'flagged'], queryFn: () => api<FlaggedMessage[]>('/admin/flagged-messages') } as const;
