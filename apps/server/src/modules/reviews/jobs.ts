import type { Task } from 'graphile-worker';
import type { Pool } from 'pg';
import { clockOrUtc, reviewLimits, writeDate, type Clock } from '@second-gear/contract/constants';
import { inTransaction } from '../../db/pool.ts';
import { clockOf, notify } from '../notifications/notify.ts';
import { writeUntil } from './service.ts';

export const REMIND_REVIEWS = 'remind_reviews';

/**
 * Every hour: the buyer and the seller of a sale released reviewLimits.reminderAfterDays ago who have
 * not reviewed it are reminded once, by the bell and by email. Once is the notification's key
 * (`review:{payment}:reminder`, one per person): a run that finds a reminder told before adds
 * nothing, and the query skips those already told, so every run reads only the new ones. A written
 * review stops it; so does the window's end, a problem reported on the sale or a deleted account.
 */
export const REMIND_REVIEWS_CRONTAB = `17 * * * * ${REMIND_REVIEWS}`;

export const remindReviewsTask =
  (pool: Pool): Task =>
  async () => {
    await remindReviews(pool, new Date());
  };

/** At most this many reminders a run; the next hour takes the rest. */
const REMINDERS_PER_RUN = 500;

const eventKey = (paymentId: string) => `review:${paymentId}:reminder`;

/** Reminds everyone due a reminder at `now`; returns how many were told. */
export async function remindReviews(pool: Pool, now: Date): Promise<number> {
  const { rows } = await pool.query<{
    payment_id: string;
    user_id: string;
    role: 'buyer' | 'seller';
    other_name: string;
    product_name: string;
    released_at: Date;
    clock: Clock | null;
  }>(
    `select pay.id as payment_id, side.user_id, side.role, other.name as other_name, pay.released_at,
            coalesce(b.product_name, p.product_name, 'the car') as product_name, ${clockOf('side.user_id')} as clock
       from payments pay
       cross join lateral (values (pay.buyer_id, 'buyer', pay.seller_id), (pay.seller_id, 'seller', pay.buyer_id)) side (user_id, role, other_id)
       join users u on u.id = side.user_id and u.deleted_at is null
       join users other on other.id = side.other_id and other.deleted_at is null
       left join bookings b on b.id = pay.booking_id
       left join products p on p.id = pay.product_id
      where pay.state = 'released'
        and pay.released_at <= $1::timestamptz - make_interval(days => $2)
        and pay.released_at > $1::timestamptz - make_interval(days => $3)
        and not exists (select 1 from disputes d where d.payment_id = pay.id)
        and not exists (select 1 from reviews r where r.payment_id = pay.id and r.author_role = side.role)
        and not exists (select 1 from notifications n where n.user_id = side.user_id and n.event_key = 'review:' || pay.id || ':reminder')
      order by pay.released_at
      limit ${REMINDERS_PER_RUN}`,
    [now, reviewLimits.reminderAfterDays, reviewLimits.days],
  );
  let told = 0;
  for (const r of rows) {
    const until = writeDate(writeUntil(r.released_at), clockOrUtc(r.clock));
    const page = r.role === 'buyer' ? '/dashboard/myorders' : '/dashboard/bookings';
    const where = r.role === 'buyer' ? 'My Orders' : 'Booking Requests';
    const news = await inTransaction(pool, (client) =>
      notify(client, {
        userId: r.user_id,
        eventKey: eventKey(r.payment_id),
        kind: 'review_reminder',
        title: `How did the sale of ${r.product_name} go? Review ${r.other_name}`,
        body: `Write a review of ${r.other_name} on ${where} until ${until}: 1 to 5 stars and a few words. Neither of you sees the other's review until both are in, or until ${until}.`,
        link: page,
      }),
    );
    if (news) told++;
  }
  return told;
}
