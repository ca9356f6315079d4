import { useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { browserStorage, keepInBrowser, readFromBrowser } from '../../lib/browser-storage.ts';
import { comparedInStorage, comparedKey, toggleCompared } from './compare-list.ts';

const listeners = new Set<() => void>();
const none: string[] = [];
/** The last list read, kept while its stored text is the same, so every render sees one array. */
let last: { stored: string | null; ids: string[] } = { stored: null, ids: none };

function read(): string[] {
  const stored = readFromBrowser(browserStorage(), comparedKey);
  if (stored !== last.stored) last = { stored, ids: comparedInStorage(stored) };
  return last.ids;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of this browser changed the list.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Keeps the list and tells every toggle, the tray and the page at once. */
export function keepCompared(ids: readonly string[]) {
  // A browser that keeps nothing still opens the comparison from its address.
  keepInBrowser(browserStorage(), comparedKey, ids.length ? ids : null);
  for (const listener of listeners) listener();
}

/** Takes the car out of the list as it stands now (not as last drawn: two quick removals both hold). */
export function forgetCompared(id: string) {
  const ids = read();
  if (ids.includes(id)) keepCompared(ids.filter((one) => one !== id));
}

/** The cars this browser is comparing, and `toggle` for a car's `Compare` (a fourth is refused in a toast). */
export function useCompared(): { ids: string[]; toggle: (id: string) => void } {
  const ids = useSyncExternalStore(subscribe, read, () => none);
  return {
    ids,
    toggle: (id) => {
      const next = toggleCompared(read(), id);
      if ('refused' in next) toast.error(next.refused);
      else keepCompared(next.ids);
    },
  };
}
