import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { routeErrorOf } from '../../lib/errors.ts';
import { orderQuery } from '../bookings/index.ts';
import { createOrderPaymentIntent, recordOrderPayment } from './api.ts';
import { Checkout } from './checkout.tsx';
import { MoneyTermsNote } from './money-terms-note.tsx';
import { PaidState, PaymentLayout, PaymentPageSpinner, UnavailableState } from './payment-summary.tsx';

/** /dashboard/payment/{id}: pay for one of the buyer's orders (someone else's is a 404). */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const query = orderQuery(id);
  const order = useQuery({ ...query, refetchOnWindowFocus: false });

  if (order.isError && !order.data) throw routeErrorOf(order.error);
  if (order.isPending) return <PaymentPageSpinner />;

  const { productName, price, image, paid, transactionId, paidAt, listingStatus, productId } = order.data;
  const backTo = { to: '/dashboard/myorders', label: 'Back to My Orders' };
  return (
    <PaymentLayout productName={productName} image={image}>
      {paid ? (
        <PaidState productName={productName} price={price} paidAt={paidAt} transactionId={transactionId} backTo={backTo} />
      ) : listingStatus !== 'available' ? (
        <UnavailableState listingStatus={listingStatus} />
      ) : (
        <>
          <MoneyTermsNote kind="order" listPath={backTo.to} />
          <Checkout
            intentKey={['order', id]}
            itemKey={query.queryKey}
            createIntent={() => createOrderPaymentIntent({ bookingId: id, price })}
            record={(transactionId, email) =>
              recordOrderPayment({ price, transactionId, email, bookingId: id, ...(productId ? { productId } : {}) })
            }
            backTo={backTo}
            productName={productName}
            price={price}
          />
        </>
      )}
    </PaymentLayout>
  );
}
