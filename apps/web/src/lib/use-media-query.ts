import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, kept up to date as the window is resized or a phone turned.
 * For what must not be in the page at all at some widths (hidden by CSS, it would still be found by
 * name by assistive technology's searches and by tests), not for styling, which CSS does.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    // A page drawn on the server (entry-server.tsx) knows no width: it is drawn, and hydrated, as on
    // a phone, the width most of its visitors come from; a wider screen renders again at once.
    () => false,
  );
}
