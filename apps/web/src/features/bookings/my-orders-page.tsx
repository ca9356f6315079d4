import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DataTable, EmptyState, HeadingWithCount, RowImage } from '../../ui/data-table.tsx';
import { formatDate, formatPrice } from '../../lib/format.ts';
import { PageSpinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/index.ts';
import { ordersQuery } from './api.ts';
import { PayAction } from './pay-action.tsx';

const columns = [
  { label: 'Image', hidden: true },
  { label: 'Name' },
  { label: 'Price' },
  { label: 'Booked', className: 'max-sm:hidden' },
  { label: 'Payment', hidden: true },
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
      <HeadingWithCount title="My Orders" count={list.length} testId="my-orders-count" />

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
        <DataTable
          columns={columns}
          rows={list.map((order) => (
            <tr key={order._id}>
              <td>
                <RowImage src={order.image} />
              </td>
              <th scope="row" className="font-semibold">
                {order.productName}
              </th>
              <td>{formatPrice(order.price)}</td>
              <td className="whitespace-nowrap max-sm:hidden">
                <time dateTime={order.bookedAt}>{formatDate(order.bookedAt)}</time>
              </td>
              <td className="text-right">
                <PayAction
                  paid={order.paid}
                  listingStatus={order.listingStatus}
                  payTo={`/dashboard/payment/${order._id}`}
                  productName={order.productName}
                />
              </td>
            </tr>
          ))}
        />
      )}
    </section>
  );
}
