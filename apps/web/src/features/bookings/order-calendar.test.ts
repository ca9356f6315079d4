import { describe, expect, it } from 'vitest';
import type { HeldPayment } from '@second-gear/contract';
import { offersCalendar } from './order-calendar.ts';

const payment = (state: HeldPayment['state']): HeldPayment => ({
  paymentId: '6f1c0d0e-0000-4000-8000-000000000001',
  state,
  amount: 1_850_000,
  paidAt: '2026-11-20T10:00:00.000Z',
  releaseDueAt: state === 'held' ? '2026-12-04T10:00:00.000Z' : null,
  releasedAt: state === 'released' ? '2026-11-25T16:30:00.000Z' : null,
  refundedAt: null,
  refundReason: null,
  dispute: null,
});

describe('offersCalendar', () => {
  it('offers a confirmed meeting, unpaid or with its money held', () => {
    expect(offersCalendar({ status: 'confirmed', money: null })).toBe(true);
    expect(offersCalendar({ status: 'confirmed' })).toBe(true);
    expect(offersCalendar({ status: 'confirmed', money: payment('held') })).toBe(true);
  });

  it('stops once the money is released to the seller: the car is the buyer’s', () => {
    expect(offersCalendar({ status: 'confirmed', money: payment('released') })).toBe(false);
  });

  it('offers nothing without a confirmed meeting', () => {
    for (const status of ['pending', 'declined', 'cancelled'] as const) expect(offersCalendar({ status, money: null })).toBe(false);
  });
});
