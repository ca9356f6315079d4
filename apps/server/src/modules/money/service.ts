import type { FastifyInstance } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { CancelSaleBody, DisputeCase, DisputeDecisionBody, DisputeRow, HeldPayment, ReportProblemBody } from '@second-gear/contract';
import { problemReasonLabels } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { inTransaction } from '../../db/pool.ts';
import { AppError } from '../../errors.ts';
import { alreadyDecided, refundPayment, releasePayment } from './decisions.ts';
import { lockPayment, type LockedPayment } from './locked-payment.ts';
import { carryOutMoves, type MoveDeps } from './moves.ts';
import { dayWords, type MoneyRules } from './rules.ts';
import { tellDisputeOpened } from './telling.ts';
import { MONEY_COLUMNS, moneyJoin, toHeldPayment, type MoneyColumns } from './view.ts';

export interface MoneyDeps extends MoveDeps {
  rules: MoneyRules;
  /** A car went back on the market or was sold: the catalog's cached lists drop it. */
  onCarChange: () => void;
}

/** The money's dependencies as an app has them. */
export function moneyDeps(app: FastifyInstance, provider: PaymentProvider): MoneyDeps {
  return {
    pool: app.pg,
    provider,
    log: app.log,
    rules: { provider: provider.name, feePercent: app.config.platformFeePercent },
    onCarChange: () => app.catalogReads.clear(),
  };
}

const NO_PAYMENT = 'You have no such payment.';

/**
 * One person's decision on a payment: in one transaction with the payment locked, only the
 * buyer's or the seller's own (anyone else's is a 404, as everywhere); the money moves it made
 * are carried out right after the commit, so a refund or a transfer is under way before the answer.
 */
async function decide(deps: MoneyDeps, who: Actor, side: 'buyer' | 'seller', paymentId: string, act: (client: PoolClient, p: LockedPayment) => Promise<void>): Promise<HeldPayment> {
  await inTransaction(deps.pool, async (client) => {
    const p = await lockPayment(client, paymentId);
    if (!p || (side === 'buyer' ? p.buyer_id : p.seller_id) !== who.id) throw new AppError('NOT_FOUND', NO_PAYMENT);
    if (p.state !== 'held') throw new AppError('CONFLICT', alreadyDecided(p, who.clock));
    await act(client, p);
  });
  await afterDecision(deps, paymentId);
  return heldPaymentById(deps.pool, paymentId);
}

/** After a decision's commit: the catalog drops the car that moved, and the provider moves the money. */
export async function afterDecision(deps: MoneyDeps, paymentId: string) {
  deps.onCarChange();
  await carryOutMoves(deps, paymentId);
}

/** Why the buyer can no longer decide on money they reported a problem with (release it, or cancel its booking). */
export const PROBLEM_OPEN = 'You reported a problem with this payment; an admin decides where the money goes.';

/** `POST /payments/:paymentId/received`: the buyer's "I have the car" releases the money to the seller. */
export function confirmReceived(deps: MoneyDeps, buyer: Actor, paymentId: string): Promise<HeldPayment> {
  return decide(deps, buyer, 'buyer', paymentId, async (client, p) => {
    if (p.state === 'held' && p.dispute_open) throw new AppError('CONFLICT', PROBLEM_OPEN);
    await releasePayment(client, deps.rules, p, 'buyer');
  });
}

/** `POST /payments/:paymentId/cancel-sale`: the seller gives the buyer's money back in full; the booking is declined with the reason (refundPayment). */
export function cancelSale(deps: MoneyDeps, seller: Actor, paymentId: string, body: CancelSaleBody): Promise<HeldPayment> {
  return decide(deps, seller, 'seller', paymentId, (client, p) => refundPayment(client, p, 'seller', body.reason));
}

/** `POST /payments/:paymentId/problem`: the buyer opens a case; the money stays held (no automatic release) until an admin decides. */
export function reportProblem(deps: MoneyDeps, buyer: Actor, paymentId: string, body: ReportProblemBody): Promise<HeldPayment> {
  return decide(deps, buyer, 'buyer', paymentId, (client, p) => openDispute(client, p, buyer.id, body));
}

