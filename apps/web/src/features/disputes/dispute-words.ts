import type { DisputeSummary } from '@second-gear/contract';
import { formatDate } from '../../lib/format.ts';

// The admin's disputes in words and in order.

/** Open cases first, then the rest; newest first within each. */
export function openFirst<T extends Pick<DisputeSummary, 'decision' | 'openedAt'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Number(a.decision !== null) - Number(b.decision !== null) || Date.parse(b.openedAt) - Date.parse(a.openedAt));
}

/** Where a case stands: open, or what the admin decided and when. */
export function disputeStateText(d: Pick<DisputeSummary, 'decision' | 'decidedAt'>): string {
  if (d.decision === null) return 'Open';
  const when = d.decidedAt ? ` on ${formatDate(d.decidedAt)}` : '';
  return d.decision === 'refund' ? `Buyer refunded${when}` : `Released to the seller${when}`;
}
