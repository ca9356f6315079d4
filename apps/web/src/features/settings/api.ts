import { queryOptions } from '@tanstack/react-query';
import type { Profile, ProfileBody, SignedInDevice } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

export const profileKey = ['me', 'profile'] as const;
export const devicesKey = ['me', 'sessions'] as const;

/** The signed-in person's own profile (`GET /api/me/profile`): Settings, and the booking modal's phone. */
export const profileQuery = () => queryOptions({ queryKey: profileKey, queryFn: () => api<Profile>('/me/profile') });
export const devicesQuery = () => queryOptions({ queryKey: devicesKey, queryFn: () => api<SignedInDevice[]>('/me/sessions') });

/** Where a profile photo is uploaded (the same pipeline as car photos); its URL is then saved with the profile. */
export const PHOTO_UPLOAD_PATH = '/api/me/photo';

export const saveProfile = (body: ProfileBody) => api<Profile>('/me/profile', { method: 'PATCH', json: body });
export const requestEmailChange = (newEmail: string) => api<{ message: string }>('/me/email', { method: 'POST', json: { newEmail } });
/** better-auth's own change, which ends every other session of the account (the server forces it). */
export const changePassword = (currentPassword: string, newPassword: string) =>
  api<unknown>('/auth/change-password', { method: 'POST', json: { currentPassword, newPassword, revokeOtherSessions: true } });
export const signOutDevice = (id: string) => api<{ signedOut: number }>(`/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const signOutEverywhereElse = () => api<{ signedOut: number }>('/me/sessions/sign-out-others', { method: 'POST', json: {} });
