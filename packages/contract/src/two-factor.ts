import { z } from 'zod';

/** `GET /two-factor`: no parameters. */
export const twoFactorStatusQuery = z.object({}).strict();

/** `GET /two-factor`: the caller's two-factor sign-in, for Settings and for the admin pages' setup step. */
export const twoFactorStatus = z.object({
  /** A code is asked after the password at every sign-in (unless the browser is remembered). */
  enabled: z.boolean(),
  /** The account is an admin that must turn it on before any admin page or call (docs/security.md). */
  required: z.boolean(),
  /** The account has a password: two-factor sign-in guards it, and turning it on or off asks for it. Google-only accounts have none. */
  passwordSignIn: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** What the sign-in answers instead of a session when the account asks for a code (better-auth's twoFactor plugin). */
export const twoFactorChallenge = z.object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) });
