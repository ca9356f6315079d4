import type { ReactNode } from 'react';
import type { ListingStatus } from '@second-gear/contract';
import { formatPrice } from '../../lib/format.ts';
import { PageSpinner } from '../../ui/spinner.tsx';

interface PaymentLayoutProps {
  productName: string;
  price: number;
  image: string;
  children: ReactNode;
}

/** The payment page frame: what is being paid for, then the card form or the item's state. */
export function PaymentLayout({ productName, price, image, children }: PaymentLayoutProps) {
  return (
    <section className="mx-auto max-w-xl" aria-labelledby="payment-heading">
      <title>{`Payment for ${productName} · Second Gear`}</title>
      <h1 id="payment-heading" className="mb-6 text-3xl font-bold">
        Payment
      </h1>
      <div className="mb-6 flex items-center gap-4 rounded-box border border-base-200 bg-base-100 p-4">
        <div className="h-18 w-24 shrink-0 overflow-hidden rounded bg-base-200">
          <img src={image} alt="" width={96} height={72} decoding="async" className="h-full w-full object-cover" />
        </div>
        <div>
          <h2 className="text-lg font-semibold">{productName}</h2>
          <p className="text-base-content/80">
            Please pay <strong className="text-primary">{formatPrice(price)}</strong> for {productName}
          </p>
        </div>
      </div>
      {children}
    </section>
  );
}

export function PaymentPageSpinner() {
  return <PageSpinner label="Loading the payment" />;
}

/** Already paid: the Paid state with its transaction id instead of the card form. */
export function PaidState({ transactionId }: { transactionId: string | null }) {
  return (
    <div className="rounded-box border border-green-200 bg-green-50 p-6 text-green-900">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-sm btn-success" disabled>
          Paid
        </button>
        <p className="font-semibold">You have paid for this car.</p>
      </div>
      {transactionId ? (
        <p className="mt-3">
          Your transaction id: <span className="font-mono font-semibold break-all">{transactionId}</span>
        </p>
      ) : null}
    </div>
  );
}

/** Not paid by this buyer and no longer payable: sold to someone else or taken off the market. */
export function UnavailableState({ listingStatus }: { listingStatus: Exclude<ListingStatus, 'available'> }) {
  return (
    <div role="status" className="rounded-box border border-base-300 bg-base-200 p-6">
      <p className="font-semibold">
        {listingStatus === 'sold'
          ? 'This car has been sold to another buyer, so it can no longer be paid for.'
          : 'The seller no longer lists this car, so it can no longer be paid for.'}
      </p>
    </div>
  );
}
