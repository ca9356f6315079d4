import type { PoolClient } from 'pg';
import { notify, readerClock } from '../notifications/notify.ts';
import type { LockedPayment, RefundedBy, ReleasedBy } from './locked-payment.ts';
import { formatCents } from '@second-gear/contract';
import { RELEASE_AFTER_DAYS } from '@second-gear/contract/constants';
import { dayWords } from './rules.ts';

// What the buyer and the seller are told of their money, by the bell and by email, in the
// transaction of the decision: told exactly when it happened. Each event has its own key, so a
// decision told twice (it cannot be made twice) is one notification each.

type Party = Pick<LockedPayment, 'id' | 'kind' | 'amount' | 'product_name' | 'buyer_id' | 'seller_id'>;

const buyerPage = (p: Party) => (p.kind === 'order' ? '/dashboard/myorders' : '/dashboard/mywishlist');
const SELLER_PAGE = '/dashboard/payouts';

async function tell(client: PoolClient, p: Party, event: string, buyer: { title: string; body: string } | null, seller: { title: string; body: string } | null) {
  if (buyer && p.buyer_id) await notify(client, { userId: p.buyer_id, eventKey: `money:${p.id}:${event}`, kind: 'payment', link: buyerPage(p), ...buyer });
  if (seller && p.seller_id) await notify(client, { userId: p.seller_id, eventKey: `money:${p.id}:${event}`, kind: 'payment', link: SELLER_PAGE, ...seller });
}

/** The buyer's receipt and the seller's news of a payment, when it is recorded (held); the day on the buyer's clock. */
export async function tellPaid(client: PoolClient, p: Party & { transactionId: string; paidAt: Date }) {
  const amount = formatCents(p.amount);
  const buyerClock = p.buyer_id ? await readerClock(client, p.buyer_id) : null;
  await tell(
    client,
    p,
    'paid',
    {
      title: `Receipt: ${amount} for ${p.product_name}`,
      body: [
        `You paid ${amount} for ${p.product_name} on ${dayWords(p.paidAt, buyerClock)}. Transaction id: ${p.transactionId}.`,
        `Second Gear holds the money until you have the car: when you do, press "I have the car" on your order and it goes to the seller. If something is wrong, press "Report a problem". Without either, it is released to the seller ${RELEASE_AFTER_DAYS} days after your confirmed meeting (or after the payment when there is none).`,
      ].join('\n'),
    },
    {
      title: `${p.product_name} is paid: ${amount} held until the handover`,
      body: `A buyer paid ${amount} for ${p.product_name}. The car is reserved for them. Second Gear holds the money until the buyer has the car, then pays it out to you (see Payouts).`,
    },
  );
}

const releasedHow: Record<ReleasedBy, string> = {
  buyer: 'The buyer confirmed they have the car.',
  automatic: `No problem was reported within ${RELEASE_AFTER_DAYS} days of the meeting, so it was released on its own.`,
  admin: 'An admin decided the case in favour of the seller.',
};

export async function tellReleased(client: PoolClient, p: Party, d: { by: ReleasedBy; net: number; fee: number; waitsForAccount: boolean; note?: string }) {
  const note = d.note ? `\nThe admin's note: ${d.note}` : '';
  const fee = d.fee ? ` (${formatCents(p.amount)} less the platform fee of ${formatCents(d.fee)})` : '';
  const where = d.waitsForAccount
    ? `It waits for you: add a payout account on Payouts to receive it.`
    : 'It is on its way to your payout account.';
  await tell(
    client,
    p,
    'released',
    { title: `Your payment for ${p.product_name} went to the seller`, body: `${releasedHow[d.by]} Your payment of ${formatCents(p.amount)} was released to the seller.${note}` },
    { title: `${formatCents(d.net)} for ${p.product_name} is yours`, body: `${releasedHow[d.by]} ${formatCents(d.net)}${fee} was released to you. ${where}${note}` },
  );
}

const refundedHow: Record<RefundedBy, string> = {
  seller: 'The seller cancelled the sale.',
  buyer: 'The booking was cancelled.',
  admin: 'An admin decided the case in favour of the buyer.',
};

export async function tellRefunded(client: PoolClient, p: Party, d: { by: RefundedBy; reason: string }) {
  const why = d.reason ? ` Reason: ${d.reason}` : '';
  await tell(
    client,
    p,
    'refunded',
    { title: `${formatCents(p.amount)} for ${p.product_name} is refunded`, body: `${refundedHow[d.by]} Your payment of ${formatCents(p.amount)} is refunded in full to your card.${why}` },
    { title: `The sale of ${p.product_name} was refunded`, body: `${refundedHow[d.by]} The buyer's payment of ${formatCents(p.amount)} is refunded in full, and ${p.product_name} is back on the market.${why}` },
  );
}

export async function tellDisputeOpened(client: PoolClient, p: Party, d: { reason: string; details: string }) {
  await tell(
    client,
    p,
    'dispute',
    {
      title: `Problem reported: ${p.product_name}`,
      body: `You reported a problem with ${p.product_name} (${d.reason}). The money stays held until an admin decides; both of you will be told.\n${d.details}`,
    },
    {
      title: `The buyer of ${p.product_name} reported a problem`,
      body: `The buyer reported a problem (${d.reason}): ${d.details}\nThe payment of ${formatCents(p.amount)} stays held until an admin decides; both of you will be told.`,
    },
  );
}
