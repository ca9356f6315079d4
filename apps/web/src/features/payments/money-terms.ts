import { RELEASE_AFTER_DAYS } from '@second-gear/contract/constants';

/** What is paid for: a booked car (an order, with its booking) or a car straight from the wishlist (no booking, no meeting). */
export type PurchaseKind = 'order' | 'wishlist';

/** The list where the buyer later finds the purchase's `I have the car` and `Report a problem`. */
export const purchaseList: Record<PurchaseKind, string> = { order: 'My Orders', wishlist: 'My Wishlist' };

/**
 * What the payment page tells the buyer before the card form (docs/product.md, "The money's
 * states"): the money is held until they have the car, when it reaches the seller, and how a
 * refund works. The release period is the server's own number (`RELEASE_AFTER_DAYS`), so the
 * words cannot promise another one.
 */
export function moneyTerms(kind: PurchaseKind): { held: string; release: string; refund: string } {
  const list = purchaseList[kind];
  const after = kind === 'order' ? 'your confirmed meeting (or after the payment when there is none)' : 'the payment';
  return {
    held: 'Second Gear holds the amount until you have the car: the seller is not paid before then.',
    release: `When you have the car, press "I have the car" on ${list} and the money goes to the seller. Otherwise it goes to the seller on its own ${RELEASE_AFTER_DAYS} days after ${after}, unless you have reported a problem.`,
    refund:
      kind === 'order'
        ? `Refunds: before your confirmed meeting starts, Cancel the booking on ${list} for a full refund. From the meeting on, press "Report a problem" there and Second Gear decides.`
        : `Refunds: if something is wrong, press "Report a problem" on ${list} before the money goes to the seller, and Second Gear decides.`,
  };
}
