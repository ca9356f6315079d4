import { randomBytes } from 'node:crypto';
import type { Pool, QueryResultRow } from 'pg';
import { testPayoutAccountNumbers, testRoutingNumber, type CardErrorBody } from '@second-gear/contract';
import type { CreateIntentInput, IntentStatus, PaymentIntentView, PaymentProvider, PayoutAccountView, TransferInput } from './provider.ts';
import { judgeCard, type CardInput } from './test-cards.ts';

/**
 * The built-in test-mode card processor (`PAYMENTS=test`). It plays Stripe's side: intents live in
 * its own table (`test_processor_intents`), the browser confirms them with the client secret
 * through `POST /api/test-processor/confirm` (no Stripe.js, which cannot load here), and the
 * server reads them back through the same `PaymentProvider` calls it uses with Stripe.
 *
 * It plays Stripe Connect's side of payouts too: sellers' connected accounts
 * (`test_processor_accounts`), onboarded through the web app's test page with test bank details
 * instead of Stripe's hosted onboarding, and transfers to them (`test_processor_transfers`).
 */


/** Refused cards after which an intent is canceled, so one client secret cannot be used to try card after card. */
export const MAX_FAILED_ATTEMPTS = 10;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random, Stripe-like ids: `pi_` + 24 alphanumerics (about 143 bits). */
function randomId(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // 248 is the largest multiple of 62 below 256: rejecting the rest keeps every character equally likely.
  for (let i = 0; i < bytes.length && out.length < length; i++) if (bytes[i]! < 248) out += ALPHANUMERIC[bytes[i]! % 62];
  return out.length === length ? out : randomId(length);
}

interface IntentRow {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: IntentStatus;
  metadata: Record<string, string>;
  refunded: boolean;
}

function toView(r: IntentRow): PaymentIntentView {
  return { id: r.id, clientSecret: r.client_secret, amount: r.amount, currency: r.currency, status: r.status, metadata: r.metadata };
}

interface AccountRow {
  id: string;
  email: string;
  seller_id: string;
  details_submitted: boolean;
  payouts_enabled: boolean;
}

const toAccountView = (r: AccountRow): PayoutAccountView => ({ id: r.id, detailsSubmitted: r.details_submitted, payoutsEnabled: r.payouts_enabled });

interface TransferRow {
  id: string;
  amount: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  idempotency_key: string;
}

/** Test bank details, as the test onboarding page posts them. */
export interface TestBankDetails {
  holderName: string;
  routingNumber: string;
  accountNumber: string;
}


/** What the confirm call answers: the HTTP status and Stripe's body. */
export type ConfirmAnswer = { status: 200; body: { paymentIntent: { id: string; status: 'succeeded' } } } | { status: 400 | 402 | 404 | 429; body: CardErrorBody };

const invalidRequest = (status: 400 | 404 | 429, code: string, message: string): ConfirmAnswer => ({
  status,
  body: { error: { type: 'invalid_request_error', code, message } },
});

const CONFIRMABLE = `status in ('requires_payment_method', 'requires_confirmation')`;

