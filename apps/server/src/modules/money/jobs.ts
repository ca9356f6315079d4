import type { Task } from 'graphile-worker';
import { inTransaction } from '../../db/pool.ts';
import { releasePayment } from './decisions.ts';
import { lockPayment } from './locked-payment.ts';
import { carryOutMoves, type MoveDeps } from './moves.ts';
import { releaseDue as releaseDueAt, type MoneyRules } from './rules.ts';

export const SETTLE_MONEY = 'settle_money';

/**
 * Every minute: the held payments past their release date without an open problem are released,
 * and the money moves still due are carried out: the releases' transfers, and what a crash after a
 * decision's commit or a refusing provider left behind (a decision's own request carries its moves
 * out at once). A process that was down catches up at its first minute back.
 */
export const SETTLE_MONEY_CRONTAB = `* * * * * ${SETTLE_MONEY}`;

export const settleMoneyTask =
  (deps: MoveDeps, rules: MoneyRules): Task =>
  async () => {
    await releaseDue(deps, rules);
    await carryOutMoves(deps);
  };

/** Releases each held payment past its date with no open problem, one transaction each, at most 100 a run. */
export async function releaseDue(deps: MoveDeps, rules: MoneyRules): Promise<number> {
  const due = `select pay.id from payments pay left join bookings b on b.id = pay.booking_id
      where pay.state = 'held' and ${releaseDueAt()} <= now()
        and not exists (select 1 from disputes d where d.payment_id = pay.id and d.decision is null)`;
  const { rows } = await deps.pool.query<{ id: string }>(`${due} order by pay.created_at limit 100`);
  let released = 0;
  for (const { id } of rows) {
    const done = await inTransaction(deps.pool, async (client) => {
      const p = await lockPayment(client, id);
      // Decided meanwhile (the buyer's confirmation, a cancellation, a problem reported, a meeting moved later): nothing to do.
      if (!p || !(await client.query(`${due} and pay.id = $1`, [id])).rows.length) return false;
      await releasePayment(client, rules, p, 'automatic');
      return true;
    });
    if (done) released++;
  }
  // Their transfers are carried out by the task right after.
  return released;
}
