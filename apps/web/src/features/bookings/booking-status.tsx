import type { BookingStatus } from '@second-gear/contract/constants';
import { formatDateTime } from '../../lib/format.ts';

/** What both parties' lists need to say where a booking stands. */
export interface BookingState {
  status?: BookingStatus | undefined;
  meetingTime?: string | null | undefined;
  proposedTime?: string | null | undefined;
  declineReason?: string | null | undefined;
}

// The soft badges of My Products, with text dark enough on the pale amber and red (WCAG AA).
const badge: Record<BookingStatus, string> = {
  pending: 'badge-warning badge-soft text-amber-900',
  confirmed: 'badge-success badge-soft',
  declined: 'badge-error badge-soft text-red-800',
  cancelled: 'badge-neutral badge-soft',
};

/**
 * A booking's status in words (docs/product.md, "Booking requests"): `Pending`, `Confirmed for
 * {date and time}`, `Declined` (with the seller's reason), `Cancelled`; a pending booking with
 * the seller's counter proposal says so, to the buyer as "Seller proposed {time}".
 */
export function statusText(b: BookingState, reader: 'buyer' | 'seller'): string {
  const status = b.status ?? 'pending';
  if (status === 'confirmed' && b.meetingTime) return `Confirmed for ${formatDateTime(b.meetingTime)}`;
  if (status === 'declined') return b.declineReason ? `Declined: ${b.declineReason}` : 'Declined';
  if (status === 'cancelled') return 'Cancelled';
  if (b.proposedTime) return reader === 'buyer' ? `Seller proposed ${formatDateTime(b.proposedTime)}` : `Pending: you proposed ${formatDateTime(b.proposedTime)}`;
  return status === 'confirmed' ? 'Confirmed' : 'Pending';
}

/**
 * What `Pending` means to the buyer, beside the word itself (the specification's status stays
 * `Pending`): nothing is wrong, the seller has not answered yet. Null for every other state, which
 * says what happens next in its own words.
 */
export function statusExplanation(b: BookingState, reader: 'buyer' | 'seller'): string | null {
  const pending = (b.status ?? 'pending') === 'pending' && !b.proposedTime;
  return pending && reader === 'buyer' ? 'Waiting for the seller to accept a time' : null;
}

export function BookingStatusBadge({ booking, reader }: { booking: BookingState; reader: 'buyer' | 'seller' }) {
  const status = booking.status ?? 'pending';
  const explanation = statusExplanation(booking, reader);
  return (
    <>
      <span className={`badge ${badge[status]} h-auto min-h-6 min-w-0 shrink py-0.5 text-start whitespace-normal`} data-testid="booking-status">
        {statusText(booking, reader)}
      </span>
      {/* Plain text under the badge, so a screen reader reads it with the row, as everyone sees it. */}
      {explanation ? <p className="mt-1 text-xs text-base-content/70">{explanation}</p> : null}
    </>
  );
}
