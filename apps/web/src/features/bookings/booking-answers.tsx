import type { BookingRequest } from '@second-gear/contract';

/** A seller's answers to a booking: Accept (or Change Time) with a time, Propose Time, Decline. */
export type Answer = 'accept' | 'propose' | 'decline';

/** The answers a booking still takes: all three while pending; a confirmed unpaid meeting can be moved or declined. */
export function Answers({ request, onAnswer }: { request: BookingRequest; onAnswer: (answer: Answer) => void }) {
  const { status, paid } = request;
  if (status === 'declined' || status === 'cancelled') return null;
  return (
    <div className="flex flex-wrap justify-end gap-2">
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
      {paid ? null : (
        <button type="button" className="btn btn-error btn-outline btn-sm" onClick={() => onAnswer('decline')}>
          Decline
        </button>
      )}
    </div>
  );
}