export class TestProcessor implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;

  constructor(private readonly pool: Pool) {}

  async createIntent(input: CreateIntentInput): Promise<PaymentIntentView> {
    const id = `pi_${randomId(24)}`;
    const secret = `${id}_secret_${randomId(25)}`;
    const { rows } = await this.pool.query<IntentRow>(
      `insert into test_processor_intents (id, client_secret, amount, currency, metadata, description, receipt_email, idempotency_key, transfer_group)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (idempotency_key) do nothing
       returning *`,
      [id, secret, input.amount, input.currency, JSON.stringify(input.metadata), input.description, input.receiptEmail, input.idempotencyKey, input.transferGroup],
    );
    if (rows[0]) return toView(rows[0]);
    const found = await this.madeBefore<IntentRow>('test_processor_intents', input.idempotencyKey, (r) => r.amount === input.amount && r.currency === input.currency);
    return toView(found!);
  }

  /**
   * What an idempotency key made before, answered again as Stripe does; a request under that key with
   * other parameters is refused (`sameRequest` says which of the row's fields must match).
   */
  private async madeBefore<Row extends QueryResultRow>(table: 'test_processor_intents' | 'test_processor_accounts' | 'test_processor_transfers', key: string, sameRequest: (row: Row) => boolean) {
    const { rows } = await this.pool.query<Row>(`select * from ${table} where idempotency_key = $1`, [key]);
    if (rows[0] && !sameRequest(rows[0])) throw new Error(`Idempotency key ${key} was used with other parameters`);
    return rows[0];
  }

  async retrieveIntent(id: string): Promise<PaymentIntentView | null> {
    const { rows } = await this.pool.query<IntentRow>('select * from test_processor_intents where id = $1', [id]);
    return rows[0] ? toView(rows[0]) : null;
  }

  async refund(intentId: string, reason: string): Promise<void> {
    // Only a succeeded payment has money to give back; the first refund wins and later ones change nothing.
    const { rowCount } = await this.pool.query(
      `update test_processor_intents set refunded = true, refunded_at = now(), refund_reason = $2
        where id = $1 and status = 'succeeded' and not refunded`,
      [intentId, reason],
    );
    if (rowCount) return;
    const intent = await this.retrieveIntent(intentId);
    if (!intent) throw new Error(`No such payment_intent: '${intentId}'`);
    if (intent.status !== 'succeeded') throw new Error(`PaymentIntent ${intentId} has no successful payment to refund`);
  }

  /** Whether this intent was refunded, for tests and support. */
  async isRefunded(intentId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ refunded: boolean }>('select refunded from test_processor_intents where id = $1', [intentId]);
    return rows[0]?.refunded ?? false;
  }

  async createPayoutAccount(input: { email: string; sellerId: string; idempotencyKey: string }): Promise<PayoutAccountView> {
    const { rows } = await this.pool.query<AccountRow>(
      `insert into test_processor_accounts (id, email, seller_id, idempotency_key) values ($1, $2, $3, $4)
       on conflict (idempotency_key) do nothing
       returning *`,
      [`acct_${randomId(16)}`, input.email, input.sellerId, input.idempotencyKey],
    );
    if (rows[0]) return toAccountView(rows[0]);
    const found = await this.madeBefore<AccountRow>('test_processor_accounts', input.idempotencyKey, (r) => r.seller_id === input.sellerId && r.email === input.email);
    return toAccountView(found!);
  }

  async retrievePayoutAccount(id: string): Promise<PayoutAccountView | null> {
    const { rows } = await this.pool.query<AccountRow>('select * from test_processor_accounts where id = $1', [id]);
    return rows[0] ? toAccountView(rows[0]) : null;
  }

  /** The web app's test onboarding page (in place of Stripe's hosted one), which comes back to `returnUrl`. */
  async onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    if (!(await this.retrievePayoutAccount(accountId))) throw new Error(`No such account: '${accountId}'`);
    return `/dashboard/payouts/test-onboarding?account=${encodeURIComponent(accountId)}&return=${encodeURIComponent(urls.returnUrl)}`;
  }

  /**
   * The seller gives their bank details on the test onboarding page. Routing number 110000000 with
   * `testPayoutAccountNumbers.enabled` can receive at once; any other details are taken but stay
   * under review (not able to receive), as a Stripe account whose verification is pending. Only the
   * account number's last four digits are kept.
   */
  async onboard(accountId: string, details: TestBankDetails): Promise<PayoutAccountView> {
    const enabled = details.routingNumber === testRoutingNumber && details.accountNumber === testPayoutAccountNumbers.enabled;
    const { rows } = await this.pool.query<AccountRow>(
      `update test_processor_accounts
          set holder_name = $2, routing_number = $3, account_last4 = $4, details_submitted = true, payouts_enabled = $5, updated_at = now()
        where id = $1 returning *`,
      [accountId, details.holderName, details.routingNumber, details.accountNumber.slice(-4), enabled],
    );
    if (!rows[0]) throw new Error(`No such account: '${accountId}'`);
    return toAccountView(rows[0]);
  }

  async transfer(input: TransferInput): Promise<{ id: string }> {
    // Whether the destination can receive is read by the insert itself, not beforehand, so no
    // transfer is made on a state that changed in between.
    const { rows } = await this.pool.query<TransferRow>(
      `insert into test_processor_transfers (id, amount, currency, destination, transfer_group, idempotency_key, metadata)
       select $1, $2, $3, a.id, $5, $6, $7 from test_processor_accounts a where a.id = $4 and a.payouts_enabled
       on conflict (idempotency_key) do nothing
       returning *`,
      [`tr_${randomId(24)}`, input.amount, input.currency, input.destination, input.transferGroup, input.idempotencyKey, JSON.stringify(input.metadata)],
    );
    if (rows[0]) return { id: rows[0].id };
    // The key was used before, or the destination cannot receive.
    const found = await this.madeBefore<TransferRow>(
      'test_processor_transfers',
      input.idempotencyKey,
      (r) => r.amount === input.amount && r.currency === input.currency && r.destination === input.destination,
    );
    if (found) return { id: found.id };
    const destination = await this.retrievePayoutAccount(input.destination);
    if (!destination) throw new Error(`No such destination: '${input.destination}'`);
    throw new Error(`Your destination account ${input.destination} needs to have at least one of the following capabilities enabled: transfers`);
  }

  /** The transfers made to this account, oldest first, for tests and support. */
  async transfersTo(destination: string): Promise<{ id: string; amount: number; transferGroup: string | null; idempotencyKey: string }[]> {
    const { rows } = await this.pool.query<TransferRow>('select * from test_processor_transfers where destination = $1 order by created_at, id', [destination]);
    return rows.map((r) => ({ id: r.id, amount: r.amount, transferGroup: r.transfer_group, idempotencyKey: r.idempotency_key }));
  }

  /**
   * Confirms an intent with a card, as Stripe.js's `confirmCardPayment` does. Every change is one
   * conditional UPDATE, so two confirmations racing for one intent cannot both succeed.
   */
  async confirm(clientSecret: string, card: CardInput, billing: { name: string; email: string }): Promise<ConfirmAnswer> {
    const outcome = judgeCard(card);
    if (outcome.ok) {
      const paymentMethod = { type: 'card', card: { brand: outcome.brand, last4: outcome.last4, exp_month: outcome.expMonth, exp_year: outcome.expYear }, billing_details: billing };
      const { rows } = await this.pool.query<IntentRow>(
        `update test_processor_intents set status = 'succeeded', payment_method = $2, last_error = null
          where client_secret = $1 and ${CONFIRMABLE} returning *`,
        [clientSecret, JSON.stringify(paymentMethod)],
      );
      if (rows[0]) return { status: 200, body: { paymentIntent: { id: rows[0].id, status: 'succeeded' } } };
      return this.whyNotConfirmable(clientSecret);
    }
    const { decline } = outcome;
    const error = { type: 'card_error' as const, code: decline.code, ...(decline.declineCode ? { decline_code: decline.declineCode } : {}), message: decline.message };
    const { rows } = await this.pool.query<IntentRow>(
      `update test_processor_intents
          set failed_attempts = failed_attempts + 1, last_error = $2,
              status = case when failed_attempts + 1 >= $3 then 'canceled' else 'requires_payment_method' end
        where client_secret = $1 and ${CONFIRMABLE} returning *`,
      [clientSecret, JSON.stringify(error), MAX_FAILED_ATTEMPTS],
    );
    if (rows[0]) return { status: 402, body: { error } };
    return this.whyNotConfirmable(clientSecret);
  }

  private async whyNotConfirmable(clientSecret: string): Promise<ConfirmAnswer> {
    const { rows } = await this.pool.query<IntentRow>('select * from test_processor_intents where client_secret = $1', [clientSecret]);
    const intent = rows[0];
    if (!intent) return invalidRequest(404, 'resource_missing', 'No such payment_intent. Please reload the page and try again.');
    if (intent.status === 'succeeded') {
      return invalidRequest(400, 'payment_intent_unexpected_state', 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.');
    }
    if (intent.status === 'canceled') {
      return invalidRequest(429, 'payment_intent_unexpected_state', 'Too many declined attempts for this payment. Please reload the page to start again.');
    }
    return invalidRequest(400, 'payment_intent_unexpected_state', `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`);
  }
}
