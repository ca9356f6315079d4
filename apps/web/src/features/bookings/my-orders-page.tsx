import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatPrice } from '../../ui/format.ts';
import { PageSpinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/auth-context.ts';
import { ordersQuery } from './api.ts';
import { PayAction, RowImage } from './pay-action.tsx';

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
      <h1 className="mb-6 flex items-center gap-3 text-3xl font-bold">
        My Orders{' '}
        <span className="badge badge-primary badge-lg" data-testid="my-orders-count">
          {list.length}
        </span>
      </h1>

      {list.length === 0 ? (
        <div className="rounded-box bg-base-200 p-6">
          <p className="mb-4 text-base-content/80">You have not booked any cars yet.</p>
          <Link to="/" className="btn btn-primary">
            Browse cars
          </Link>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-200 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Image</span>
                </th>
                <th scope="col">Name</th>
                <th scope="col">Price</th>
                <th scope="col" className="max-sm:hidden">
                  Booked
                </th>
                <th scope="col">
                  <span className="sr-only">Payment</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((order) => (
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
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
