import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@second-gear/contract';
import { useLiveConnection, useLiveEvent } from '../../lib/live-events.ts';
import { conversationsKey, messagesKey, threadKey, unreadKey } from './api.ts';

/** Adds a message to a thread's cached page once, in id order. */
export function withMessage(thread: Message[] | undefined, message: Message): Message[] | undefined {
  if (!thread || thread.some((m) => m.id === message.id)) return thread;
  return [...thread, message].sort((a, b) => a.id - b.id);
}

/**
 * The page's live stream (while signed in) and what a new message changes: its thread (if loaded),
 * the conversation list and the unread count. Mounted once, by the navbar.
 */
export function useLiveMessages(signedIn: boolean) {
  const queryClient = useQueryClient();
  useLiveConnection(signedIn);
  useLiveEvent('message', (data) => {
    const message = data as Message;
    queryClient.setQueryData<Message[]>(threadKey(message.conversationId), (thread) => withMessage(thread, message));
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
    if (!message.mine) void queryClient.invalidateQueries({ queryKey: unreadKey });
  });
  useLiveEvent('reconnected', () => void queryClient.invalidateQueries({ queryKey: messagesKey }));
}
