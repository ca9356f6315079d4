import type { SessionUser, SignUpRole } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

/** better-auth is mounted at /api/auth on the same origin; its session lives in an HttpOnly cookie. */
export interface SessionAnswer {
  session: { id: string; expiresAt: string; [key: string]: unknown };
  user: SessionUser;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  photoURL: string;
  role: SignUpRole;
}

export interface SignInInput {
  email: string;
  password: string;
}

export function getSession(): Promise<SessionAnswer | null> {
  return api<SessionAnswer | null>('/auth/get-session');
}

export function signUpEmail({ name, email, password, photoURL, role }: SignUpInput) {
  return api<{ user: SessionUser; token: string | null }>('/auth/sign-up/email', {
    method: 'POST',
    json: { name, email, password, image: photoURL, role },
  });
}

/** A signed-in account, or one with two-factor sign-in on that must now give a code (better-auth's `twoFactorRedirect`). */
export type SignInAnswer = { user: SessionUser; token: string } | { twoFactorRedirect: true; twoFactorMethods: string[] };

export function signInEmail({ email, password }: SignInInput) {
  return api<SignInAnswer>('/auth/sign-in/email', {
    method: 'POST',
    json: { email, password },
  });
}

/** The second step of a sign-in: an authenticator app's code or a backup code, and whether to remember this browser for 30 days. */
export interface SecondFactorInput {
  kind: 'app' | 'backup';
  code: string;
  trustDevice: boolean;
}

export function verifySecondFactor({ kind, code, trustDevice }: SecondFactorInput) {
  return api<{ user: SessionUser; token: string }>(kind === 'app' ? '/auth/two-factor/verify-totp' : '/auth/two-factor/verify-backup-code', {
    method: 'POST',
    json: { code, trustDevice },
  });
}

export function signOutSession() {
  return api<{ success: boolean }>('/auth/sign-out', { method: 'POST', json: {} });
}

/** Asks for a reset link; the answer is the same whether or not an account uses the email. */
export function requestPasswordReset(email: string) {
  return api<{ status: boolean }>('/auth/request-password-reset', { method: 'POST', json: { email } });
}

/** Sets a new password with a reset link's token; the server then ends every session of the account. */
export function resetPassword(token: string, newPassword: string) {
  return api<{ status: boolean }>('/auth/reset-password', { method: 'POST', json: { token, newPassword } });
}
