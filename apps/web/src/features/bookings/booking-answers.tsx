import type { BookingRequest } from '@second-gear/contract';

/** A seller's answers to a booking: Accept (or Change Time) with a time, Propose Time, Decline. */
export type Answer = 'accept' | 'propose' | 'decline';

/** Whether Decline is offered: unpaid, or paid with the money still held (declining refunds the buyer). */
export const declinable = ({ paid, money }: BookingRequest) => !paid || money?.state === 'held';

/**
 * The answers a booking still takes: all three while pending; a confirmed meeting can be moved, and
 * declined while unpaid or while its payment is held. Buttons only: the row lays them out with its others.
 */
export function Answers({ request, onAnswer }: { request: BookingRequest; onAnswer: (answer: Answer) => void }) {
  const { status } = request;
  if (status === 'declined' || status === 'cancelled') return null;
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
      {declinable(request) ? (
        <button type="button" className="btn btn-error btn-outline btn-sm" onClick={() => onAnswer('decline')}>
          Decline
        </button>
      ) : null}
    </>
  );
}
