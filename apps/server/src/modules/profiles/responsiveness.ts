import type { Pool } from 'pg';
import type { Responsiveness } from '@second-gear/contract';

// How a seller answers, as their public profile says it (issue 48): over the 90 days before `now`,
// measured from what the platform holds, so no seller can claim it and no buyer can skew it but by
// asking. Both measures leave out a request under a day old that is not answered yet: the seller may
// still answer it, and a seller asked an hour ago is not yet a seller who does not answer.
//
// - Messages: a case is a conversation whose buyer's first message was sent in the 90 days; it is
//   answered by the seller's first message after it (at or before `now`); the time is between the two.
// - Booking requests: a case is a booking of one of the seller's cars made in the 90 days, but those
//   the buyer cancelled and those the buyer paid for before any answer (nothing was left to answer);
//   it is answered when the seller accepted or declined it; the time is from the request to that
//   change of status.

/** The window the profile speaks of. */
export const RESPONSIVENESS_DAYS = 90;
/** A request still unanswered after this long counts as not answered. */
const STILL_OPEN = `interval '1 day'`;
const WINDOW = `interval '${RESPONSIVENESS_DAYS} days'`;

interface Row {
  cases: number;
  answered: number;
  median_seconds: number | null;
}

const toAnswer = (r: Row): Responsiveness => ({
  cases: r.cases,
  answered: r.answered,
  medianMinutes: r.median_seconds === null ? null : Math.round(r.median_seconds / 60),
});

/** The seller's answers to buyers' conversations, as of `now`. */
export async function messageResponsiveness(pool: Pool, sellerId: string, now: Date): Promise<Responsiveness> {
  const { rows } = await pool.query<Row>(
    `with asked as (
       select c.id,
              (select min(m.created_at) from messages m where m.conversation_id = c.id and m.sender_id = c.buyer_id and m.created_at <= $2) as asked_at
         from conversations c where c.seller_id = $1
     ), answers as (
       select a.asked_at,
              (select min(m.created_at) from messages m
                where m.conversation_id = a.id and m.sender_id = $1 and m.created_at >= a.asked_at and m.created_at <= $2) as answered_at
         from asked a
        where a.asked_at > $2::timestamptz - ${WINDOW}
     )
     select count(*) filter (where answered_at is not null or asked_at <= $2::timestamptz - ${STILL_OPEN})::int as cases,
            count(answered_at)::int as answered,
            percentile_cont(0.5) within group (order by extract(epoch from answered_at - asked_at)) as median_seconds
       from answers`,
    [sellerId, now],
  );
  return toAnswer(rows[0]!);
}

/** The seller's answers (Accept or Decline) to booking requests on their cars, as of `now`. */
export async function bookingResponsiveness(pool: Pool, sellerId: string, now: Date): Promise<Responsiveness> {
  const { rows } = await pool.query<Row>(
    `with requests as (
       select b.created_at as asked_at,
              case when b.status in ('confirmed', 'declined') and coalesce(b.status_changed_at, b.created_at) <= $2 then b.status_changed_at end as answered_at,
              b.status in ('confirmed', 'declined') and coalesce(b.status_changed_at, b.created_at) <= $2 as answered
         from bookings b join products p on p.id = b.product_id
        where p.seller_id = $1
          and b.created_at > $2::timestamptz - ${WINDOW} and b.created_at <= $2
          and b.status <> 'cancelled'
          and not (b.paid and b.status = 'pending')
     )
     select count(*) filter (where answered or asked_at <= $2::timestamptz - ${STILL_OPEN})::int as cases,
            count(*) filter (where answered)::int as answered,
            percentile_cont(0.5) within group (order by extract(epoch from answered_at - asked_at)) as median_seconds
       from requests`,
    [sellerId, now],
  );
  return toAnswer(rows[0]!);
}
