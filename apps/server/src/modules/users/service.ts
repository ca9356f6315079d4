import type { Pool } from 'pg';
import type { Role, UserRecordBody } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { assertOwnEmail } from '../../auth/guards.ts';

/**
 * `POST /users` of the first client (docs/product.md, "The API's compatible shapes"). The record is created with the account at sign-up
 * (one transaction), so this call only confirms it: for the caller's own email, never changing a
 * role, and answering as the original did for an email it already knew.
 */
export function confirmUserRecord(actor: Actor, body: UserRecordBody) {
  assertOwnEmail(actor, body.email);
  return { acknowledged: false, message: `Already Registered with Email ${actor.email}` };
}

/** The role of the user with this email, for the three role lookups (`{ isAdmin }`, `{ isSeller, isVerified }`, `{ isBuyer }`). */
export async function roleOf(pool: Pool, actor: Actor, email: string): Promise<{ role: Role; verified: boolean } | null> {
  assertOwnEmail(actor, email, { adminMayAsk: true });
  if (email === actor.email) return { role: actor.role, verified: actor.verified };
  const { rows } = await pool.query<{ role: Role; verified: boolean }>('select role, verified from users where email = $1', [email]);
  return rows[0] ?? null;
}
