import { Link } from 'react-router';
import type { ReactNode } from 'react';
import type { HeldPayment, ListingStatus } from '@second-gear/contract';
import type { BookingStatus } from '@second-gear/contract/constants';
import { CheckIcon } from '../../ui/icons.tsx';
import { MoneyStatus } from '../money/index.ts';

export interface PayActionProps {
  /** Whether this buyer paid for the car. */
  paid: boolean;
  listingStatus: ListingStatus;
  /** The payment page of this row. */
  payTo: string;
  /** The car's name, for the accessible descriptions. */
  productName: string;
  /** A My Orders row's booking: once declined or cancelled, an unpaid booking is no longer paid for. */
  bookingStatus?: BookingStatus | undefined;
}

// Disabled states that mean "done" or "gone", not "unavailable for now": in full colour at readable
// contrast (daisyUI fades disabled buttons to about 1.5:1), and without a pointer.
const doneLook = 'cursor-default disabled:border-green-800 disabled:bg-green-800 disabled:text-white';
const goneLook = 'cursor-default disabled:border-base-300 disabled:bg-base-200 disabled:text-base-content';

/**
 * The specification's disabled 'Paid' label, as a done state: a disabled button (people and tests
 * know it by that role and name) that reads as a green badge.
 */
export function PaidLabel({ productName, className = '' }: { productName: string; className?: string }) {
  return (
    <button type="button" className={`btn btn-sm min-w-20 ${doneLook} ${className}`} disabled title={`You paid for ${productName}`}>
      <CheckIcon className="h-4 w-4" />
      Paid
    </button>
  );
}

/** A disabled label in place of Pay, saying why there is nothing to pay; the width of a small button, so rows do not jump. */
function NotPayable({ label, reason }: { label: string; reason: string }) {
  return (
    <button type="button" className={`btn btn-sm min-w-20 whitespace-nowrap ${goneLook}`} disabled title={reason}>
      {label}
    </button>
  );
}

/**
 * The payment cell of a My Orders or My Wishlist row: Pay while the car can still be paid for,
 * 'Paid' once this buyer paid, 'Reserved' while another buyer's payment is held, 'Sold' when someone
 * else bought it, 'No longer listed' when its seller removed it, and 'Nothing to pay' for a booking
 * the seller declined or the buyer cancelled (the server refuses to take its payment).
 */
export function PayAction({ paid, listingStatus, payTo, productName, bookingStatus }: PayActionProps) {
  if (paid) return <PaidLabel productName={productName} />;
  // The row's Status says why; a plain text, not a button, beside that row's other buttons.
  if (bookingStatus === 'declined' || bookingStatus === 'cancelled') return <span className="text-sm text-base-content/70">Nothing to pay</span>;
  if (listingStatus === 'reserved') return <NotPayable label="Reserved" reason={`${productName} is reserved for another buyer`} />;
  if (listingStatus === 'sold') return <NotPayable label="Sold" reason={`${productName} was sold to another buyer`} />;
  if (listingStatus === 'removed') return <NotPayable label="No longer listed" reason={`The seller took ${productName} off the market`} />;
  return (
    <Link to={payTo} className="btn btn-sm btn-primary min-w-20">
      Pay
    </Link>
  );
}

export interface PaymentCellProps {
  /** Once paid: where the money stands, said under `Paid`. */
  money: HeldPayment | null | undefined;
  /** The buyer's buttons while the money is held (`I have the car`, `Report a problem`), or nothing. */
  moneyActions: ReactNode;
  /** Pay or the label in its place (with the row's other buttons, on My Wishlist). */
  children: ReactNode;
}

/** A My Orders or My Wishlist row's payment: Pay or Paid, then where the money stands and what the buyer may do with it. */
export function PaymentCell({ money, moneyActions, children }: PaymentCellProps) {
  return (
    <div className="flex flex-col items-end gap-2 @max-4xl:items-stretch">
      {children}
      {money ? <MoneyStatus money={money} reader="buyer" /> : null}
      {moneyActions ? <div className="flex flex-col items-end gap-2 @max-4xl:items-stretch">{moneyActions}</div> : null}
    </div>
  );
}
