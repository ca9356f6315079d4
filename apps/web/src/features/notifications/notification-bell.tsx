import { useEffect, useRef, useState, type SVGProps } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../lib/live-events.ts';
import { formatDateTime } from '../../lib/format.ts';
import { markNotificationsRead, notificationsKey, notificationsQuery } from './api.ts';


/**
 * The navbar's bell: a button whose name says how many notifications are unread, opening the latest
 * 30 (title, body, time, link). Opening the list marks the unread ones shown as read.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...notificationsQuery, refetchOnWindowFocus: true });
  // The live stream says when there is news; after a break in it, whatever was missed is fetched.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsKey });
  useLiveEvent('notification', refresh);
  useLiveEvent('reconnected', refresh);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = data?.unread ?? 0;
  const notifications = data?.notifications ?? [];

  // Closes on a click elsewhere, or on Escape (focus back on the bell), as a menu does.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const toggle = () => {
    const opening = !open;
    setOpen(opening);
    const unreadIds = notifications.filter((n) => !n.read).map((n) => n.id);
    if (opening && unreadIds.length) {
      // The list shows them as they were (unread marks stay while it is open); the count clears.
      void markNotificationsRead(unreadIds).then(
        ({ unread: left }) => queryClient.setQueryData(notificationsKey, (old: typeof data) => (old ? { ...old, unread: left } : old)),
        () => {},
      );
    }
    if (!opening) void queryClient.invalidateQueries({ queryKey: notificationsKey });
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-square relative size-11"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls="notification-list"
        onClick={toggle}
      >
        <BellIcon className="h-6 w-6" />
        {unread ? (
          <span className="badge badge-primary badge-sm absolute -top-0.5 -right-0.5 min-w-5 px-1" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id="notification-list"
          className="fixed inset-x-2 top-16 z-50 max-h-[70vh] overflow-y-auto rounded-box border border-base-200 bg-base-100 p-2 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <h2 className="px-2 py-1 text-base font-bold">Notifications</h2>
          {notifications.length === 0 ? (
            <p className="px-2 py-3 text-base-content/70">Nothing yet. Bookings and messages will show here.</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {notifications.map((n) => (
                <li key={n.id}>
                  <Link to={n.link} onClick={() => setOpen(false)} className={`block rounded-lg px-2 py-2 hover:bg-base-200 focus-visible:bg-base-200 ${n.read ? '' : 'bg-primary/5'}`}>
                    <span className="flex items-start justify-between gap-2">
                      <span className="font-semibold break-words">
                        {n.read ? null : <span className="sr-only">Unread: </span>}
                        {n.title}
                      </span>
                      <time dateTime={n.createdAt} className="shrink-0 text-xs text-base-content/70">
                        {formatDateTime(n.createdAt)}
                      </time>
                    </span>
                    {n.body ? <span className="mt-0.5 block text-sm break-words text-base-content/80">{n.body}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

function BellIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width={24} height={24} aria-hidden focusable={false} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...props}>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
