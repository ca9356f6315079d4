import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format.ts';
import { feeText, safeReturnPath, saleDates, transferText, waitingCents } from './payout-words.ts';

const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}T12:00:00.000Z`;

describe('feeText', () => {
  it('says the fee as a percentage of each sale', () => {
    expect(feeText(5)).toBe('Platform fee: 5 % of each sale');
    expect(feeText(2.5)).toBe('Platform fee: 2.5 % of each sale');
  });
});

describe('transferText', () => {
  it('says when the money was sent, or what it waits for', () => {
    expect(transferText({ state: 'released', transfer: 'sent', transferredAt: day(20) }, 'enabled')).toBe(`Sent on ${formatDate(day(20))}`);
    expect(transferText({ state: 'released', transfer: 'waiting', transferredAt: null }, 'none')).toBe('Waiting for a payout account');
    expect(transferText({ state: 'released', transfer: 'waiting', transferredAt: null }, 'pending')).toBe('Waiting for a payout account');
    expect(transferText({ state: 'released', transfer: 'waiting', transferredAt: null }, 'enabled')).toBe('On its way');
    expect(transferText({ state: 'held', transfer: null, transferredAt: null }, 'enabled')).toBe('After the release');
    expect(transferText({ state: 'refunded', transfer: null, transferredAt: null }, 'enabled')).toBe('—');
  });
});

describe('saleDates', () => {
  it('lists the payment, then the release (due or done) or the refund', () => {
    const base = { paidAt: day(1), releaseDueAt: null, releasedAt: null, refundedAt: null, disputeOpen: false };
    expect(saleDates({ ...base, releaseDueAt: day(15) })).toEqual([`Paid ${formatDate(day(1))}`, `Release due ${formatDate(day(15))}`]);
    expect(saleDates({ ...base, releaseDueAt: day(15), disputeOpen: true })).toEqual([`Paid ${formatDate(day(1))}`]);
    expect(saleDates({ ...base, releasedAt: day(9) })).toEqual([`Paid ${formatDate(day(1))}`, `Released ${formatDate(day(9))}`]);
    expect(saleDates({ ...base, refundedAt: day(3) })).toEqual([`Paid ${formatDate(day(1))}`, `Refunded ${formatDate(day(3))}`]);
  });
});

describe('waitingCents', () => {
  it('adds up what released sales wait for, until the account can receive', () => {
    const sales = [
      { transfer: 'waiting' as const, net: 2_945_000, amount: 3_100_000 },
      { transfer: 'sent' as const, net: 950_000, amount: 1_000_000 },
      { transfer: null, net: null, amount: 500_000 },
    ];
    expect(waitingCents(sales, 'none')).toBe(2_945_000);
    expect(waitingCents(sales, 'enabled')).toBe(0);
  });
});

describe('safeReturnPath', () => {
  const origin = 'http://localhost:3000';
  it('goes back only to a page of this site, as a path', () => {
    expect(safeReturnPath('/dashboard/payouts?onboarding=done', origin)).toBe('/dashboard/payouts?onboarding=done');
    expect(safeReturnPath('/dashboard/payouts', origin)).toBe('/dashboard/payouts');
    expect(safeReturnPath(`${origin}/dashboard/payouts?onboarding=done`, origin)).toBe('/dashboard/payouts?onboarding=done');
    for (const elsewhere of ['//evil.example/x', '/\\evil.example', '/\t/evil.example', 'https://evil.example/', 'http://localhost:3001/x', 'javascript:alert(1)', '', null]) {
      expect(safeReturnPath(elsewhere, origin), String(elsewhere)).toBe('/dashboard/payouts?onboarding=done');
    }
  });
});
