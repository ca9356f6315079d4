import type { PoolClient } from 'pg';

// A held payment as its decisions (decisions.ts) and their messages (telling.ts) both read it: its own
// module, so that neither of the two imports the other for it.

/** A payment row with what a decision needs, its car and payment locked in that order (the order settle.ts locks in). */
export interface LockedPayment {
  id: string;
  kind: 'order' | 'wishlist';
  state: 'held' | 'released' | 'refunded';
  amount: number;
  product_id: string | null;
  product_name: string;
  buyer_id: string | null;
  seller_id: string | null;
  booking_id: string | null;
  wishlist_entry_id: string | null;
  released_at: Date | null;
  refunded_at: Date | null;
  dispute_open: boolean;
}

/** Locks the payment (and first its car) for a decision; null when there is no such payment. */
export async function lockPayment(client: PoolClient, paymentId: string): Promise<LockedPayment | null> {
  await client.query('select 1 from products where id = (select product_id from payments where id = $1) for update', [paymentId]);
  const { rows } = await client.query<LockedPayment>(
    `select pay.id, pay.kind, pay.state, pay.amount, pay.product_id, pay.buyer_id, pay.seller_id, pay.booking_id, pay.wishlist_entry_id,
            pay.released_at, pay.refunded_at,
            coalesce(b.product_name, p.product_name, 'The car') as product_name,
            exists (select 1 from disputes d where d.payment_id = pay.id and d.decision is null) as dispute_open
       from payments pay
       left join bookings b on b.id = pay.booking_id
       left join products p on p.id = pay.product_id
      where pay.id = $1
      for update of pay`,
    [paymentId],
  );
  return rows[0] ?? null;
}

/** Who released a payment, and who refunded one: stored with the decision and told in its messages. */
export type ReleasedBy = 'buyer' | 'automatic' | 'admin';
export type RefundedBy = 'seller' | 'buyer' | 'admin';
