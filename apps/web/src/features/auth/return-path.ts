import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Act, then come back (docs/product.md, "Visitors"): a visitor who presses an action is sent to sign
 * in or sign up with the page to come back to (`?next=`), and that page carries the action
 * (`?then=book`), which it does once the person is signed in.
 */
export const nextActions = ['book', 'wishlist', 'message', 'report', 'save'] as const;
export type NextAction = (typeof nextActions)[number];

/** What the action is, in the words of "Sign in to …". */
export const actionWords: Record<NextAction, string> = {
  book: 'book this car',
  wishlist: 'add this car to your wishlist',
  message: 'message the seller',
  report: 'report this car',
  save: 'save this search',
};

const isNextAction = (value: string | null): value is NextAction => (nextActions as readonly (string | null)[]).includes(value);

/**
 * A page of this site to come back to, or null. The value is read as the browser would read it (a
 * backslash as a slash, tabs and newlines dropped) and kept only when it stays on this origin, so
 * `//evil.example`, `/\evil.example` or `https://evil.example` is ignored; a path that would start
 * with `//` once resolved is ignored too, as it would read as another site's address.
 */
export function sameSitePath(value: string | null | undefined, origin = window.location.origin): string | null {
  if (!value?.startsWith('/')) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin || url.pathname.startsWith('//')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The action a return path carries (`?then=`), if it is one the pages know. */
export function actionOf(path: string): NextAction | null {
  const then = new URL(path, window.location.origin).searchParams.get('then');
  return isNextAction(then) ? then : null;
}

/** `path` with the action to do on coming back. */
export function withAction(path: string, action: NextAction): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('then', action);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login or sign-up page, bringing the person back to `next`. */
export const signInPath = (page: '/login' | '/signup', next: string | null) => (next ? `${page}?${new URLSearchParams({ next }).toString()}` : page);

/** The page to come back to once signed in: `?next=` (same site only), or RequireAuth's remembered location. */
export function useReturnPath(state: unknown): string | null {
  const [params] = useSearchParams();
  return sameSitePath(params.get('next')) ?? rememberedPath(state);
}

/** Where RequireAuth came from (`state.from`), as a path; null when the page was opened directly. */
function rememberedPath(state: unknown): string | null {
  if (state && typeof state === 'object' && 'from' in state) {
    const from = state.from as { pathname?: string; search?: string; hash?: string } | undefined;
    if (from?.pathname) return sameSitePath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
  }
  return null;
}

/**
 * The action this page was opened to do (`?then=`), and `done` to take it out of the address once
 * it is done (or cannot be), so that Back or a reload does not do it again.
 */
export function useNextAction(): { action: NextAction | null; done: () => void } {
  const [params, setParams] = useSearchParams();
  const then = params.get('then');
  const done = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('then');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setParams]);
  return { action: isNextAction(then) ? then : null, done };
}
