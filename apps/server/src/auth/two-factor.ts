import { twoFactor } from 'better-auth/plugins';

/** How long `Remember this device for 30 days` spares a browser the code (better-auth's trusted device). */
export const TRUST_DEVICE_DAYS = 30;

/**
 * The cookie better-auth sets between a correct password and its code, naming the pending sign-in
 * (the plugin's TWO_FACTOR_COOKIE_NAME, which it does not export). The code limits read whose
 * sign-in it is (auth-limits.ts).
 */
export const TWO_FACTOR_CHALLENGE_COOKIE = 'two_factor';

/** The calls that check a code: an authenticator app's, or a backup code. */
export const CODE_CHECKS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/** The plugin's calls this product does not offer: codes sent by email or text message (only an authenticator app and backup codes). */
export const UNOFFERED_TWO_FACTOR_PATHS = ['/two-factor/send-otp', '/two-factor/verify-otp'];

/**
 * Two-factor sign-in with an authenticator app (TOTP, six digits, 30 seconds) and ten single-use
 * backup codes, all better-auth's twoFactor plugin: turning it on asks for the password and is
 * confirmed with a first code; a password sign-in of such an account answers `twoFactorRedirect`
 * instead of a session until a code is given. Google sign-ins are not asked (decision 023).
 * Secret and backup codes are stored encrypted under the auth secret (migration 0027).
 */
export function twoFactorSignIn() {
  return twoFactor({
    issuer: 'Second Gear',
    trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
    // Wrong codes are limited by our own counters, per account and per client address, with a 429
    // that says when to try again (auth-limits.ts); better-auth's lock would say only "later".
    accountLockout: { enabled: false },
    schema: {
      user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
      twoFactor: {
        modelName: 'two_factors',
        fields: {
          userId: 'user_id',
          backupCodes: 'backup_codes',
          failedVerificationCount: 'failed_verification_count',
          lockedUntil: 'locked_until',
        },
      },
    },
  });
}
