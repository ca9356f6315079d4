import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unreadQuery } from './api.ts';

/**
 * What the unread count counts, in words: messages (not conversations) sent to the person since they
 * last read each conversation, as the server counts them (messages/service.ts, unreadCount).
 */
export function unreadMessagesWords(count: number): string {
  return `${count} ${unreadNoun(count)}`;
}
const unreadNoun = (count: number) => `unread message${count === 1 ? '' : 's'}`;

/** The unread count of the side menu's Messages entry; nothing while none is unread. */
export function UnreadBadge() {
  const { data } = useQuery(unreadQuery);
  const count = data?.count ?? 0;
  if (count === 0) return null;
  return (
    <span className="badge badge-secondary badge-sm ml-auto" data-testid="unread-badge" title={unreadMessagesWords(count)}>
      {count}
      <span className="sr-only"> {unreadNoun(count)}</span>
    </span>
  );
}

/**
 * Beside the navbar's avatar: how many messages are unread, leading to them; nothing while none is.
 * The number alone could be conversations or notifications: the words show on hover and on keyboard
 * focus (a tooltip) and are the link's name. From 640 px only: on a phone the row is full (name,
 * bell, avatar, Sign Out); there the bell tells of new messages and the menu shows this count
 * beside Messages.
 */
export function UnreadMessagesLink() {
  const { data } = useQuery(unreadQuery);
  const count = data?.count ?? 0;
  if (count === 0) return null;
  const label = unreadMessagesWords(count);
  return (
    <span className="tooltip tooltip-bottom max-sm:hidden" data-tip={label}>
      <Link to="/dashboard/messages" className="badge badge-secondary h-7 min-w-7 font-semibold" aria-label={label} data-testid="navbar-unread">
        {count}
      </Link>
    </span>
  );
}
