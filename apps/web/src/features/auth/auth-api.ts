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

export function signInEmail({ email, password }: SignInInput) {
  return api<{ user: SessionUser; token: string }>('/auth/sign-in/email', {
    method: 'POST',
    json: { email, password },
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
