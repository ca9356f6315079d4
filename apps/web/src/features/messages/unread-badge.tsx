import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unreadQuery } from './api.ts';

/** The unread count of the side menu's Messages entry; nothing while none is unread. */
export function UnreadBadge() {
  const { data } = useQuery(unreadQuery);
  const count = data?.count ?? 0;
  if (count === 0) return null;
  return (
    <span className="badge badge-secondary badge-sm ml-auto" data-testid="unread-badge">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/**
 * Beside the navbar's avatar: how many messages are unread, leading to them; nothing while none is.
 * From 640 px only: on a phone the row is full (name, bell, avatar, Sign Out); there the bell tells
 * of new messages and the menu shows this count beside Messages.
 */
export function UnreadMessagesLink() {
  const { data } = useQuery(unreadQuery);
  const count = data?.count ?? 0;
  if (count === 0) return null;
  const label = `${count} unread message${count === 1 ? '' : 's'}`;
  return (
    <Link to="/dashboard/messages" className="badge badge-secondary h-7 min-w-7 font-semibold max-sm:hidden" aria-label={label} title={label} data-testid="navbar-unread">
      {count}
    </Link>
  );
}
