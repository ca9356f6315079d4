import { useId } from 'react';
import { CheckBadgeIcon } from '../../ui/icons.tsx';

/**
 * What an admin checked before verifying a seller (docs/product.md, "Verifying a seller": the
 * seller's record the admin reviews and notes before `Verify seller`). Without it the badge reads as
 * a promise about the car, which no one made.
 */
export const VERIFICATION_CHECKED =
  'An admin of Second Gear reviewed this seller before giving the badge: their account and email, their phone, their cars and what our listing checks found, reports from buyers, flagged messages and their bookings. It is not an inspection of any car.';

/**
 * The 'Verified Seller' badge of a car whose seller is verified: one look on the card and the car's
 * page. It is a button that opens what was checked (a popover, so nothing on the page moves), and
 * the same words are its accessible description, so a screen reader says them with the badge.
 */
export function VerifiedSellerBadge() {
  const popoverId = useId();
  const textId = useId();
  return (
    <>
      {/* 24 px tall on a phone too (the small badge is 20): a target a thumb can press (WCAG 2.2, 2.5.8). */}
      <button
        type="button"
        popoverTarget={popoverId}
        aria-describedby={textId}
        className="badge badge-sm h-6 relative shrink-0 cursor-help gap-1 border-green-200 bg-green-50 font-semibold text-green-800 hover:border-green-300 md:badge-md"
      >
        <CheckBadgeIcon className="h-4 w-4" />
        Verified Seller
      </button>
      <div id={popoverId} popover="auto" className="m-auto max-w-xs rounded-box border border-base-300 bg-base-100 p-4 text-sm shadow-lg">
        <p id={textId}>{VERIFICATION_CHECKED}</p>
      </div>
    </>
  );
}
