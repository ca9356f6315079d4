import type { DisputeSummary, HeldPayment, MoneyState } from '@second-gear/contract';
import { formatCents, formatDate } from '../../lib/format.ts';


// Where a purchase's money stands, in words, for the buyer's and the seller's lists.

/** Who reads the line: the buyer who paid, or the seller who is paid. */
export type MoneyReader = 'buyer' | 'seller';

/** A state's name as a list's badge says it. */
export const moneyStateLabel: Record<MoneyState, string> = { held: 'Held', released: 'Released', refunded: 'Refunded' };

/** A problem the buyer reported that no admin has decided yet. */
export const openDispute = (money: HeldPayment): DisputeSummary | null => (money.dispute && money.dispute.decision === null ? money.dispute : null);

/** Whether the buyer may still say they have the car or report a problem: held, and no problem open. */
export const buyerMayAct = (money: HeldPayment | null | undefined): money is HeldPayment => money?.state === 'held' && openDispute(money) === null;

function heldLines(money: HeldPayment, reader: MoneyReader): string[] {
  const dispute = openDispute(money);
  if (dispute) {
    const reported = `Problem reported on ${formatDate(dispute.openedAt)}; an admin will decide`;
    return reader === 'buyer' ? [reported] : [`Paid ${formatCents(money.amount)}, held until an admin decides`, reported];
  }
  const lines = reader === 'buyer' ? ['Held until you have the car'] : [`Paid ${formatCents(money.amount)}, held until the buyer has the car`];
  if (money.releaseDueAt) {
    lines.push(
      reader === 'buyer'
        ? `Released to the seller automatically on ${formatDate(money.releaseDueAt)} unless a problem is reported`
        : `Released to you automatically on ${formatDate(money.releaseDueAt)} unless the buyer reports a problem`,
    );
  }
  return lines;
}

function decisionLine(dispute: DisputeSummary | null): string[] {
  if (!dispute || dispute.decision === null) return [];
  const decided = dispute.decidedAt ? ` on ${formatDate(dispute.decidedAt)}` : '';
  return [dispute.note ? `An admin decided${decided}: ${dispute.note}` : `An admin decided${decided}`];
}

/**
 * The lines under `Paid` (docs/product.md, "The money's states"): held until the buyer has the car
 * (and when it is released on its own), released to the seller, refunded (and why), a problem an
 * admin is to decide, and the admin's note once decided, once. Dates in the reader's time zone.
 */
export function moneyStatusLines(money: HeldPayment, reader: MoneyReader): string[] {
  switch (money.state) {
    case 'held':
      return heldLines(money, reader);
    case 'released': {
      const when = money.releasedAt ? ` on ${formatDate(money.releasedAt)}` : '';
      return [reader === 'buyer' ? `Released to the seller${when}` : `Released to you${when}`, ...decisionLine(money.dispute)];
    }
    case 'refunded': {
      const when = money.refundedAt ? ` on ${formatDate(money.refundedAt)}` : '';
      // The reason says who gave the money back (an admin's note is in it), so the case it answered adds nothing.
      return [`Refunded${when}`, ...(money.refundReason ? [money.refundReason] : decisionLine(money.dispute))];
    }
  }
}
