import type { Role } from '@second-gear/contract';

/** The signed-in person a service acts for; every service function takes one. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
  verified: boolean;
  /** Whether the person opened the link sent to their email (users.email_verified), or Google vouched for it. */
  emailConfirmed: boolean;
  /** Whether a password sign-in asks for a code too (users.two_factor_enabled, auth/two-factor.ts). */
  twoFactorEnabled: boolean;
}
