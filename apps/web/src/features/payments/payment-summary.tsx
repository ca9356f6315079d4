import type { ReactNode } from 'react';
import type { ListingStatus } from '@second-gear/contract';
import { PageSpinner } from '../../ui/spinner.tsx';
import { PaidLabel } from '../bookings/index.ts';
import { Receipt, type BackTo, type PaidPurchase } from './receipt.tsx';

interface PaymentLayoutProps {
  productName: string;
  image: string;
  children: ReactNode;
}

/**
 * The payment page frame: the car being paid for, then the card form (which says what to pay), the
 * receipt, or why it can no longer be paid.
 */
export function PaymentLayout({ productName, image, children }: PaymentLayoutProps) {
  return (
    <section aria-labelledby="payment-heading">
      <title>{`Payment for ${productName} · Second Gear`}</title>
      <h1 id="payment-heading" className="mb-6 text-3xl font-bold">
        Payment
      </h1>
      <div className="mb-6 flex items-center gap-4 rounded-box border border-base-200 bg-base-100 p-4">
        <div className="h-18 w-24 shrink-0 overflow-hidden rounded bg-base-200">
          <img src={image} alt="" width={96} height={72} decoding="async" className="h-full w-full object-cover" />
        </div>
        <h2 className="min-w-0 text-lg font-semibold break-words">{productName}</h2>
      </div>
      {children}
    </section>
  );
}

export function PaymentPageSpinner() {
  return <PageSpinner label="Loading the payment" />;
}

/**
 * Already paid (the page opened again): the Paid state and the receipt instead of the card form. Paid
 * stays the specification's disabled button, in full colour: it means done, not unavailable.
 */
export function PaidState({ backTo, ...purchase }: PaidPurchase & { backTo: BackTo }) {
  return (
    <Receipt
      {...purchase}
      backTo={backTo}
      headline={
        <div className="flex flex-wrap items-center gap-3">
          <PaidLabel productName={purchase.productName} />
          <p className="font-semibold">You have paid for this car.</p>
        </div>
      }
    />
  );
}

const unavailableText: Record<Exclude<ListingStatus, 'available'>, string> = {
  reserved: 'This car is reserved for another buyer, so it can no longer be paid for.',
  sold: 'This car has been sold to another buyer, so it can no longer be paid for.',
  removed: 'The seller no longer lists this car, so it can no longer be paid for.',
};

/** Not paid by this buyer and no longer payable: reserved for or sold to someone else, or taken off the market. */
export function UnavailableState({ listingStatus }: { listingStatus: Exclude<ListingStatus, 'available'> }) {
  return (
    <div role="status" className="rounded-box border border-base-300 bg-base-200 p-6">
      <p className="font-semibold">
        {unavailableText[listingStatus]}
      </p>
    </div>
  );
}
