import { useEffect, useRef } from 'react';

/** The events of `GET /api/live` (server: modules/live/hub.ts). */
export type LiveEventType = 'message' | 'notification' | 'booking' | 'reconnected';

type Handler = (data: unknown) => void;
const handlers = new Map<LiveEventType, Set<Handler>>();

function emit(type: LiveEventType, data: unknown) {
  for (const handler of handlers.get(type) ?? []) handler(data);
}

/**
 * Calls `handler` with each live event of this type while the component is mounted: `message` with
 * the message, `notification` and `booking` with `{ id }` (something changed: refetch), and
 * `reconnected` each time the stream opens, the first time included (refetch what a missed event
 * would have changed; after a break the server resends missed messages itself).
 */
export function useLiveEvent(type: LiveEventType, handler: Handler) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const call: Handler = (data) => latest.current(data);
    let set = handlers.get(type);
    if (!set) handlers.set(type, (set = new Set()));
    set.add(call);
    return () => void set.delete(call);
  }, [type]);
}

/**
 * Holds the page's one connection to the live stream while `enabled` (a signed-in person). The
 * browser's EventSource reconnects by itself after a break and sends the last event id it received,
 * so the server sends every message missed in between; a refused reconnection (signed out) ends it. Every opening, the first included, is told as
 * `reconnected`: what changed before the stream was open is fetched again.
 */
export function useLiveConnection(enabled: boolean) {
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/live');
    const forward = (type: LiveEventType) => (event: MessageEvent<string>) => {
      try {
        emit(type, JSON.parse(event.data));
      } catch {
        // Not ours to read: nothing to tell.
      }
    };
    source.addEventListener('message', forward('message'));
    source.addEventListener('notification', forward('notification'));
    source.addEventListener('booking', forward('booking'));
    source.addEventListener('open', () => emit('reconnected', null));
    return () => source.close();
  }, [enabled]);
}
