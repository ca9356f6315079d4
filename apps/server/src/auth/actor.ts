import type { Role } from '@second-gear/contract';
import type { Clock } from '@second-gear/contract/constants';

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
  /** The time zone and locale the person reads dates in (users.time_zone, users.locale); absent or null: UTC, en-US. */
  clock?: Clock;
}
