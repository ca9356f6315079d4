import type { Pool } from 'pg';
import { GOOGLE_PROVIDER_ID } from './google.ts';

/** The callback's `?error=` code when Google has not verified the address (the web app words it). */
export const EMAIL_NOT_VERIFIED = 'email_not_verified';

/**
 * better-auth's `user.validateUserInfo`: a Google identity is used (to create an account, to link
 * to one, or to sign in again) only when its ID token says `email_verified: true`. Anything else
 * is refused before anything is written; the callback then ends on the completion page with
 * `?error=email_not_verified`, which takes the person back to the login page (decision 009).
 */
export function onlyVerifiedGoogleEmails(data: { user: { emailVerified?: unknown }; source: { oauth?: { providerId: string } } }) {
  if (data.source.oauth?.providerId !== GOOGLE_PROVIDER_ID || data.user.emailVerified === true) return;
  return { error: EMAIL_NOT_VERIFIED, errorDescription: 'Google has not verified this email address, so it cannot be used to sign in.' };
}

/**
 * A Google identity with a verified email was just linked to `userId`. If nobody had verified that
 * account's email (it was registered with a password, which proves nothing about the mailbox), the
 * password may be a squatter's: it ends, with every session of the account, and the email is now
 * verified. So does the second factor the squatter may have turned on, with its pending sign-ins and
 * remembered browsers: it guarded their password, and its code would otherwise be asked of the owner
 * (decision 033). The verified owner's own session is made after this (decision 009). One statement,
 * so it happens entirely or not at all; a no-op for an account whose email was already verified.
 */
export async function endUnverifiedPassword(pool: Pool, userId: string) {
  await pool.query(
    `with claimed as (
       update users set email_verified = true, two_factor_enabled = false, updated_at = now() where id = $1 and not email_verified returning id
     ),
     passwords as (delete from accounts where user_id in (select id from claimed) and provider_id = 'credential'),
     sessions as (delete from sessions where user_id in (select id from claimed)),
     secrets as (delete from two_factors where user_id in (select id from claimed)),
     pending as (delete from verifications where value in (select id from claimed) and (identifier like '2fa-%' or identifier like 'trust-device-%'))
     select count(*) from claimed`,
    [userId],
  );
}
