import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@second-gear/contract';
import { searchRadii, zipCodePattern } from '@second-gear/contract/constants';
import { useAuth } from '../auth/index.ts';
import { browserStorage, keepInBrowser, readFromBrowser } from '../../lib/browser-storage.ts';
import { profileKey, profileQuery, saveProfile } from './api.ts';

/** `/search`'s Near and Distance as they are kept for a reader: a ZIP code, and a radius in the reader's unit (null: none). */
export type KeptNear = Pick<Profile, 'nearZip' | 'searchRadius'>;

/** Where this browser keeps a visitor's Near and Distance. */
export const browserNearKey = 'second-gear.near';

/**
 * A visitor's kept Near and Distance as this browser holds them; nothing for a value that is none
 * of the choices (written by another version, or by hand), or when the browser keeps nothing
 * (storage off or full: the search simply starts without them).
 */
export function readBrowserNear(storage: Pick<Storage, 'getItem'> | undefined): KeptNear {
  const none = { nearZip: null, searchRadius: null };
  try {
    const kept = JSON.parse(readFromBrowser(storage, browserNearKey) ?? 'null') as Partial<KeptNear> | null;
    const nearZip = typeof kept?.nearZip === 'string' && zipCodePattern.test(kept.nearZip) ? kept.nearZip : null;
    const searchRadius = nearZip && (searchRadii as readonly unknown[]).includes(kept?.searchRadius) ? (kept!.searchRadius as number) : null;
    return { nearZip, searchRadius };
  } catch {
    return none;
  }
}

/** Keeps a visitor's Near and Distance in this browser (forgets them when there is no Near). */
export function writeBrowserNear(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, kept: KeptNear) {
  keepInBrowser(storage, browserNearKey, kept.nearZip ? kept : null);
}

/** The browser's memory through the query cache, so that every reader of it (the cards, the search) sees a change at once. */
const browserNearQuery = queryOptions({ queryKey: ['kept-near', 'browser'], queryFn: () => readBrowserNear(browserStorage()), staleTime: Infinity });

/**
 * The reader's kept Near and Distance, and `keep` to change them: a signed-in person's are their
 * account's (Settings, on every device they sign in on), a visitor's this browser's, so that a shared
 * computer keeps no one's ZIP code past their sign-out. Undefined until known.
 */
export function useKeptNear(): { kept: KeptNear | undefined; keep: (next: KeptNear) => void } {
  const { user, ready } = useAuth();
  const queryClient = useQueryClient();
  const profile = useQuery({ ...profileQuery(), enabled: Boolean(user), staleTime: Infinity });
  const browser = useQuery({ ...browserNearQuery, enabled: ready && !user });
  const save = useMutation({
    mutationFn: (next: KeptNear) => saveProfile(next),
    onMutate: (next) => queryClient.setQueryData<Profile>(profileKey, (current) => (current ? { ...current, ...next } : current)),
    onSuccess: (saved) => queryClient.setQueryData(profileKey, saved),
    // Kept quietly: a refusal leaves the account's own values, asked again.
    onError: () => void queryClient.invalidateQueries({ queryKey: profileKey }),
  });

  if (!ready) return { kept: undefined, keep: () => undefined };
  if (user) {
    const data = profile.data;
    // An account whose profile cannot be read (while it is asked again too) keeps nothing for now: the search opens as its address says.
    const unreadable = profile.isError || profile.failureCount > 0;
    const kept = data ? { nearZip: data.nearZip, searchRadius: data.searchRadius } : unreadable ? { nearZip: null, searchRadius: null } : undefined;
    return { kept, keep: (next) => save.mutate(next) };
  }
  return {
    kept: browser.data,
    keep: (next) => {
      writeBrowserNear(browserStorage(), next);
      queryClient.setQueryData(browserNearQuery.queryKey, next);
    },
  };
}
