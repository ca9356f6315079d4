import type { PoolClient } from 'pg';

// What the end of a paid sale does to its booking, in the decision's transaction (decisions.ts).
// The money writes it here because bookings use the money, never the other way round; the
// bookings' own answers close them with the same calendar rule (bookings/requests.ts).

/**
 * Declining or cancelling a confirmed meeting moves its calendar event on one version (the
 * cancellation must outrank the invitation); a meeting never confirmed has no event.
 */
export const CLOSE_SEQUENCE = `calendar_sequence = b.calendar_sequence + (b.meeting_time is not null)::int`;

/**
 * A paid booking's money was refunded: the sale is off, so its booking closes too, if still open,
 * and neither party is offered an answer to it. The seller's Cancel sale declines it with their
 * reason; an admin's refund cancels it. (A decline or a cancellation that refunds closed it first.)
 */
export async function closeRefundedBooking(client: PoolClient, bookingId: string, close: { status: 'declined'; reason: string } | { status: 'cancelled' }) {
  await client.query(
    `update bookings b set status = $2, decline_reason = $3, proposed_time = null, status_changed_at = now(), ${CLOSE_SEQUENCE}
      where b.id = $1 and b.status in ('pending', 'confirmed')`,
    [bookingId, close.status, close.status === 'declined' ? close.reason : null],
  );
}

/** A paid booking's money was released: the buyer has the car, so a viewing time the seller proposed is moot. */
export async function withdrawProposalOfSold(client: PoolClient, bookingId: string) {
  await client.query('update bookings set proposed_time = null where id = $1 and proposed_time is not null', [bookingId]);
}
