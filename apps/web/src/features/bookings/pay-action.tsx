import { Link } from 'react-router';
import type { ListingStatus } from '@second-gear/contract';
import { CheckIcon } from '../../ui/icons.tsx';

export interface PayActionProps {
  /** Whether this buyer paid for the car. */
  paid: boolean;
  listingStatus: ListingStatus;
  /** The payment page of this row. */
  payTo: string;
  /** The car's name, for the accessible descriptions. */
  productName: string;
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

/**
 * The payment cell of a My Orders or My Wishlist row: Pay while the car can still be paid for,
 * 'Paid' once this buyer paid, 'Sold' when someone else bought it, 'No longer listed' when its seller
 * removed it. The labels keep the width of a small button, so rows do not jump.
 */
export function PayAction({ paid, listingStatus, payTo, productName }: PayActionProps) {
  if (paid) return <PaidLabel productName={productName} />;
  if (listingStatus === 'sold') {
    return (
      <button type="button" className={`btn btn-sm min-w-20 ${goneLook}`} disabled title={`${productName} was sold to another buyer`}>
        Sold
      </button>
    );
  }
  if (listingStatus === 'removed') {
    return (
      <button
        type="button"
        className={`btn btn-sm min-w-20 whitespace-nowrap ${goneLook}`}
        disabled
        title={`The seller took ${productName} off the market`}
      >
        No longer listed
      </button>
    );
  }
  return (
    <Link to={payTo} className="btn btn-sm btn-primary min-w-20">
      Pay
    </Link>
  );
}
