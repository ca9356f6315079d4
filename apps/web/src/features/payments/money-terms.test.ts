import { describe, expect, it } from 'vitest';
import { RELEASE_AFTER_DAYS } from '@second-gear/contract/constants';
import { moneyTerms, purchaseList } from './money-terms.ts';

describe('the payment page’s words about the money', () => {
  it('say the amount is held until the buyer has the car, for an order and a wishlist car alike', () => {
    for (const kind of ['order', 'wishlist'] as const) {
      expect(moneyTerms(kind).held).toBe('Second Gear holds the amount until you have the car: the seller is not paid before then.');
    }
  });

  it('name the release period the server releases held money by, and the list where "I have the car" is', () => {
    expect(moneyTerms('order').release).toContain(`on its own ${RELEASE_AFTER_DAYS} days after your confirmed meeting`);
    expect(moneyTerms('wishlist').release).toContain(`on its own ${RELEASE_AFTER_DAYS} days after the payment`);
    expect(moneyTerms('order').release).toContain(`press "I have the car" on ${purchaseList.order}`);
    expect(moneyTerms('wishlist').release).toContain(`press "I have the car" on ${purchaseList.wishlist}`);
  });

  it('say how a refund works: Cancel before the confirmed meeting, Report a problem after it', () => {
    expect(moneyTerms('order').refund).toBe(
      'Refunds: before your confirmed meeting starts, Cancel the booking on My Orders for a full refund. From the meeting on, press "Report a problem" there and Second Gear decides.',
    );
    // A wishlist car has no booking to cancel: only a reported problem brings the money back.
    expect(moneyTerms('wishlist').refund).not.toContain('Cancel');
    expect(moneyTerms('wishlist').refund).toContain('"Report a problem" on My Wishlist');
  });
});
