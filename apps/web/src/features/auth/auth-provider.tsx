import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { SessionUser, UserRecordBody } from '@second-gear/contract';
import { api } from '../../lib/api.ts';
import { AuthContext, type AuthValue } from './auth-context.ts';
import {
  getSession,
  signInEmail,
  signOutSession,
  signUpEmail,
  verifySecondFactor,
  type SecondFactorInput,
  type SignInInput,
  type SignUpInput,
} from './auth-api.ts';
import { signInWithGoogle as startGoogleSignIn, takeGoogleRedirectResult } from './google.ts';

/** The user record (`POST /users`), sent after sign-up and Google sign-in; its answer is only logged. */
function postUserRecord(record: UserRecordBody) {
  api<unknown>('/users', { method: 'POST', json: record })
    .then((answer) => console.log(answer))
    .catch((error: unknown) => console.error(error));
}

/** After Google sign-in the user is a Buyer (docs/product.md, "People and roles"). */
function googleUserRecord(user: SessionUser): UserRecordBody {
  return { name: user.name, email: user.email, photo: user.image ?? undefined, role: 'Buyer' };
}

/** The redirect sign-in's toast is shown once per page load (StrictMode runs effects twice). */
let googleToastShown = false;

/**
 * `known`: who is signed in, as the server read it for a page it drew (entry-server.tsx), so the page
 * is drawn, and hydrated, for them; the session is read again all the same, as on every page.
 */
export function AuthProvider({ known, children }: { known?: { user: SessionUser | null }; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(known?.user ?? null);
  const [loading, setLoading] = useState(known === undefined);
  const [ready, setReady] = useState(known !== undefined);

  const current = useRef(user);
  current.current = user;
  const refresh = useCallback(async () => {
    try {
      const next = (await getSession())?.user ?? null;
      setUser(next);
      return next;
    } catch (error) {
      // An unreachable server is no answer about the session: whoever was signed in stays so (a
      // server restarting under an open page must not send its reader to the login page), and the
      // pages that need data say the server is unreachable themselves.
      console.error('Could not read the session', error);
      return current.current;
    } finally {
      setReady(true);
    }
  }, []);

  useEffect(() => {
    let active = true;
    // A Google sign-in that went through the whole page (popup blocked) came back here.
    const googleRedirect = takeGoogleRedirectResult();
    getSession()
      .then((answer) => {
        if (!active) return;
        setUser(answer?.user ?? null);
        if (googleRedirect?.ok && answer?.user && !googleToastShown) {
          googleToastShown = true;
          toast.success('Login Successful');
          postUserRecord(googleUserRecord(answer.user));
        }
      })
      .catch((error: unknown) => {
        console.error('Could not read the session', error);
      })
      .finally(() => {
        if (!active) return;
        setReady(true);
        setLoading(false);
      });
    return () => {
      active = false;
    };
  }, []);

  const signUp = useCallback(
    async (input: SignUpInput) => {
      setLoading(true);
      try {
        const created = await signUpEmail(input);
        // The user record (`POST /users`): its answer is only logged, never awaited.
        postUserRecord({ name: input.name, email: input.email, photo: input.photoURL, role: input.role });
        const signedIn = await refresh();
        if (!signedIn) setUser(created.user);
        return signedIn ?? created.user;
      } finally {
        setLoading(false);
      }
    },
    [refresh],
  );

  /** Runs a call that answers a signed-in user (a password, or its second factor), then reads the session it opened. */
  const signInThrough = useCallback(
    async (call: () => Promise<{ user: SessionUser }>) => {
      const answer = await call();
      const signedIn = await refresh();
      if (!signedIn) setUser(answer.user);
      return signedIn ?? answer.user;
    },
    [refresh],
  );

  const signIn = useCallback(
    async (input: SignInInput) => {
      setLoading(true);
      try {
        const answer = await signInEmail(input);
        if ('twoFactorRedirect' in answer) return 'code-needed' as const;
        return await signInThrough(() => Promise.resolve(answer));
      } finally {
        setLoading(false);
      }
    },
    [signInThrough],
  );

  const completeSignIn = useCallback(
    async (input: SecondFactorInput) => {
      setLoading(true);
      try {
        return await signInThrough(() => verifySecondFactor(input));
      } finally {
        setLoading(false);
      }
    },
    [signInThrough],
  );

  // Only the newest Google request ends the loading state (a newer one cancels an older one).
  const googleRun = useRef(0);
  const signInWithGoogle = useCallback(
    (from: string) => {
      const run = ++googleRun.current;
      setLoading(true);
      // Synchronously: the popup opens in this click.
      const started = startGoogleSignIn(from);
      return started
        .then(async (outcome) => {
          if (outcome === 'redirecting') return null;
          if (outcome === 'code-needed') return outcome;
          const signedIn = await refresh();
          if (signedIn) postUserRecord(googleUserRecord(signedIn));
          return signedIn;
        })
        .finally(() => {
          if (googleRun.current === run) setLoading(false);
        });
    },
    [refresh],
  );

  const signOut = useCallback(async () => {
    setLoading(true);
    try {
      await signOutSession();
      setUser(null);
      // Nothing of the previous user's data stays in the cache.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public' });
    } finally {
      setLoading(false);
    }
  }, [queryClient]);

  const value = useMemo<AuthValue>(
    () => ({ user, loading, ready, signUp, signIn, completeSignIn, signOut, refresh, signInWithGoogle }),
    [user, loading, ready, signUp, signIn, completeSignIn, signOut, refresh, signInWithGoogle],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
