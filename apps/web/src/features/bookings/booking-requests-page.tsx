import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { BookingChange, BookingRequest } from '@second-gear/contract';
import { useLiveEvent } from '../../lib/live-events.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { pictureAndName, type Column } from '../../ui/data-list.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { formatCents } from '../../lib/format.ts';
import { MoneyStatus, useCancelSale } from '../money/index.ts';
import { SaleReviewStatus, Stars, WriteReviewButton } from '../reviews/index.ts';
import { DeclineDialog, TimeDialog } from './answer-dialogs.tsx';
import { Answers, type Answer } from './booking-answers.tsx';
import { AgreedPrice } from './agreed-price.tsx';
import { BookingStatusBadge } from './booking-status.tsx';
import { acceptBooking, bookingRequestsKey, bookingRequestsQuery, declineBooking, proposeTime } from './requests-api.ts';

interface Open {
  answer: Answer;
  request: BookingRequest;
}

const answered: Record<Answer, string> = { accept: 'Meeting confirmed', propose: 'Time proposed to the buyer', decline: 'Booking declined' };

/**
 * Booking Requests (docs/product.md): the bookings on the seller's cars, newest first, and the
 * seller's answers: Accept with a date and time, Propose Time, or Decline with an optional reason;
 * once paid, where the money stands, and `Cancel sale` while it is held.
 */
export default function BookingRequestsPage() {
  const queryClient = useQueryClient();
  const requests = useQuery(bookingRequestsQuery());
  const [open, setOpen] = useState<Open | null>(null);
  // Kept while the dialog closes, so its text does not vanish under the closing animation.
  const [shown, setShown] = useState<Open | null>(null);
  if (open && open !== shown) setShown(open);

  // A new booking or the buyer's cancellation shows while the page is open.
  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingRequestsKey });
  useLiveEvent('booking', () => void refresh());
  useLiveEvent('reconnected', () => void refresh());
  const cancelSale = useCancelSale(refresh);

  const change = useMutation({
    mutationFn: ({ answer, id, value }: { answer: Answer; id: string; value: string }): Promise<BookingChange> =>
      answer === 'accept'
        ? acceptBooking(id, { meetingTime: value, seenStatus: open?.request.status === 'confirmed' ? 'confirmed' : 'pending' })
        : answer === 'propose'
          ? proposeTime(id, { time: value })
          : declineBooking(id, value ? { reason: value } : {}),
    onSuccess: (_change, { answer }) => {
      toast.success(answered[answer]);
      setOpen(null);
    },
    // A refusal says what happened meanwhile (the buyer cancelled, …): the list shows it after the refetch.
    onError: (error) => {
      toast.error(errorMessage(error));
      setOpen(null);
    },
    onSettled: refresh,
  });
  const busy = change.isPending;
  const close = () => {
    if (!busy) setOpen(null);
  };

  const columns: Column<BookingRequest>[] = [
    ...pictureAndName<BookingRequest>('Car', (r) => r.image, (r) => (
      <>
        {r.productName}
        <AgreedPrice request={r} />
      </>
    )),
    {
      label: 'Buyer',
      cell: (r) => (
        <div className="flex flex-col gap-0.5 @max-4xl:items-end">
          <span className="[overflow-wrap:anywhere]">{r.buyerName}</span>
          {/* The stars sellers gave this buyer in their shown reviews. */}
          {r.buyerRating ? <Stars average={r.buyerRating.average} count={r.buyerRating.count} /> : null}
        </div>
      ),
    },
    { label: 'Phone', cell: (r) => r.phone || '—' },
    { label: 'Meeting Location', cell: (r) => r.location || '—' },
    {
      label: 'Requested Time',
      // Its date and its time may take two lines: on one, the table is wider than the dashboard at 1440 px.
      className: '@4xl:min-w-28',
      cell: (r) => (r.preferredTime ? <time dateTime={r.preferredTime}>{formatDateTime(r.preferredTime)}</time> : 'Any time'),
    },
    {
      label: 'Status',
      className: '@4xl:min-w-32',
      cell: (r) => (
        <div className="flex flex-col gap-1 @max-4xl:items-end">
          <BookingStatusBadge booking={r} reader="seller" />
          {r.money ? <MoneyStatus money={r.money} reader="seller" align="start" /> : null}
          {r.money?.state === 'released' ? <SaleReviewStatus paymentId={r.money.paymentId} /> : null}
        </div>
      ),
    },
    {
      label: 'Answer',
      kind: 'actions',
      className: 'text-right',
      cell: (r) => (
        <div className="flex flex-wrap justify-end gap-2">
          <Answers request={r} onAnswer={(answer) => setOpen({ answer, request: r })} />
          {cancelSale.button(r)}
          {r.money?.state === 'released' ? <WriteReviewButton paymentId={r.money.paymentId} /> : null}
        </div>
      ),
    },
  ];

  const about = shown ? `${shown.request.productName}, booked by ${shown.request.buyerName}` : '';
  const confirmed = shown?.request.status === 'confirmed';
  return (
    <ListPage
      title="Booking Requests"
      countTestId="booking-requests-count"
      query={requests}
      loadsInPlace
      loadingLabel="Loading your booking requests"
      emptyMessage="Nobody has booked your cars yet. Bookings show here as buyers make them."
      columns={columns}
      rowKey={(r) => r._id}
      leading="picture"
    >
      <TimeDialog
        open={open?.answer === 'accept'}
        title={confirmed ? 'Move the meeting' : 'Accept this booking'}
        about={about}
        label="Meeting Time"
        confirmLabel={confirmed ? 'Move Meeting' : 'Confirm Meeting'}
        initial={shown ? (shown.request.meetingTime ?? shown.request.proposedTime ?? shown.request.preferredTime) : null}
        busy={busy}
        onClose={close}
        onSubmit={(value) => shown && change.mutate({ answer: 'accept', id: shown.request._id, value })}
      />
      <TimeDialog
        open={open?.answer === 'propose'}
        title="Propose another time"
        about={about}
        label="Proposed Time"
        confirmLabel="Send Proposal"
        initial={shown?.request.proposedTime ?? null}
        busy={busy}
        onClose={close}
        onSubmit={(value) => shown && change.mutate({ answer: 'propose', id: shown.request._id, value })}
      />
      <DeclineDialog
        open={open?.answer === 'decline'}
        about={about}
        refund={shown?.request.money?.state === 'held' ? formatCents(shown.request.money.amount) : undefined}
        busy={busy}
        onClose={close}
        onSubmit={(value) => shown && change.mutate({ answer: 'decline', id: shown.request._id, value })}
      />
      {cancelSale.dialog}
    </ListPage>
  );
}
