import type { Pool } from 'pg';
import type { PaymentProvider } from '../../payments/provider.ts';

export interface MoveDeps {
  pool: Pool;
  provider: PaymentProvider;
  log: { warn(obj: object, msg: string): void };
}

interface DueMove {
  payment_id: string;
  kind: 'refund' | 'transfer';
  amount: number;
  destination: string | null;
  transaction_id: string;
  transfer_group: string;
  refund_reason: string | null;
}

/**
 * Carries out the due money moves (of one payment, or all of them): a refund of the whole payment
 * or a transfer of the seller's share. Each provider call carries a key of its payment and kind
 * (`refund-{intent}`, `transfer-{payment}`), so carrying a move out twice (the request that made
 * the decision and the job racing, or a retry after a crash between the provider's answer and the
 * commit below) reaches the provider twice and moves the money once. A move the provider refuses
 * stays due and is tried again by the job (jobs.ts); the error is kept on the row for support.
 * No lock is held across the network call.
 */
export async function carryOutMoves(deps: MoveDeps, paymentId?: string): Promise<void> {
  const { rows } = await deps.pool.query<DueMove>(
    `select m.payment_id, m.kind, m.amount, m.destination, pay.transaction_id, pay.refund_reason,
            coalesce('order-' || pay.booking_id, 'wishlist-' || pay.wishlist_entry_id, 'payment-' || pay.id) as transfer_group
       from money_moves m join payments pay on pay.id = m.payment_id
      where m.state = 'due' and ($1::uuid is null or m.payment_id = $1)
      order by m.created_at
      limit 100`,
    [paymentId ?? null],
  );
  for (const move of rows) {
    try {
      const ref = await carryOut(deps.provider, move);
      await deps.pool.query(
        `update money_moves set state = 'done', done_at = now(), provider_ref = $3, attempts = attempts + 1, last_error = null
          where payment_id = $1 and kind = $2 and state = 'due'`,
        [move.payment_id, move.kind, ref],
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      deps.log.warn({ paymentId: move.payment_id, kind: move.kind, err: message }, 'a money move was not carried out; the job tries again');
      await deps.pool.query(`update money_moves set attempts = attempts + 1, last_error = $3 where payment_id = $1 and kind = $2 and state = 'due'`, [
        move.payment_id,
        move.kind,
        message.slice(0, 1000),
      ]);
    }
  }
}

async function carryOut(provider: PaymentProvider, move: DueMove): Promise<string | null> {
  if (move.kind === 'refund') {
    await provider.refund(move.transaction_id, move.refund_reason ?? 'refunded');
    return null;
  }
  const transfer = await provider.transfer({
    amount: move.amount,
    currency: 'usd',
    destination: move.destination!,
    transferGroup: move.transfer_group,
    idempotencyKey: `transfer-${move.payment_id}`,
    metadata: { paymentId: move.payment_id },
  });
  return transfer.id;
}
