import { Link } from 'react-router';
import type { ListingStatus } from '@second-gear/contract';

export interface PayActionProps {
  /** Whether this buyer paid for the car. */
  paid: boolean;
  listingStatus: ListingStatus;
  /** The payment page of this row. */
  payTo: string;
  /** The car's name, for the accessible descriptions. */
  productName: string;
}

/**
 * The payment cell of a My Orders or My Wishlist row: Pay while the car can still be paid for,
 * a disabled 'Paid' once this buyer paid, 'Sold' when someone else bought it, 'No longer listed'
 * when its seller removed it. The labels keep the width of a small button, so rows do not jump.
 */
export function PayAction({ paid, listingStatus, payTo, productName }: PayActionProps) {
  if (paid) {
    return (
      <button type="button" className="btn btn-sm btn-success min-w-20" disabled title={`You paid for ${productName}`}>
        Paid
      </button>
    );
  }
  if (listingStatus === 'sold') {
    return (
      <button type="button" className="btn btn-sm min-w-20" disabled title={`${productName} was sold to another buyer`}>
        Sold
      </button>
    );
  }
  if (listingStatus === 'removed') {
    return (
      <button type="button" className="btn btn-sm min-w-20 whitespace-nowrap" disabled title={`The seller took ${productName} off the market`}>
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
