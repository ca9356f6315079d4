import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Order } from '@second-gear/contract';
import { useLiveEvent } from '../../lib/live-events.ts';
import { errorMessage } from '../../lib/errors.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { pictureAndName, type Column } from '../../ui/data-list.tsx';
import { formatDate, formatPrice } from '../../lib/format.ts';
import { ListPage } from '../../ui/list-page.tsx';
import { useAuth } from '../auth/index.ts';
import { formatCents } from '../../lib/format.ts';
import { buyerMayAct, useBuyerMoney } from '../money/index.ts';
import { SaleReviewStatus, WriteReviewButton } from '../reviews/index.ts';
import { ordersKey, ordersQuery } from './api.ts';
import { BookingStatusBadge } from './booking-status.tsx';
import { offersCalendar } from './order-calendar.ts';
import { PayAction, PaymentCell } from './pay-action.tsx';
import { acceptProposal, calendarUrl, cancelBooking } from './requests-api.ts';

const baseColumns: Column<Order>[] = [
  ...pictureAndName<Order>('Name', (order) => order.image, (order) => order.productName),
  { label: 'Price', cell: (order) => formatPrice(order.price) },
  {
    label: 'Booked',
    className: 'whitespace-nowrap',
    cell: (order) => <time dateTime={order.bookedAt}>{formatDate(order.bookedAt)}</time>,
  },
];

/**
 * Whether the buyer may still cancel, as the server decides it (bookings/requests.ts): pending or
 * confirmed (older servers send no status: pending), and unpaid, or paid with the money held and no
 * problem open, before the confirmed meeting starts (cancelling refunds it). From then on the
 * buyer's way is `Report a problem`.
 */
function cancellable(o: Order): boolean {
  if (o.status === 'declined' || o.status === 'cancelled') return false;
  if (!o.paid) return true;
  const meetingStarted = o.status === 'confirmed' && !!o.meetingTime && Date.parse(o.meetingTime) <= Date.now();
  return buyerMayAct(o.money) && !meetingStarted;
}

/** What cancelling refunds (`$31,000`): a paid booking's held money; null for an unpaid one. */
const refundOf = (o: Order) => (o.money?.state === 'held' ? formatCents(o.money.amount) : null);

export default function MyOrdersPage() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const queryClient = useQueryClient();
  const orders = useQuery({ ...ordersQuery(email), enabled: email !== '' });
  const [cancelling, setCancelling] = useState<Order | null>(null);
  // Kept while the dialog closes, so its text does not change under the closing animation.
  const [shown, setShown] = useState<Order | null>(null);
  if (cancelling && cancelling !== shown) setShown(cancelling);
  const refund = shown ? refundOf(shown) : null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ordersKey });
  // The seller's answer (accepted, declined, a proposed time) shows while the page is open.
  useLiveEvent('booking', () => void refresh());
  useLiveEvent('reconnected', () => void refresh());
  const cancel = useMutation({
    mutationFn: (o: Order) => cancelBooking(o._id, o.status === 'confirmed' ? 'confirmed' : 'pending'),
    onSuccess: (_c, o) => toast.success(`Your booking of ${o.productName} is cancelled`),
    // A refusal says what happened meanwhile (the seller confirmed, declined…): the list shows it after the refetch.
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: async () => {
      setCancelling(null);
      await refresh();
    },
  });
  const buyerMoney = useBuyerMoney(refresh);
  const takeProposal = useMutation({
    mutationFn: (o: Order) => acceptProposal(o._id),
    onSuccess: (_c, o) => toast.success(`Your viewing of ${o.productName} is confirmed`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: refresh,
  });

  const columns: Column<Order>[] = [
    ...baseColumns,
    {
      label: 'Status',
      cell: (order) => (
        <div className="flex flex-col gap-1 @max-4xl:items-end">
          <BookingStatusBadge booking={order} reader="buyer" />
          {order.money?.state === 'released' ? <SaleReviewStatus paymentId={order.money.paymentId} /> : null}
        </div>
      ),
    },
    {
      label: 'Payment',
      kind: 'actions',
      className: 'text-right',
      cell: (order) => (
        <PaymentCell money={order.money} moneyActions={buyerMoney.actions(order)}>
          <PayAction
            paid={order.paid}
            listingStatus={order.listingStatus}
            bookingStatus={order.status}
            payTo={`/dashboard/payment/${order._id}`}
            productName={order.productName}
          />
        </PaymentCell>
      ),
    },
    {
      label: 'Booking',
      kind: 'actions',
      className: 'text-right',
      cell: (order) => (
        <div className="flex flex-wrap justify-end gap-2">
          {order.status === 'pending' && order.proposedTime ? (
            <button type="button" className="btn btn-primary btn-sm" disabled={takeProposal.isPending} onClick={() => takeProposal.mutate(order)}>
              Accept proposed time
            </button>
          ) : null}
          {offersCalendar(order) ? (
            <a className="btn btn-outline btn-sm" href={calendarUrl(order._id)} download>
              Add to calendar
            </a>
          ) : null}
          {cancellable(order) ? (
            <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setCancelling(order)}>
              Cancel
            </button>
          ) : null}
          {order.money?.state === 'released' ? <WriteReviewButton paymentId={order.money.paymentId} /> : null}
        </div>
      ),
    },
  ];

  return (
    <ListPage
      title="My Orders"
      countTestId="my-orders-count"
      query={orders}
      loadingLabel="Loading your orders"
      emptyMessage="You have not booked any cars yet."
      emptyAction={
        <Link to="/" className="btn btn-primary">
          Browse cars
        </Link>
      }
      columns={columns}
      rowKey={(order) => order._id}
    >
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this booking?"
        message={
          refund
            ? `The seller of ${shown?.productName ?? ''} is told that you will not come, and your payment of ${refund} is refunded in full. You may book the car again later.`
            : `The seller of ${shown?.productName ?? ''} is told that you will not come. You may book the car again later.`
        }
        confirmLabel="Cancel Booking"
        dismissLabel="Keep Booking"
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        onClose={() => !cancel.isPending && setCancelling(null)}
      />
      {buyerMoney.dialogs}
    </ListPage>
  );
}
