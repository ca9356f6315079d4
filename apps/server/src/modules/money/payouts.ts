import type { Pool } from 'pg';
import type { PayoutAccountStatus, PayoutsView } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import type { Limit, RateLimits } from '../../auth/rate-limits.ts';
import { AppError, waitWords } from '../../errors.ts';
import type { PayoutAccountView } from '../../payments/provider.ts';
import { carryOutMoves } from './moves.ts';
import type { MoneyDeps } from './service.ts';
import { MONEY_COLUMNS, moneyJoin, toHeldPayment, type MoneyColumns } from './view.ts';

// A seller's payout account and their sales' money. The account is made at the provider (Stripe
// Connect Express, or the test processor's own) the first time a seller asks to add one; the
// provider's hosted onboarding takes their details; what it then can do comes back through
// `account.updated` (Stripe's webhook, or the test processor's onboarding route), always read
// back from the provider, so an old or forged event cannot set a state the provider does not hold.

interface AccountRow {
  account_id: string;
  details_submitted: boolean;
  payouts_enabled: boolean;
}

function statusOf(account: AccountRow | undefined): PayoutAccountStatus {
  if (!account) return 'none';
  if (account.payouts_enabled) return 'enabled';
  return account.details_submitted ? 'pending' : 'incomplete';
}

async function accountOf(pool: Pool, sellerId: string, provider: string): Promise<AccountRow | undefined> {
  const { rows } = await pool.query<AccountRow>('select account_id, details_submitted, payouts_enabled from payout_accounts where seller_id = $1 and provider = $2', [
    sellerId,
    provider,
  ]);
  return rows[0];
}

interface SaleRow extends MoneyColumns {
  product_id: string | null;
  product_name: string;
  fee: number | null;
  net: number | null;
  transfer_state: 'waiting' | 'due' | 'done' | null;
  transferred_at: Date | null;
}

/** `GET /payouts`: the seller's account and each of their sales, newest first. */
export async function payoutsOf(deps: MoneyDeps, seller: Actor): Promise<PayoutsView> {
  const [account, sales] = await Promise.all([
    accountOf(deps.pool, seller.id, deps.rules.provider),
    deps.pool.query<SaleRow>(
      `select sale.product_id, coalesce(b.product_name, p.product_name, 'A removed car') as product_name,
              t.fee, t.amount as net, t.state as transfer_state, t.done_at as transferred_at, ${MONEY_COLUMNS}
         from payments sale
         left join bookings b on b.id = sale.booking_id
         left join products p on p.id = sale.product_id
         left join money_moves t on t.payment_id = sale.id and t.kind = 'transfer'
         ${moneyJoin('sale.transaction_id')}
        where sale.seller_id = $1
        order by sale.created_at desc
        limit 500`,
      [seller.id],
    ),
  ]);
  return {
    feePercent: deps.rules.feePercent,
    account: { status: statusOf(account), provider: deps.rules.provider },
    sales: sales.rows.map((r) => {
      const money = toHeldPayment(r)!;
      return {
        paymentId: money.paymentId,
        productId: r.product_id,
        productName: r.product_name,
        state: money.state,
        amount: money.amount,
        fee: r.fee,
        net: r.net,
        paidAt: money.paidAt,
        releaseDueAt: money.releaseDueAt,
        releasedAt: money.releasedAt,
        refundedAt: money.refundedAt,
        // A transfer made at the provider and not yet marked (due) is still on its way to the seller: waiting.
        transfer: r.transfer_state === null ? null : r.transfer_state === 'done' ? 'sent' : 'waiting',
        transferredAt: r.transferred_at?.toISOString() ?? null,
        disputeOpen: money.dispute !== null && money.dispute.decision === null,
      };
    }),
  };
}

/**
 * Onboarding links one seller may ask for in an hour. Each is a call to the provider (Stripe's
 * account links, which Stripe rate-limits for the whole platform); a link expires within minutes and
 * a seller who left the onboarding comes back for another, so ten an hour is room for several tries
 * while a button pressed in a loop cannot spend the platform's calls.
 */
