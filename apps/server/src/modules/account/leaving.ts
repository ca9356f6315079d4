import type { Pool, PoolClient } from 'pg';
import type { Actor } from '../../auth/actor.ts';
import type { Limit, RateLimits } from '../../auth/rate-limits.ts';
import { inTransaction } from '../../db/pool.ts';
import { AppError, waitWords } from '../../errors.ts';
import { removeFromMarket } from '../cars/leaving-market.ts';
import { unsettledMoney } from '../money/unsettled.ts';
import { writeAccountEmail } from '../notifications/account-email.ts';
import { forgetPictures } from './leaving-pictures.ts';

/** What a deleted account is shown as wherever it took part: conversations, sale records. */
export const DELETED_NAME = 'Deleted user';

/** Wrong passwords when deleting an account: as many as at sign-in, for the same time. */
export const DELETE_PASSWORD_TRIES: Limit = { max: 5, minutes: 15 };

/** An account that signs in with Google only confirms with a Google sign-in made this recently. */
export const FRESH_SIGN_IN_MINUTES = 10;

/** How the caller proved, just now, that they are the account's owner. */
export interface Proof {
  password?: string;
  /** When the request's own session began. */
  signedInAt: Date;
}

export interface LeavingDeps {
  pool: Pool;
  limits: RateLimits;
  /** better-auth's own check of a password against its stored hash. */
  checkPassword: (hash: string, password: string) => Promise<boolean>;
}

/**
 * Deletes the caller's own account. Sign-ins and sessions end at once; unsold cars, unpaid bookings,
 * alerts, the wishlist, notifications, files of data and pictures go (the files of the pictures just
 * after, leaving-pictures.ts); paid orders, sold cars and payments stay
 * as sale records without the person's name or contact; the person's row stays as "Deleted user" so
 * that the other side of a conversation or a sale still has someone to point at, with an address
 * that receives nothing, so the email is free for a new sign-up. The owner is told at the address
 * the account had.
 *
 * Refused (and nothing changed) while money is held or owed (money/unsettled.ts), and without proof: the password of an account that has one, else a Google sign-in within minutes.
 */
export async function deleteOwnAccount(deps: LeavingDeps, actor: Actor, proof: Proof): Promise<void> {
  await checkProof(deps, actor, proof);
  await inTransaction(deps.pool, async (client) => {
    const { rows } = await client.query<{ email: string }>('select email from users where id = $1 and deleted_at is null for update', [actor.id]);
    if (!rows[0]) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    const unsettled = await unsettledMoney(client, actor.id, 'self');
    if (unsettled) throw new AppError('CONFLICT', unsettled);
    await removeFromMarket(client, actor.id);
    await forgetPictures(client, actor.id);
    await forgetPerson(client, actor.id);
    // Written before the address is replaced: it goes to the address the account had.
    await writeAccountEmail(client, {
      userId: actor.id,
      subject: 'Your Second Gear account was deleted',
      body: [
        `Hello ${actor.name},`,
        '',
        'Your Second Gear account was deleted, as you asked. You are signed out everywhere, and your cars on sale, bookings, alerts and wishlist are gone.',
        'Paid orders and sales stay on record for the other party, without your name or contact.',
        '',
        'If you did not do this, reply to this email at once.',
      ].join('\n'),
    });
    await anonymise(client, actor.id);
  });
}

async function checkProof(deps: LeavingDeps, actor: Actor, proof: Proof) {
  const { rows } = await deps.pool.query<{ password: string | null }>(
    `select password from accounts where user_id = $1 and provider_id = 'credential' and password is not null`,
    [actor.id],
  );
  const hash = rows[0]?.password;
  if (!hash) {
    if (Date.now() - proof.signedInAt.getTime() > FRESH_SIGN_IN_MINUTES * 60_000) {
      throw new AppError('FORBIDDEN', `Sign in with Google again to confirm: deleting an account needs a sign-in from the last ${FRESH_SIGN_IN_MINUTES} minutes.`);
    }
    return;
  }
  if (proof.password === undefined) throw new AppError('BAD_REQUEST', 'Enter your password to confirm.');
  const key = `delete-account:${actor.id}`;
  const minutes = await deps.limits.take([{ key, limit: DELETE_PASSWORD_TRIES }]);
  if (minutes) throw new AppError('TOO_MANY_REQUESTS', `Too many wrong passwords. Try again in ${waitWords(minutes)}.`, minutes * 60);
  // A 400, as better-auth answers a wrong current password: the field is wrong, not the person.
  if (!(await deps.checkPassword(hash, proof.password))) throw new AppError('BAD_REQUEST', 'The password is not right.');
  // A right password is not a failed try.
  await deps.limits.giveBack([key]);
}

/** Everything that is about the person alone: it goes. */
async function forgetPerson(client: PoolClient, id: string) {
  await client.query(
    `with wishlist as (delete from wishlist_entries w where w.buyer_id = $1 and not exists (select 1 from payments pay where pay.wishlist_entry_id = w.id)),
          alerts as (delete from saved_searches where user_id = $1),
          bell as (delete from notifications where user_id = $1),
          unsent as (delete from email_outbox where user_id = $1 and sent_at is null and given_up_at is null),
          reports as (delete from reports where reporter_id = $1),
          unsubscribed as (delete from email_unsubscribes where user_id = $1),
          uploads as (delete from image_uploads where owner_id = $1),
          attempts as (delete from payment_attempts where buyer_id = $1),
          payout as (delete from payout_accounts where seller_id = $1),
          files as (delete from data_exports where user_id = $1),
          links as (delete from verifications where value = $1),
          codes as (delete from two_factors where user_id = $1),
          logins as (delete from accounts where user_id = $1)
     delete from sessions where user_id = $1`,
    [id],
  );
}

/** What stays (sale records, conversations) keeps no name or contact of the person. */
async function anonymise(client: PoolClient, id: string) {
  await client.query(`update bookings set buyer_name = $2, buyer_email = '', phone = '' where buyer_id = $1`, [id, DELETED_NAME]);
  await client.query(`update payments set buyer_email = '' where buyer_id = $1`, [id]);
  await client.query(`update products set seller_name = $2, seller_email = '', mobile = '—' where seller_id = $1`, [id, DELETED_NAME]);
  await client.query(
    `update users set name = $2, email = 'deleted-' || lower(id) || '@deleted.invalid', image = null, phone = null, time_zone = null, locale = null, email_verified = false,
            verified = false, two_factor_enabled = false, deleted_at = now(), updated_at = now()
      where id = $1`,
    [id, DELETED_NAME],
  );
}
