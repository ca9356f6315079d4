import { createContext, useContext } from 'react';
import type { SessionUser } from '@second-gear/contract';
import type { SecondFactorInput, SignInInput, SignUpInput } from './auth-api.ts';

export interface AuthValue {
  /** The signed-in user, or null when signed out (or not known yet). */
  user: SessionUser | null;
  /** True until the session is first known, and while sign-up, sign-in or sign-out run. */
  loading: boolean;
  /** True once the session has been asked for at least once. */
  ready: boolean;
  signUp: (input: SignUpInput) => Promise<SessionUser | null>;
  /** Resolves with the signed-in user, or `'code-needed'` when the account asks for its two-factor code next (`completeSignIn`). */
  signIn: (input: SignInInput) => Promise<SessionUser | null | 'code-needed'>;
  /** The second step of a sign-in (a password's or Google's) with two-factor sign-in on. */
  completeSignIn: (input: SecondFactorInput) => Promise<SessionUser | null>;
  signOut: () => Promise<void>;
  /**
   * CONTINUE WITH GOOGLE (see google.ts); call it synchronously in the click handler. Resolves
   * with the signed-in user, `'code-needed'` when the account asks for its two-factor code next
   * (`completeSignIn`), or null when the page is going to the provider instead (popup blocked).
   */
  signInWithGoogle: (from: string) => Promise<SessionUser | null | 'code-needed'>;
  refresh: () => Promise<SessionUser | null>;
}

export const AuthContext = createContext<AuthValue | null>(null);

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
