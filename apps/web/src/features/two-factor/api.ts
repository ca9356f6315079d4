import { useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@second-gear/contract';
import { api } from '../../lib/api.ts';
import { useAuth } from '../auth/index.ts';

/** `GET /two-factor`, keyed by the person: on or off, required (admins), and whether the account has a password. */
export function useTwoFactorStatus() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  return useQuery({
    queryKey: ['two-factor', email],
    queryFn: () => api<TwoFactorStatus>('/two-factor'),
    enabled: email !== '',
  });
}

/** better-auth's twoFactor calls (the server's auth/two-factor.ts); each asks for the password. */
export function beginSetup(password: string) {
  return api<{ totpURI: string; backupCodes: string[] }>('/auth/two-factor/enable', { method: 'POST', json: { password } });
}

/** Confirms the setup with the app's first code; the server then replaces the session. */
export function confirmSetup(code: string) {
  return api<unknown>('/auth/two-factor/verify-totp', { method: 'POST', json: { code } });
}

export function turnOff(password: string) {
  return api<{ status: boolean }>('/auth/two-factor/disable', { method: 'POST', json: { password } });
}

export function newBackupCodes(password: string) {
  return api<{ backupCodes: string[] }>('/auth/two-factor/generate-backup-codes', { method: 'POST', json: { password } });
}

/** The secret of an `otpauth://` address, for typing into an app by hand (Base32, in groups of four). */
export function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
