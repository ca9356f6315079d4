import type { SendAccountEmail } from './account-email.ts';

/**
 * The account email after `npm run admin -- reset-2fa`: the owner learns that their second factor
 * is gone, and what to do if they did not ask for it.
 */
export function twoFactorResetEmail(user: { id: string; name: string }, publicUrl: string): Parameters<SendAccountEmail>[0] {
  return {
    userId: user.id,
    subject: 'Two-factor sign-in was turned off on your Second Gear account',
    body: [
      `Hello ${user.name},`,
      'An administrator of Second Gear turned off two-factor sign-in on your account and signed it out on every device, as asked for when the codes are lost.',
      `Sign in with your password, then turn two-factor sign-in on again in Settings: ${publicUrl}/dashboard/settings`,
      `If you did not ask for this, someone else may have: choose a new password now at ${publicUrl}/forgot-password and tell us.`,
    ].join('\n\n'),
  };
}
