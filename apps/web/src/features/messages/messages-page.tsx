import { useEffect, useLayoutEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import type { ConversationSummary, Message } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { useLiveEvent } from '../../lib/live-events.ts';
import { EmptyState } from '../../ui/data-list.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { conversationsKey, conversationsQuery, markRead, sendMessage, threadKey, threadQuery, unreadKey } from './api.ts';
import { Composer } from './composer.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { withMessage } from './use-live-messages.ts';

/**
 * `/dashboard/messages`, for buyers and sellers: the conversations, and the open one (`?c=`) with its
 * composer. On a phone one at a time (the list, then the thread with a Back button); side by side
 * from the lg breakpoint.
 */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('c');
  const { data: conversations, isLoading } = useQuery(conversationsQuery);
  const open = conversations?.find((c) => c._id === openId);

  return (
    <section aria-labelledby="messages-heading">
      <title>Messages · Second Gear</title>
      <h1 id="messages-heading" className="mb-6 text-3xl font-bold">
        Messages
      </h1>
      {isLoading ? (
        <Spinner size="loading-md" label="Loading your conversations" />
      ) : !conversations?.length ? (
        <EmptyState message="No conversations yet. Use Message Seller on a car to ask its seller about it." />
      ) : (
        <div className="flex gap-6">
          <nav aria-label="Conversations" className={`w-full lg:block lg:w-80 lg:shrink-0 ${openId ? 'hidden' : 'block'}`}>
            <ul className="flex flex-col gap-2">
              {conversations.map((c) => (
                <ConversationItem key={c._id} conversation={c} current={c._id === openId} />
              ))}
            </ul>
          </nav>
          <div className={`min-w-0 flex-1 ${openId ? 'block' : 'hidden lg:block'}`}>
            {open ? (
              <Thread key={open._id} conversation={open} onBack={() => setParams({})} />
            ) : openId ? (
              <p className="rounded-box bg-base-200 p-6">This conversation is not one of yours.</p>
            ) : (
              <p className="rounded-box bg-base-200 p-6 text-base-content/80">Choose a conversation to read it.</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function ConversationItem({ conversation: c, current }: { conversation: ConversationSummary; current: boolean }) {
  return (
    <li>
      <Link
        to={`?c=${c._id}`}
        aria-current={current ? 'true' : undefined}
        className={`flex min-h-11 items-center gap-3 rounded-box border p-3 hover:bg-base-200 ${current ? 'border-primary bg-base-200' : 'border-base-300'}`}
      >
        {c.car.image ? <img src={c.car.image} alt="" className="h-12 w-16 shrink-0 rounded object-cover" /> : <span className="h-12 w-16 shrink-0 rounded bg-base-300" />}
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{c.car.name}</span>
          <span className="block truncate text-sm text-base-content/80">
            {c.role === 'buyer' ? 'Seller' : 'Buyer'}: {c.otherName}
          </span>
          <span className="block truncate text-sm text-base-content/70">
            {c.lastMessageMine ? 'You: ' : ''}
            {c.lastMessage}
          </span>
        </span>
        {c.unread > 0 ? (
          <span className="badge badge-secondary" data-testid="conversation-unread">
            {c.unread}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}

function Thread({ conversation, onBack }: { conversation: ConversationSummary; onBack: () => void }) {
  const queryClient = useQueryClient();
  const { data: messages, isLoading } = useQuery(threadQuery(conversation._id));
  const scroller = useRef<HTMLDivElement>(null);

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
      <Composer onSend={(text) => send.mutateAsync(text)} busy={send.isPending} />
    </div>
  );
}
