import type { BookingRequest } from '@second-gear/contract';

/** A seller's answers to a booking: Accept (or Change Time) with a time, Propose Time, Decline. */
export type Answer = 'accept' | 'propose' | 'decline';

/**
 * Whether the booking still takes answers, as the server decides it (bookings/requests.ts): unpaid,
 * or paid with the money still held (declining refunds the buyer). Once the money is released or
 * refunded the sale is decided, and there is nothing to accept, move or decline.
 */
const answerable = ({ paid, money }: BookingRequest) => !paid || money?.state === 'held';

/**
 * The answers a booking still takes: all three while pending; a confirmed meeting can be moved or
 * declined. None once it is declined, cancelled, or its sale decided. Buttons only: the row lays
 * them out with its others.
 */
export function Answers({ request, onAnswer }: { request: BookingRequest; onAnswer: (answer: Answer) => void }) {
  const { status } = request;
  if (status === 'declined' || status === 'cancelled' || !answerable(request)) return null;
  return (
    <>
      {status === 'pending' ? (
        <>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => onAnswer('accept')}>
            Accept
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => onAnswer('propose')}>
            Propose Time
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onAnswer('accept')}>
          Change Time
        </button>
      )}
      <button type="button" className="btn btn-error btn-outline btn-sm" onClick={() => onAnswer('decline')}>
        Decline
      </button>
    </>
  );
}
