import type { Pool } from 'pg';
import { waitWords } from '../errors.ts';
import { tooMany } from './auth-limits.ts';
import { clientAddress } from './client-address.ts';
import { RateLimits, type Limit } from './rate-limits.ts';
import type { SendAccountEmail } from './account-email.ts';

/** How long a confirmation link works. better-auth's token is signed, not stored: it works until then. */
export const CONFIRM_LINK_SECONDS = 24 * 60 * 60;

/** Confirmation emails to one account (the sign-up's own included): nobody floods a mailbox with them. */
export const CONFIRM_PER_PERSON: Limit = { max: 5, minutes: 60 };
/** Confirmation emails asked for from one client address, whatever the accounts. */
export const CONFIRM_PER_ADDRESS: Limit = { max: 20, minutes: 60 };

/** Where the link ends (the web app's page): `?error=` when the token was refused, else confirmed. */
export const CONFIRM_PAGE = '/confirm-email';

interface ConfirmedUser {
  id: string;
  name: string;
  /** The account's address, or the new one an email change asks to confirm. */
  email: string;
}

/**
 * better-auth's `emailVerification` options. A sign-up with a password sends a link to the address;
 * opening it marks the email verified (`users.email_verified`) and nothing more: it signs nobody in
 * (no `autoSignInAfterVerification`), since a link is no way past two-factor sign-in (decision 033).
 * A browser already signed in stays as it was. Signing in never waits for it: until then the account
 * may do everything but reach other people by email, messages and saved-search alerts
 * (docs/security.md, "Confirmed email").
 *
 * The link is built here rather than taken from better-auth, so that it always ends on the web
 * app's confirmation page whatever a client asked for. The email goes through the outbox as an
 * account email (no bell entry: whoever is signed in to an unconfirmed account must not read the
 * link there, or a squatter could confirm someone else's address).
 */
export function emailConfirmation(pool: Pool, publicUrl: string, send: SendAccountEmail) {
  const limits = new RateLimits(pool);
  return {
    sendOnSignUp: true,
    expiresIn: CONFIRM_LINK_SECONDS,
    async sendVerificationEmail({ user, token }: { user: ConfirmedUser; token: string }) {
      const link = `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(`${publicUrl}${CONFIRM_PAGE}`)}`;
      // better-auth's email change (POST /api/me/email, which counted it) names the new address as the user's.
      if (user.email !== (await addressOf(pool, user.id))) {
        await send({ userId: user.id, to: user.email, subject: 'Confirm your new email address', body: newAddressBody(user, link) });
        return;
      }
      const address = clientAddress();
      const minutes = await limits.take([
        { key: `confirm:${user.id}`, limit: CONFIRM_PER_PERSON },
        ...(address === undefined ? [] : [{ key: `confirm:${address}`, limit: CONFIRM_PER_ADDRESS }]),
      ]);
      if (minutes > 0) throw tooMany(`Too many confirmation emails. Try again in ${waitWords(minutes)}.`, minutes);
      await send({
        userId: user.id,
        subject: 'Confirm your email address',
        body: [
          `Hello ${user.name},`,
          'Please confirm that this is your email address on Second Gear by opening this link:',
          link,
          'The link works for 24 hours. Until you confirm, Second Gear sends you no other email, and you cannot send messages or save searches.',
          'If you did not create a Second Gear account, you can ignore this email: nothing will be sent to you.',
        ].join('\n\n'),
      });
    },
  };
}

function newAddressBody(user: ConfirmedUser, link: string) {
  return [
    `Hello ${user.name},`,
    `You asked to use this address, ${user.email}, for your Second Gear account. Confirm it by opening this link:`,
    link,
    'The link works for 24 hours. Until it is opened, your account keeps its current email.',
    'If you did not ask, you can ignore this email: nothing changes.',
  ].join('\n\n');
}

async function addressOf(pool: Pool, userId: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ email: string }>('select email from users where id = $1', [userId]);
  return rows[0]?.email;
}
