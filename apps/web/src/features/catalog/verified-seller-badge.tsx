import { CheckBadgeIcon } from '../../ui/icons.tsx';

/** The 'Verified Seller' badge of a car whose seller is verified: the card's and the car page's look is one. */
export function VerifiedSellerBadge() {
  return (
    <span className="badge badge-sm shrink-0 gap-1 border-green-200 bg-green-50 font-semibold text-green-800 md:badge-md">
      <CheckBadgeIcon className="h-4 w-4" />
      Verified Seller
    </span>
  );
}
