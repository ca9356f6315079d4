import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser, UserRecordBody } from '@second-gear/contract';
import { api } from '../../app/api.ts';
import { AuthContext, type AuthValue } from './auth-context.ts';
import { getSession, signInEmail, signOutSession, signUpEmail, type SignInInput, type SignUpInput } from './auth-api.ts';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [ready, setReady] = useState(false);

  const refresh = useCallback(async () => {
    let next: SessionUser | null = null;
    try {
      next = (await getSession())?.user ?? null;
    } catch (error) {
      // An unreachable server reads as signed out; the pages that need data say so themselves.
      console.error('Could not read the session', error);
    }
    setUser(next);
    setReady(true);
    return next;
  }, []);

  useEffect(() => {
    let active = true;
    getSession()
      .then((answer) => {
        if (active) setUser(answer?.user ?? null);
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
        // The user record of the specification (section 7): its answer is only logged, never awaited.
        const record: UserRecordBody = { name: input.name, email: input.email, photo: input.photoURL, role: input.role };
        api<unknown>('/users', { method: 'POST', json: record })
          .then((answer) => console.log(answer))
          .catch((error: unknown) => console.error(error));
        const signedIn = await refresh();
        if (!signedIn) setUser(created.user);
        return signedIn ?? created.user;
      } finally {
        setLoading(false);
      }
    },
    [refresh],
  );

  const signIn = useCallback(
    async (input: SignInInput) => {
      setLoading(true);
      try {
        const answer = await signInEmail(input);
        const signedIn = await refresh();
        if (!signedIn) setUser(answer.user);
        return signedIn ?? answer.user;
      } finally {
        setLoading(false);
      }
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
    () => ({ user, loading, ready, signUp, signIn, signOut, refresh }),
    [user, loading, ready, signUp, signIn, signOut, refresh],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
