import { describe, expect, it } from 'vitest';
import type { HeldPayment } from '@second-gear/contract';
import { formatDate } from '../../lib/format.ts';
import { buyerMayAct, moneyStatusLines } from './money-words.ts';

const paidAt = '2026-11-20T10:00:00.000Z';
const dueAt = '2026-12-04T10:00:00.000Z';
const laterAt = '2026-11-25T16:30:00.000Z';

const held: HeldPayment = {
  paymentId: '6f1c0d0e-0000-4000-8000-000000000001',
  state: 'held',
  amount: 3_100_000,
  paidAt,
  releaseDueAt: dueAt,
  releasedAt: null,
  refundedAt: null,
  refundReason: null,
  dispute: null,
};
const dispute = {
  id: '6f1c0d0e-0000-4000-8000-000000000002',
  reason: 'not_handed_over' as const,
  details: 'No show at the meeting',
  openedAt: laterAt,
  decision: null,
  note: null,
  decidedAt: null,
};

describe('moneyStatusLines', () => {
  it('says held money waits for the buyer, and when it goes to the seller on its own', () => {
    expect(moneyStatusLines(held, 'buyer')).toEqual([
      'Held until you have the car',
      `Released to the seller automatically on ${formatDate(dueAt)} unless a problem is reported`,
    ]);
    expect(moneyStatusLines(held, 'seller')).toEqual([
      'Paid $31,000, held until the buyer has the car',
      `Released to you automatically on ${formatDate(dueAt)} unless the buyer reports a problem`,
    ]);
  });

  it('says a reported problem waits for an admin, without the automatic release', () => {
    const reported = { ...held, releaseDueAt: null, dispute };
    expect(moneyStatusLines(reported, 'buyer')).toEqual([`Problem reported on ${formatDate(laterAt)}; an admin will decide`]);
    expect(moneyStatusLines(reported, 'seller')).toEqual([
      'Paid $31,000, held until an admin decides',
      `Problem reported on ${formatDate(laterAt)}; an admin will decide`,
    ]);
  });

  it('says when the money was released, and the admin’s note when an admin decided', () => {
    const released = { ...held, state: 'released' as const, releaseDueAt: null, releasedAt: laterAt };
    expect(moneyStatusLines(released, 'buyer')).toEqual([`Released to the seller on ${formatDate(laterAt)}`]);
    expect(moneyStatusLines(released, 'seller')).toEqual([`Released to you on ${formatDate(laterAt)}`]);
    const decided = { ...released, dispute: { ...dispute, decision: 'release' as const, note: 'The handover took place.', decidedAt: laterAt } };
    expect(moneyStatusLines(decided, 'buyer')).toEqual([
      `Released to the seller on ${formatDate(laterAt)}`,
      `An admin decided on ${formatDate(laterAt)}: The handover took place.`,
    ]);
  });

  it('says an admin’s refund once: its note is the refund’s reason', () => {
    const decided = { ...dispute, decision: 'refund' as const, note: 'The mileage was misstated.', decidedAt: laterAt };
    const refunded = { ...held, state: 'refunded' as const, releaseDueAt: null, refundedAt: laterAt, refundReason: 'An admin decided: The mileage was misstated.', dispute: decided };
    for (const reader of ['buyer', 'seller'] as const) {
      expect(moneyStatusLines(refunded, reader)).toEqual([`Refunded on ${formatDate(laterAt)}`, 'An admin decided: The mileage was misstated.']);
    }
    // A seller's Cancel sale answers an open case too: their reason, never "An admin decided".
    const cancelled = { ...refunded, refundReason: 'Sold elsewhere', dispute: { ...decided, note: 'Sold elsewhere' } };
    expect(moneyStatusLines(cancelled, 'buyer')).toEqual([`Refunded on ${formatDate(laterAt)}`, 'Sold elsewhere']);
  });

  it('says when the money was refunded, and why', () => {
    const refunded = { ...held, state: 'refunded' as const, releaseDueAt: null, refundedAt: laterAt, refundReason: 'The seller cancelled the sale: sold elsewhere' };
    expect(moneyStatusLines(refunded, 'buyer')).toEqual([`Refunded on ${formatDate(laterAt)}`, 'The seller cancelled the sale: sold elsewhere']);
    expect(moneyStatusLines({ ...refunded, refundReason: null }, 'seller')).toEqual([`Refunded on ${formatDate(laterAt)}`]);
  });
});

describe('buyerMayAct', () => {
  it('offers the buyer’s actions only while the money is held and no problem is open', () => {
    expect(buyerMayAct(held)).toBe(true);
    expect(buyerMayAct({ ...held, dispute })).toBe(false);
    expect(buyerMayAct({ ...held, state: 'released' })).toBe(false);
    expect(buyerMayAct(null)).toBe(false);
    expect(buyerMayAct(undefined)).toBe(false);
  });
});
