import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Profile } from '@second-gear/contract';
import { searchRadii, zipCodePattern } from '@second-gear/contract/constants';
import { useAuth } from '../auth/index.ts';
import { browserStorage, keepInBrowser, readFromBrowser } from '../../lib/browser-storage.ts';
import { profileKey, profileQuery, saveProfile } from './api.ts';

/** `/search`'s Near and Distance as they are kept for a reader: a ZIP code, and a radius in the reader's unit (null: none). */
export type KeptNear = Pick<Profile, 'nearZip' | 'searchRadius'>;

/**
 * Where this browser keeps a visitor's Near and Distance: a cookie, so that the server drawing
 * `/search` knows them too and draws the cars the reader will see (decision 048). Versions before it
 * kept them in localStorage under the same name; they are moved once (moveEarlierVisitorNear).
 */
export const nearCookie = 'second-gear.near';

/** A kept Near and Distance as read back; nothing for a value that is none of the choices (written by another version, or by hand). */
function validNear(kept: Partial<KeptNear> | null): KeptNear {
  const nearZip = typeof kept?.nearZip === 'string' && zipCodePattern.test(kept.nearZip) ? kept.nearZip : null;
  const searchRadius = nearZip && (searchRadii as readonly unknown[]).includes(kept?.searchRadius) ? (kept!.searchRadius as number) : null;
  return { nearZip, searchRadius };
}

function parsedNear(text: string | null | undefined): KeptNear {
  try {
    return validNear(JSON.parse(text ?? 'null') as Partial<KeptNear> | null);
  } catch {
    return { nearZip: null, searchRadius: null };
  }
}

/** A visitor's kept Near and Distance from a request's `Cookie` header or `document.cookie`. */
export function nearFromCookies(cookies: string | undefined): KeptNear {
  const pair = cookies?.split(/;\s*/).find((part) => part.startsWith(`${nearCookie}=`));
  if (!pair) return parsedNear(null);
  try {
    return parsedNear(decodeURIComponent(pair.slice(nearCookie.length + 1)));
  } catch {
    return parsedNear(null); // not percent-encoded as written here
  }
}

/**
 * The cookie's line for `document.cookie`: kept a year, for this site's pages only; forgotten when
 * there is no Near.
 */
export function nearCookieLine(kept: KeptNear, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (!kept.nearZip) return `${nearCookie}=; Max-Age=0; ${attributes}`;
  return `${nearCookie}=${encodeURIComponent(JSON.stringify(kept))}; Max-Age=31536000; ${attributes}`;
}

function keepVisitorNear(kept: KeptNear) {
  document.cookie = nearCookieLine(kept, window.location.protocol === 'https:');
}

/**
 * Moves a visitor's Near that an earlier version kept in localStorage to the cookie, once; true when
 * it did. Called as the app starts, before it takes over a page drawn without it.
 */
export function moveEarlierVisitorNear(): boolean {
  const storage = browserStorage();
  const earlier = parsedNear(readFromBrowser(storage, nearCookie));
  keepInBrowser(storage, nearCookie, null);
  if (!earlier.nearZip || nearFromCookies(document.cookie).nearZip) return false;
  keepVisitorNear(earlier);
  return true;
}

/**
 * The browser's memory through the query cache, so that every reader of it (the cards, the search)
 * sees a change at once. On the server, seeded from the request's cookie (prefetchKeptNear).
 */
const visitorNearQuery = queryOptions({ queryKey: ['kept-near', 'browser'], queryFn: () => nearFromCookies(document.cookie), staleTime: Infinity });

/**
 * The reader's kept Near for a page drawn on the server, put where the page reads it: a visitor's
 * from the request's `Cookie` header, a signed-in person's with their profile. Both reach the
 * browser with the page's data.
 */
export async function prefetchKeptNear(queryClient: QueryClient, { signedIn, cookies }: { signedIn: boolean; cookies: string | undefined }): Promise<KeptNear> {
  if (!signedIn) {
    const kept = nearFromCookies(cookies);
    queryClient.setQueryData(visitorNearQuery.queryKey, kept);
    return kept;
  }
  const profile = await queryClient.fetchQuery(profileQuery()).catch(() => undefined);
  return { nearZip: profile?.nearZip ?? null, searchRadius: profile?.searchRadius ?? null };
}

/**
 * The reader's kept Near and Distance, and `keep` to change them: a signed-in person's are their
 * account's (Settings, on every device they sign in on), a visitor's this browser's, so that a shared
 * computer keeps no one's ZIP code past their sign-out. Undefined until known.
 */
export function useKeptNear(): { kept: KeptNear | undefined; keep: (next: KeptNear) => void } {
  const { user, ready } = useAuth();
  const queryClient = useQueryClient();
  const profile = useQuery({ ...profileQuery(), enabled: Boolean(user), staleTime: Infinity });
  const browser = useQuery({ ...visitorNearQuery, enabled: ready && !user });
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
      keepVisitorNear(next);
      queryClient.setQueryData(visitorNearQuery.queryKey, next);
    },
  };
}
