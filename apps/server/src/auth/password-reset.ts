import type { Pool } from 'pg';
import type { SendAccountEmail } from './account-email.ts';

/** How long a reset link works: one hour, and once (better-auth consumes its token). */
export const RESET_LINK_SECONDS = 60 * 60;

/** Where the link ends (the web app's page): `?token=` while it works, `?error=INVALID_TOKEN` once used or expired. */
export const RESET_PAGE = '/reset-password';

interface ResetUser {
  id: string;
  name: string;
}

/**
 * better-auth's `emailAndPassword.sendResetPassword` and `onPasswordReset`: the emails of a reset.
 * The answer to a reset request is the same whatever the account (better-auth's own); what differs
 * is only the email, which reaches the mailbox's owner alone.
 *
 * An account without a password (Google only) gets no link: better-auth would give the account a
 * password with it, a second way in its owner never chose. Its token is deleted at once, and the
 * email says to use CONTINUE WITH GOOGLE.
 *
 * The link is better-auth's check of the token (`GET /api/auth/reset-password/:token`), which leads
 * to the web app's page with the token, or with `?error=INVALID_TOKEN` when it was used or has
 * expired, so the page says so before anyone types a password. It is built here, like the
 * confirmation link, so that it always ends on that page whatever a client asked for.
 */
export function passwordResetEmails(pool: Pool, publicUrl: string, send: SendAccountEmail) {
  const greeting = (user: ResetUser) => `Hello ${user.name},`;
  return {
    async sendResetPassword({ user, token }: { user: ResetUser; token: string }) {
      if (!(await hasPassword(pool, user.id))) {
        await pool.query('delete from verifications where identifier = $1', [`reset-password:${token}`]);
        await send({
          userId: user.id,
          subject: 'Your Second Gear account signs in with Google',
          body: [
            greeting(user),
            'Someone asked to reset the password of your Second Gear account, but it has no password: you sign in with Google.',
            `Use CONTINUE WITH GOOGLE on the login page: ${publicUrl}/login`,
            'If you did not ask, you can ignore this email.',
          ].join('\n\n'),
        });
        return;
      }
      await send({
        userId: user.id,
        subject: 'Reset your Second Gear password',
        body: [
          greeting(user),
          'Someone, hopefully you, asked to reset the password of your Second Gear account. Choose a new password here:',
          `${publicUrl}/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent(`${publicUrl}${RESET_PAGE}`)}`,
          'The link works once, for one hour. Choosing a new password signs your account out on every device.',
          'If you did not ask, you can ignore this email: your password stays as it is.',
        ].join('\n\n'),
      });
    },
    onPasswordReset: ({ user }: { user: ResetUser }) => passwordChanged(publicUrl, send, user, 'reset'),
  };
}

/**
 * Tells the owner that the account's password changed, with a reset link (every device signed out)
 * or in Settings (every other device signed out): whoever did not do it learns so at once.
 */
export async function passwordChanged(publicUrl: string, send: SendAccountEmail, user: ResetUser, how: 'reset' | 'settings') {
  const lines =
    how === 'reset'
      ? [
          'The password of your Second Gear account was just changed with a reset link, and every device was signed out.',
          `If that was you, sign in with the new password: ${publicUrl}/login`,
          `If it was not you, someone can read your email: secure your mailbox, then ask for a new link at ${publicUrl}/forgot-password`,
        ]
      : [
          'The password of your Second Gear account was just changed in Settings, and every other device was signed out.',
          'If that was you, there is nothing more to do.',
          `If it was not you, someone else is signed in to your account: ask for a new password at ${publicUrl}/forgot-password, which signs every device out.`,
        ];
  await send({ userId: user.id, subject: 'Your Second Gear password was changed', body: [`Hello ${user.name},`, ...lines].join('\n\n') });
}

/** Whether the account has a password (an account made through Google has none). */
export async function hasPassword(pool: Pool, userId: string): Promise<boolean> {
  const { rowCount } = await pool.query(`select 1 from accounts where user_id = $1 and provider_id = 'credential' and password is not null`, [userId]);
  return rowCount !== 0;
}