/** The buyer's case on a held payment, opened in the caller's transaction with `p` locked (lockPayment), and told. */
export async function openDispute(client: PoolClient, p: LockedPayment, buyerId: string, body: ReportProblemBody): Promise<void> {
  if (p.state !== 'held') throw new AppError('CONFLICT', alreadyDecided(p));
  const { rows } = await client.query<{ opened_at: Date }>(
    `insert into disputes (payment_id, opened_by, reason, details) values ($1, $2, $3, $4)
     on conflict (payment_id) do nothing returning opened_at`,
    [p.id, buyerId, body.reason, body.details],
  );
  if (!rows[0]) throw new AppError('CONFLICT', 'You already reported a problem with this payment; an admin decides where the money goes.');
  await tellDisputeOpened(client, p, { reason: problemReasonLabels[body.reason], details: body.details });
}

/**
 * A decline or cancellation of a paid booking refunds its held payment, in the booking's
 * transaction (bookings/requests.ts); the caller carries the refund out after its commit.
 * Returns the payment refunded, if any.
 */
export async function refundWithBooking(client: PoolClient, bookingId: string, by: 'seller' | 'buyer', reason: string): Promise<string | null> {
  const { rows } = await client.query<{ id: string }>(`select id from payments where booking_id = $1 and state = 'held'`, [bookingId]);
  const paymentId = rows[0]?.id;
  if (!paymentId) return null;
  const p = (await lockPayment(client, paymentId))!;
  await refundPayment(client, p, by, reason);
  return paymentId;
}

export async function heldPaymentById(pool: Pool, paymentId: string): Promise<HeldPayment> {
  const { rows } = await pool.query<MoneyColumns>(`select ${MONEY_COLUMNS} from payments p0 ${moneyJoin('p0.transaction_id')} where p0.id = $1`, [paymentId]);
  return toHeldPayment(rows[0]!)!;
}

// The admin's Disputes.

interface DisputeListRow extends MoneyColumns {
  payment_id: string;
  product_id: string | null;
  product_name: string;
  buyer_name: string;
  buyer_email: string;
  seller_name: string;
  seller_email: string;
}

const DISPUTE_SELECT = `
  select d.payment_id, sale.product_id, coalesce(b.product_name, p.product_name, 'A removed car') as product_name,
         coalesce(bu.name, 'Deleted user') as buyer_name, coalesce(bu.email, sale.buyer_email) as buyer_email,
         coalesce(se.name, 'Deleted user') as seller_name, coalesce(se.email, '') as seller_email, ${MONEY_COLUMNS}
    from disputes d
    join payments sale on sale.id = d.payment_id
    left join bookings b on b.id = sale.booking_id
    left join products p on p.id = sale.product_id
    left join users bu on bu.id = sale.buyer_id
    left join users se on se.id = sale.seller_id
    ${moneyJoin('sale.transaction_id')}`;

function toDisputeRow(r: DisputeListRow): DisputeRow {
  const money = toHeldPayment(r)!;
  return {
    ...money.dispute!,
    paymentId: r.payment_id,
    productId: r.product_id,
    productName: r.product_name,
    amount: money.amount,
    paymentState: money.state,
    buyerName: r.buyer_name,
    buyerEmail: r.buyer_email,
    sellerName: r.seller_name,
    sellerEmail: r.seller_email,
  };
}

/** `GET /disputes`: open cases first (oldest first: they have waited longest), then the decided ones, newest first. */
export async function listDisputes(pool: Pool): Promise<DisputeRow[]> {
  const { rows } = await pool.query<DisputeListRow>(`${DISPUTE_SELECT} order by d.decision is not null, case when d.decision is null then d.opened_at end, d.decided_at desc limit 500`);
  return rows.map(toDisputeRow);
}

async function disputeRow(pool: Pool | PoolClient, id: string): Promise<DisputeRow> {
  const { rows } = await pool.query<DisputeListRow>(`${DISPUTE_SELECT} where d.id = $1`, [id]);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'There is no such dispute.');
  return toDisputeRow(rows[0]);
}

