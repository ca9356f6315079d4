import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { routeErrorOf } from '../../lib/errors.ts';
import { wishlistItemQuery } from '../wishlist/index.ts';
import { createWishlistPaymentIntent, recordWishlistPayment } from './api.ts';
import { Checkout } from './checkout.tsx';
import { MoneyTermsNote } from './money-terms-note.tsx';
import { PaidState, PaymentLayout, PaymentPageSpinner, UnavailableState } from './payment-summary.tsx';

/** /dashboard/wishlistpayment/{id}: pay for a car on the buyer's wishlist (id is the car's id). */
export default function WishlistPaymentPage() {
  const { id = '' } = useParams();
  const query = wishlistItemQuery(id);
  const item = useQuery({ ...query, refetchOnWindowFocus: false });

  if (item.isError && !item.data) throw routeErrorOf(item.error);
  if (item.isPending) return <PaymentPageSpinner />;

  const { productName, resalePrice, image, paid, transactionId, paidAt, listingStatus } = item.data;
  const backTo = { to: '/dashboard/mywishlist', label: 'Back to My Wishlist' };
  return (
    <PaymentLayout productName={productName} image={image}>
      {paid ? (
        <PaidState productName={productName} price={resalePrice} paidAt={paidAt} transactionId={transactionId} backTo={backTo} />
      ) : listingStatus !== 'available' ? (
        <UnavailableState listingStatus={listingStatus} />
      ) : (
        <>
          <MoneyTermsNote kind="wishlist" listPath={backTo.to} />
          <Checkout
            intentKey={['wishlist', id]}
            itemKey={query.queryKey}
            createIntent={() => createWishlistPaymentIntent({ productId: id, resalePrice })}
            record={(transactionId, wishlistEmail) =>
              recordWishlistPayment({ resalePrice, transactionId, wishlistEmail, bookingId: id })
            }
            backTo={backTo}
            productName={productName}
            price={resalePrice}
          />
        </>
      )}
    </PaymentLayout>
  );
}
