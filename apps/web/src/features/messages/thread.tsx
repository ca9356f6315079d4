import { useEffect, useLayoutEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import type { ConversationSummary, Message } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { ConfirmEmailNotice, useUnconfirmedEmail } from '../auth/index.ts';
import { useLiveEvent } from '../../lib/live-events.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { conversationsKey, markRead, sendMessage, threadKey, threadQuery, unreadKey } from './api.ts';
import { Composer } from './composer.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { withMessage } from './use-live-messages.ts';

/** The open conversation: its car and the other person, the messages (read as they come), and the composer. */
export function Thread({ conversation, onBack }: { conversation: ConversationSummary; onBack: () => void }) {
  const queryClient = useQueryClient();
  const { data: messages, isLoading } = useQuery(threadQuery(conversation._id));
  const scroller = useRef<HTMLDivElement>(null);
  const unconfirmed = useUnconfirmedEmail();

  const read = useMutation({
    mutationFn: () => markRead(conversation._id),
    onSuccess: (unread) => {
      queryClient.setQueryData(unreadKey, unread);
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
  });
  const send = useMutation({
    mutationFn: (text: string) => sendMessage(conversation._id, text),
    onSuccess: (message) => {
      queryClient.setQueryData<Message[]>(threadKey(conversation._id), (thread) => withMessage(thread, message));
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  // Opening the thread reads it; so does a message arriving while it is open.
  const markAsRead = read.mutate;
  useEffect(() => {
    if (conversation.unread > 0) markAsRead();
  }, [conversation.unread, markAsRead]);
  useLiveEvent('message', (data) => {
    const message = data as Message;
    if (message.conversationId === conversation._id && !message.mine) markAsRead();
  });

  // The newest message stays in view: the thread scrolls to its end whenever one arrives.
  const count = messages?.length ?? 0;
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [count]);
  // And when the box changes size (a phone turned, the window resized).
  useEffect(() => {
    const box = scroller.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      box.scrollTop = box.scrollHeight;
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <button type="button" className="btn btn-outline h-11 min-h-11 lg:hidden" onClick={onBack}>
          Back
        </button>
        <div className="min-w-0">
          <h2 className="truncate text-xl font-bold">
            <Link to={`/cars/${conversation.car._id}`} className="link-hover">
              {conversation.car.name}
            </Link>
          </h2>
          <p className="text-sm text-base-content/80">
            With {conversation.otherName}, the {conversation.role === 'buyer' ? 'seller' : 'buyer'}
          </p>
        </div>
      </div>
      <div
        ref={scroller}
        role="log"
        className="h-[55vh] overflow-y-auto rounded-box border border-base-300 p-3"
        // Scrollable by keyboard too.
        tabIndex={0}
        aria-label={`Messages with ${conversation.otherName}`}
      >
        {isLoading ? (
          <Spinner size="loading-md" label="Loading the messages" />
        ) : (
          <ol className="flex flex-col gap-1">
            {messages?.map((m) => (
              <MessageBubble key={m.id} message={m} />
            ))}
          </ol>
        )}
      </div>
      {unconfirmed ? <ConfirmEmailNotice email={unconfirmed} toDo="send messages" /> : <Composer onSend={(text) => send.mutateAsync(text)} busy={send.isPending} />}
    </div>
  );
}
