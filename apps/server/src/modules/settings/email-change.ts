import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Actor } from '../../auth/actor.ts';
import { addressKey } from '../../auth/client-address.ts';
import { CONFIRM_PAGE, CONFIRM_PER_ADDRESS, CONFIRM_PER_PERSON } from '../../auth/email-confirmation.ts';
import { hasPassword } from '../../auth/password-reset.ts';
import { RateLimits } from '../../auth/rate-limits.ts';
import { AppError, waitWords } from '../../errors.ts';
import { accountEmailOutbox } from '../notifications/account-email.ts';

/**
 * An email change asked for in Settings. better-auth's own change (`changeEmail`) sends the new
 * address a link (email-confirmation.ts) and changes nothing until it is opened; for an address
 * another account uses it sends nothing, and the answer here is the same either way. The current
 * address is told, so that an owner whose session someone else holds learns of it. Each request is
 * counted like a confirmation email, per account and per client address, before anything is looked up.
 * Once the link is opened, the copies of the address on the account's cars, bookings, payments and
 * waiting emails change with it (trigger users_email_copies, migration 0034); what the account owns
 * was never its address's, but its id's.
 */
export async function requestEmailChange(req: FastifyRequest, actor: Actor, newEmail: string): Promise<{ message: string }> {
  const { pg: pool, auth, config } = req.server;
  if (!(await hasPassword(pool, actor.id))) {
    throw new AppError('BAD_REQUEST', 'Your account signs in with Google, so its email is your Google account’s and cannot be changed here.');
  }
  if (newEmail === actor.email) throw new AppError('BAD_REQUEST', 'This is already your email.');
  const minutes = await new RateLimits(pool).take([
    { key: `email-change:${actor.id}`, limit: CONFIRM_PER_PERSON },
    { key: `email-change:${addressKey(req.ip)}`, limit: CONFIRM_PER_ADDRESS },
  ]);
  if (minutes > 0) throw new AppError('TOO_MANY_REQUESTS', `Too many email changes. Try again in ${waitWords(minutes)}.`, minutes * 60);
  await auth.api.changeEmail({ headers: fromNodeHeaders(req.headers), body: { newEmail, callbackURL: `${config.publicUrl}${CONFIRM_PAGE}` } });
  await accountEmailOutbox(pool)({
    userId: actor.id,
    subject: 'Your Second Gear email is being changed',
    body: [
      `Hello ${actor.name},`,
      `Someone signed in to your Second Gear account asked to use ${newEmail} as its email instead of this address. A link was sent there; nothing changes until it is opened.`,
      `If that was not you, someone else is signed in to your account: ask for a new password at ${config.publicUrl}/forgot-password, which signs every device out.`,
    ].join('\n\n'),
  });
  return { message: `If ${newEmail} can be used, we sent a link to it. Your email changes when the link is opened; until then you sign in with ${actor.email}.` };
}
