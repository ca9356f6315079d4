import type { PoolClient } from 'pg';
import { formatCents } from '@second-gear/contract/constants';

/**
 * Why a person's account cannot end yet, or null: a payment held between them and the other party
 * (its release or refund still needs both of them on record), or money released to them that has
 * not reached their payout account (it would have nowhere to go). Read in the transaction that
 * ends the account. `who`: the sentence for the person themselves, or for an admin.
 */
export async function unsettledMoney(client: PoolClient, personId: string, who: 'self' | 'admin'): Promise<string | null> {
  const { rows: held } = await client.query<{ amount: number; car: string; as_buyer: boolean }>(
    `select pay.amount, coalesce(p.product_name, 'a car') as car, pay.buyer_id = $1 as as_buyer
       from payments pay left join products p on p.id = pay.product_id
      where pay.state = 'held' and (pay.buyer_id = $1 or pay.seller_id = $1)
      order by pay.created_at limit 1`,
    [personId],
  );
  if (held[0]) {
    const { amount, car, as_buyer } = held[0];
    const payment = `${formatCents(amount)} ${as_buyer ? 'paid for' : 'paid to you for'} ${car}`;
    return who === 'self'
      ? `The ${payment} is held until the handover. It must be released or refunded before you can delete your account.`
      : `A payment of ${formatCents(amount)} for ${car} is held until the handover: release or refund it before deleting this account.`;
  }
  const { rows: owed } = await client.query<{ amount: number }>(
    `select sum(m.amount)::int as amount from money_moves m join payments pay on pay.id = m.payment_id
      where m.kind = 'transfer' and m.state <> 'done' and pay.seller_id = $1
     having count(*) > 0`,
    [personId],
  );
  if (owed[0]) {
    return who === 'self'
      ? `${formatCents(owed[0].amount)} released to you has not been paid out yet. Add a payout account under Payouts and wait for it to arrive before deleting your account.`
      : `${formatCents(owed[0].amount)} released to this seller has not been paid out yet: it must reach their payout account before deleting this account.`;
  }
  return null;
}