export const ONBOARDING_LINKS_PER_HOUR: Limit = { max: 10, minutes: 60 };

/**
 * `POST /payouts/account`: the seller's account at the provider (made once: the key is the
 * seller's), and a fresh link to its onboarding, which returns to Payouts; at most
 * ONBOARDING_LINKS_PER_HOUR, counted before the provider is asked and kept when it fails (the call
 * was made all the same).
 */
export async function onboardingLink(deps: MoneyDeps, limits: RateLimits, seller: Actor, publicUrl: string): Promise<{ url: string }> {
  const minutes = await limits.take([{ key: `payout-onboarding:${seller.id}`, limit: ONBOARDING_LINKS_PER_HOUR }]);
  if (minutes) {
    const refusal = `You have asked to set up your payout account ${ONBOARDING_LINKS_PER_HOUR.max} times in the last hour, the most we take. You can carry on in ${waitWords(minutes)}.`;
    throw new AppError('TOO_MANY_REQUESTS', refusal, minutes * 60);
  }
  let account = await accountOf(deps.pool, seller.id, deps.rules.provider);
  if (!account) {
    const made = await deps.provider.createPayoutAccount({ email: seller.email, sellerId: seller.id, idempotencyKey: `payout-account-${seller.id}` });
    // Two tabs asking at once make one account (same key) and one row.
    await deps.pool.query(
      `insert into payout_accounts (seller_id, provider, account_id, details_submitted, payouts_enabled) values ($1, $2, $3, $4, $5)
       on conflict (seller_id) do update set provider = excluded.provider, account_id = excluded.account_id,
         details_submitted = excluded.details_submitted, payouts_enabled = excluded.payouts_enabled, updated_at = now()
       where payout_accounts.provider <> excluded.provider`,
      [seller.id, deps.rules.provider, made.id, made.detailsSubmitted, made.payoutsEnabled],
    );
    account = (await accountOf(deps.pool, seller.id, deps.rules.provider))!;
  }
  const url = await deps.provider.onboardingLink(account.account_id, {
    returnUrl: `${publicUrl}/dashboard/payouts?onboarding=done`,
    refreshUrl: `${publicUrl}/dashboard/payouts?onboarding=retry`,
  });
  return { url };
}

/**
 * What the provider says an account can do now (Stripe's `account.updated`, the test processor's
 * onboarding). An account that can receive gets its seller's waiting transfers, which are then
 * carried out. Unknown accounts are not ours and change nothing.
 */
export async function accountUpdated(deps: MoneyDeps, account: PayoutAccountView): Promise<void> {
  const { rows } = await deps.pool.query<{ seller_id: string }>(
    `update payout_accounts set details_submitted = $2, payouts_enabled = $3, updated_at = now()
      where account_id = $1 and provider = $4 returning seller_id`,
    [account.id, account.detailsSubmitted, account.payoutsEnabled, deps.rules.provider],
  );
  const sellerId = rows[0]?.seller_id;
  if (!sellerId || !account.payoutsEnabled) return;
  const { rowCount } = await deps.pool.query(
    `update money_moves m set state = 'due', destination = $2
       from payments pay
      where pay.id = m.payment_id and pay.seller_id = $1 and m.kind = 'transfer' and m.state = 'waiting'`,
    [sellerId, account.id],
  );
  if (rowCount) await carryOutMoves(deps);
}

/** Reads the account back from the provider before believing an event about it. */
export async function refreshAccount(deps: MoneyDeps, accountId: string): Promise<void> {
  const account = await deps.provider.retrievePayoutAccount(accountId);
  if (account) await accountUpdated(deps, account);
}

/** Whether this account is the seller's own (the test processor's onboarding page may be used only by its seller). */
export async function ownsAccount(pool: Pool, seller: Actor, accountId: string): Promise<boolean> {
  const { rows } = await pool.query('select 1 from payout_accounts where seller_id = $1 and account_id = $2', [seller.id, accountId]);
  return rows.length > 0;
}
