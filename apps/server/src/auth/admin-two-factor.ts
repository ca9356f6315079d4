import type { Config } from '../config.ts';
import type { Actor } from './actor.ts';

/** The refusal of an admin call by an admin without two-factor sign-in. */
export const TWO_FACTOR_FIRST = 'Admins must turn on two-factor sign-in first: open Settings, then Two-factor sign-in.';

/**
 * Whether this person is an admin who must turn on two-factor sign-in before any admin page or
 * call: every admin, except the demo admin where the configuration exempts it (Config.adminTwoFactorExempt).
 * A Google-only account cannot turn it on (it has no password to guard), so it cannot act as an admin
 * (decision 023).
 */
export function adminNeedsTwoFactor(config: Pick<Config, 'adminTwoFactorExempt'>, actor: Actor): boolean {
  return actor.role === 'admin' && !actor.twoFactorEnabled && !config.adminTwoFactorExempt.includes(actor.email);
}
