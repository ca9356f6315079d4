import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Order } from '@second-gear/contract';
import { DataList, EmptyState, HeadingWithCount, pictureAndName, type Column } from '../../ui/data-list.tsx';
import { formatDate, formatPrice } from '../../lib/format.ts';
import { PageSpinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/index.ts';
import { ordersQuery } from './api.ts';
import { PayAction } from './pay-action.tsx';

const columns: Column<Order>[] = [
  ...pictureAndName<Order>('Name', (order) => order.image, (order) => order.productName),
  { label: 'Price', cell: (order) => formatPrice(order.price) },
  {
    label: 'Booked',
    className: 'whitespace-nowrap',
    cell: (order) => <time dateTime={order.bookedAt}>{formatDate(order.bookedAt)}</time>,
  },
  {
    label: 'Payment',
    kind: 'actions',
    className: 'text-right',
    cell: (order) => (
      <PayAction paid={order.paid} listingStatus={order.listingStatus} payTo={`/dashboard/payment/${order._id}`} productName={order.productName} />
    ),
  },
];

export default function MyOrdersPage() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const orders = useQuery({ ...ordersQuery(email), enabled: email !== '' });

  if (orders.isError && !orders.data) throw orders.error;
  if (orders.isPending) return <PageSpinner label="Loading your orders" />;

  const list = orders.data;

  return (
    <section className="mx-auto max-w-6xl">
      <title>My Orders · Second Gear</title>
      <HeadingWithCount id="my-orders-heading" title="My Orders" count={list.length} testId="my-orders-count" />

      {list.length === 0 ? (
        <EmptyState
          message="You have not booked any cars yet."
          action={
            <Link to="/" className="btn btn-primary">
              Browse cars
            </Link>
          }
        />
      ) : (
        <DataList labelledBy="my-orders-heading" columns={columns} rows={list} rowKey={(order) => order._id} />
      )}
    </section>
  );
}