/** `GET /disputes/:id`: the case with its order, booking, the parties' conversation about the car and its listing checks. */
export async function disputeCase(pool: Pool, id: string): Promise<DisputeCase> {
  const dispute = await disputeRow(pool, id);
  const { rows: pays } = await pool.query<{ booking_id: string | null; buyer_id: string | null; seller_id: string | null; product_id: string | null }>(
    'select booking_id, buyer_id, seller_id, product_id from payments where id = $1',
    [dispute.paymentId],
  );
  const pay = pays[0]!;
  const [booking, messages, checks, payment] = await Promise.all([
    pay.booking_id
      ? pool.query<{ id: string; status: string; preferred_time: Date | null; meeting_time: Date | null; location: string; phone: string; created_at: Date; decline_reason: string | null }>(
          'select id, status, preferred_time, meeting_time, location, phone, created_at, decline_reason from bookings where id = $1',
          [pay.booking_id],
        )
      : null,
    pool.query<{ from: 'buyer' | 'seller'; body: string; created_at: Date }>(
      `select case when m.sender_id = c.buyer_id then 'buyer' else 'seller' end as from, m.body, m.created_at
         from conversations c join messages m on m.conversation_id = c.id
        where c.product_id = $1 and c.buyer_id = $2 and c.seller_id = $3
        order by m.id limit 500`,
      [pay.product_id, pay.buyer_id, pay.seller_id],
    ),
    pool.query<{ name: string; outcome: string; detail: string; dismissed: boolean }>(
      'select name, outcome, detail, dismissed_at is not null as dismissed from listing_checks where product_id = $1 order by name',
      [pay.product_id],
    ),
    heldPaymentById(pool, dispute.paymentId),
  ]);
  const b = booking?.rows[0];
  return {
    dispute,
    payment,
    booking: b
      ? {
          _id: b.id,
          status: b.status,
          preferredTime: b.preferred_time?.toISOString() ?? null,
          meetingTime: b.meeting_time?.toISOString() ?? null,
          location: b.location,
          phone: b.phone,
          bookedAt: b.created_at.toISOString(),
          declineReason: b.decline_reason,
        }
      : null,
    messages: messages.rows.map((m) => ({ from: m.from, body: m.body, sentAt: m.created_at.toISOString() })),
    listingChecks: checks.rows.map((c) => ({ check: c.name, outcome: c.outcome, note: c.detail, dismissed: c.dismissed })),
  };
}

/** `POST /disputes/:id/decision`: the admin refunds the buyer or releases to the seller, once; both parties get the note. */
export async function decideDispute(deps: MoneyDeps, admin: Actor, id: string, body: DisputeDecisionBody): Promise<DisputeRow> {
  const paymentId = await inTransaction(deps.pool, async (client) => {
    // The car and the payment first, then the case: the order every decision locks in (a seller's
    // Cancel sale answers an open case under the same locks), so two decisions never deadlock.
    const { rows: found } = await client.query<{ payment_id: string }>('select payment_id from disputes where id = $1', [id]);
    if (!found[0]) throw new AppError('NOT_FOUND', 'There is no such dispute.');
    const p = (await lockPayment(client, found[0].payment_id))!;
    const { rows } = await client.query<{ payment_id: string; decision: string | null; decided_at: Date | null }>(
      'select payment_id, decision, decided_at from disputes where id = $1 for update',
      [id],
    );
    const d = rows[0]!;
    if (d.decision) throw new AppError('CONFLICT', `This case was already decided on ${dayWords(d.decided_at!, admin.clock)}: ${d.decision === 'refund' ? 'the buyer was refunded' : 'the money was released to the seller'}.`);
    if (body.decision === 'refund') await refundPayment(client, p, 'admin', `An admin decided: ${body.note}`);
    else await releasePayment(client, deps.rules, p, 'admin', body.note);
    await client.query('update disputes set decision = $2, note = $3, decided_by = $4, decided_at = now() where id = $1', [id, body.decision, body.note, admin.id]);
    return d.payment_id;
  });
  await afterDecision(deps, paymentId);
  return disputeRow(deps.pool, id);
}
