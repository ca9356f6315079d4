import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatPrice } from '../../lib/format.ts';

/** Where the buyer goes back to from a payment page. */
export interface BackTo {
  to: string;
  label: string;
}

export interface PaidPurchase {
  productName: string;
  price: number;
  /** When the payment was recorded; null or absent when the server does not say (the date is left out). */
  paidAt: string | null | undefined;
  transactionId: string | null;
}

export interface ReceiptProps extends PaidPurchase {
  /** What the receipt opens with: the success text right after paying, or the Paid state later. */
  headline: ReactNode;
  /** A live region right after paying, so the success is announced. */
  announce?: boolean;
  /** The way back (My Orders or My Wishlist). */
  backTo: BackTo;
}

/**
 * The receipt of a paid purchase: amount, car, date paid and the
 * transaction id, in place of the card form, both right after paying and when the page is opened again.
 */
export function Receipt({ productName, price, paidAt, transactionId, headline, announce = false, backTo }: ReceiptProps) {
  return (
    <div role={announce ? 'status' : undefined} className="rounded-box border border-green-200 bg-green-50 p-6 text-green-950">
      {headline}
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2">
        <dt className="text-green-900">Amount</dt>
        <dd className="font-semibold">{formatPrice(price)}</dd>
        <dt className="text-green-900">Car</dt>
        <dd className="font-semibold break-words">{productName}</dd>
        {paidAt ? (
          <>
            <dt className="text-green-900">Date paid</dt>
            <dd className="font-semibold">
              <time dateTime={paidAt}>{formatDate(paidAt)}</time>
            </dd>
          </>
        ) : null}
      </dl>
      {transactionId ? (
        <p className="mt-3">
          Your transaction id: <span className="font-mono font-semibold break-all">{transactionId}</span>
        </p>
      ) : null}
      <Link to={backTo.to} className="btn btn-primary mt-4 h-11 min-h-11">
        {backTo.label}
      </Link>
    </div>
  );
}
