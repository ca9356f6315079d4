import type { PayoutAccountStatus, PayoutRow } from '@second-gear/contract';
import { formatDate } from '../../lib/format.ts';

// The seller's Payouts in words: the platform's fee, the payout account, and where each sale's money went.

/** The fee as the seller reads it before listing and on Payouts. */
export const feeText = (feePercent: number) => `Platform fee: ${feePercent} % of each sale`;

/** What the payout account's status means for the seller's money. */
export const accountStatusText: Record<PayoutAccountStatus, string> = {
  none: 'You have no payout account yet: add one to receive the money of your sales.',
  incomplete: 'Your payout account needs a few more details before it can receive money.',
  pending: 'Your account is under review; payouts wait until it can receive',
  enabled: 'Payouts go to your account',
};

/** The account's button, when the seller has something to do. */
export const accountAction: Record<PayoutAccountStatus, string | null> = {
  none: 'Add payout account',
  incomplete: 'Finish setting up',
  pending: null,
  enabled: null,
};

/** Where a released sale's money is: sent, on its way, or waiting for an account that can receive. */
export function transferText(row: Pick<PayoutRow, 'state' | 'transfer' | 'transferredAt'>, account: PayoutAccountStatus): string {
  if (row.transfer === 'sent') return row.transferredAt ? `Sent on ${formatDate(row.transferredAt)}` : 'Sent';
  if (row.transfer === 'waiting') return account === 'enabled' ? 'On its way' : 'Waiting for a payout account';
  return row.state === 'held' ? 'After the release' : '—';
}

/** A sale's dates: when it was paid, then when it is released, was released or was refunded. */
export function saleDates(row: Pick<PayoutRow, 'paidAt' | 'releaseDueAt' | 'releasedAt' | 'refundedAt' | 'disputeOpen'>): string[] {
  const dates = [`Paid ${formatDate(row.paidAt)}`];
  if (row.releasedAt) dates.push(`Released ${formatDate(row.releasedAt)}`);
  else if (row.refundedAt) dates.push(`Refunded ${formatDate(row.refundedAt)}`);
  else if (row.releaseDueAt && !row.disputeOpen) dates.push(`Release due ${formatDate(row.releaseDueAt)}`);
  return dates;
}

/** What released money waits for a payout account, in cents: what reaches the seller once it can receive. */
export function waitingCents(sales: readonly Pick<PayoutRow, 'transfer' | 'net' | 'amount'>[], account: PayoutAccountStatus): number {
  if (account === 'enabled') return 0;
  return sales.filter((row) => row.transfer === 'waiting').reduce((sum, row) => sum + (row.net ?? row.amount), 0);
}

/**
 * Where the seller goes after the test onboarding form: the `return` the link carries when it is a
 * page of this site (read as the browser reads it, so "//evil.example" or "/\\evil.example" is
 * another host), as a path; anything else, Payouts.
 */
export function safeReturnPath(value: string | null, origin: string): string {
  try {
    const target = new URL(value ?? '', origin);
    if (value && target.origin === origin) return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    // Not a URL at all: Payouts.
  }
  return '/dashboard/payouts?onboarding=done';
}
