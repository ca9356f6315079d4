import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { ConversationSummary } from '@second-gear/contract';
import { EmptyState } from '../../ui/data-list.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { conversationsQuery } from './api.ts';
import { Thread } from './thread.tsx';

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
