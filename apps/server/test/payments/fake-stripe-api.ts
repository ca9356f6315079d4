import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * For tests only: a local HTTP server on 127.0.0.1 that answers the Stripe API calls this product
 * makes, in Stripe's JSON shapes, so the real `stripe` SDK can be exercised without the network.
 * It keeps Stripe's rules that matter to us: Idempotency-Key replays, 404 `resource_missing`, card
 * declines as 402 `card_error`, one refund per payment, transfers only to connected accounts whose
 * `transfers` capability is active, and events signed like Stripe's.
 */

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  transfer_group: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  payment_method: string | null;
  latest_charge: string | null;
  last_payment_error: object | null;
  canceled_at: null;
  cancellation_reason: null;
  created: number;
  livemode: false;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
}

/** A Connect account, as Stripe answers it (the fields this product reads, and a few that identify it). */
interface FakeAccount {
  id: string;
  object: 'account';
  type: 'express' | 'standard' | 'custom' | 'none';
  controller: object;
  email: string | null;
  metadata: Record<string, string>;
  capabilities: { transfers?: 'active' | 'inactive' | 'pending' };
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  created: number;
}

interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  metadata: Record<string, string>;
  reversed: boolean;
  created: number;
  livemode: false;
}

interface Answer {
  status: number;
  body: object;
}

/** Stripe's test payment methods, as Stripe.js would send them after reading the card form. */
const TEST_PAYMENT_METHODS: Record<string, { error?: { code: string; decline_code?: string; message: string } }> = {
  pm_card_visa: {},
  pm_card_mastercard: {},
  pm_card_chargeDeclined: { error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
  pm_card_chargeDeclinedInsufficientFunds: { error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const stripeError = (status: number, type: string, code: string, message: string, extra: object = {}): Answer => ({
  status,
  body: { error: { type, code, message, ...extra } },
});

/** `a[b][0]=x` form encoding (what the SDK sends) into nested objects; arrays stay objects keyed by index. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path.at(-1)!] = value;
  }
  return out;
}

const listOf = (v: unknown) => (v && typeof v === 'object' ? Object.values(v as Record<string, string>) : null);

export class FakeStripeApi {
  readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  readonly publishableKey = `pk_test_${randomBytes(12).toString('hex')}`;
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds: FakeRefund[] = [];
  readonly accounts = new Map<string, FakeAccount>();
  readonly transfers: FakeTransfer[] = [];
  /** Every call received, for tests that count them. */
  readonly calls: { method: string; path: string; idempotencyKey: string | undefined }[] = [];
  private readonly replays = new Map<string, { params: string; answer: Answer }>();
  private server: http.Server | undefined;
  port = 0;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const answer = this.handle(req, body);
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Settings for `StripeProvider` pointing at this server. */
  get settings() {
    return { secretKey: this.secretKey, publishableKey: this.publishableKey, webhookSecret: this.webhookSecret, host: '127.0.0.1', port: this.port, protocol: 'http' as const };
  }

  /** What the browser does through Stripe.js: confirm with the publishable key and the client secret. */
  async confirmAsBrowser(clientSecret: string, paymentMethod = 'pm_card_visa'): Promise<{ status: number; body: { error?: { message: string; code: string } } & Partial<FakeIntent> }> {
    const intentId = clientSecret.split('_secret_')[0];
    const res = await fetch(`http://127.0.0.1:${this.port}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: clientSecret, payment_method: paymentMethod }).toString(),
    });
    return { status: res.status, body: await res.json() };
  }

  /** A webhook delivery as Stripe makes it: the event's JSON and its `Stripe-Signature` header. */
  signedEvent(type: string, object: object, eventId = id('evt')): { payload: string; signature: string; eventId: string } {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    return { payload, signature, eventId };
  }

  /**
   * What the seller's time in Stripe's hosted onboarding ends with: every detail given, and the
   * `transfers` capability active, or still pending while Stripe verifies them.
   */
  completeOnboarding(accountId: string, { enabled }: { enabled: boolean }) {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`No such account: '${accountId}'`);
    Object.assign(account, { details_submitted: true, capabilities: { transfers: enabled ? 'active' : 'pending' }, charges_enabled: enabled, payouts_enabled: enabled });
  }

  /** Stripe's `account.updated` webhook for this account as it is now. */
  accountUpdatedEvent(accountId: string) {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`No such account: '${accountId}'`);
    return this.signedEvent('account.updated', account);
  }

  private handle(req: http.IncomingMessage, body: string): Answer {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.calls.push({ method: req.method ?? '', path: url.pathname, idempotencyKey });
    const params = parseForm(body);

    const publishable = key === this.publishableKey;
    if (key !== this.secretKey && !publishable) return stripeError(401, 'invalid_request_error', 'api_key_invalid', `Invalid API Key provided: ${key.slice(0, 8)}***`);

    const confirm = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/);
    if (req.method === 'POST' && confirm) return this.confirm(decodeURIComponent(confirm[1]!), params, publishable);
    if (publishable) return stripeError(403, 'invalid_request_error', 'secret_key_required', 'This API call cannot be made with a publishable API key.');

    // Stripe replays the first answer to a POST with the same Idempotency-Key, and refuses other parameters under it.
    if (req.method === 'POST' && idempotencyKey) {
      const seen = this.replays.get(idempotencyKey);
      if (seen && seen.params !== body) {
        return stripeError(400, 'idempotency_error', 'idempotency_key_in_use', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      }
      if (seen) return seen.answer;
      const answer = this.route(req.method, url.pathname, params);
      // Stripe does not keep answers to requests that failed before doing anything (4xx other than 402).
      if (answer.status < 400 || answer.status === 402) this.replays.set(idempotencyKey, { params: body, answer });
      return answer;
    }
    return this.route(req.method ?? '', url.pathname, params);
  }

  private route(method: string, path: string, params: Record<string, unknown>): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(params);
    const one = path.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (method === 'GET' && one) {
      const intent = this.intents.get(decodeURIComponent(one[1]!));
      return intent ? { status: 200, body: intent } : this.missing('payment_intent', one[1]!);
    }
    if (method === 'POST' && path === '/v1/refunds') return this.refund(params);
    if (method === 'POST' && path === '/v1/accounts') return this.createAccount(params);
    const account = path.match(/^\/v1\/accounts\/([^/]+)$/);
    if (method === 'GET' && account) {
      const found = this.accounts.get(decodeURIComponent(account[1]!));
      return found ? { status: 200, body: found } : this.missing('account', account[1]!, 'account');
    }
    if (method === 'POST' && path === '/v1/account_links') return this.accountLink(params);
    if (method === 'POST' && path === '/v1/transfers') return this.transfer(params);
    return stripeError(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
  }

  private missing(kind: string, ref: string, param = 'intent'): Answer {
    return stripeError(404, 'invalid_request_error', 'resource_missing', `No such ${kind}: '${ref}'`, { param });
  }

  private createIntent(params: Record<string, unknown>): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50 || amount > 99_999_999) {
      return stripeError(400, 'invalid_request_error', 'amount_too_small', 'Amount must be between $0.50 and $999,999.99.', { param: 'amount' });
    }
    if (params.payment_method_types !== undefined) {
      return stripeError(400, 'invalid_request_error', 'payment_method_types_no_longer_supported', 'payment_method_types is no longer supported; use allowed_payment_method_types.', {
        param: 'payment_method_types',
      });
    }
    if (params.allowed_payment_method_types !== undefined && params.automatic_payment_methods !== undefined) {
      return stripeError(400, 'invalid_request_error', 'parameters_exclusive', 'allowed_payment_method_types and automatic_payment_methods cannot be used together.');
    }
    const intentId = id('pi');
    const allowed = listOf(params.allowed_payment_method_types);
    const intent: FakeIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: String(params.currency),
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      metadata: (params.metadata as Record<string, string>) ?? {},
      description: (params.description as string) ?? null,
      receipt_email: (params.receipt_email as string) ?? null,
      transfer_group: (params.transfer_group as string) ?? null,
      allowed_payment_method_types: allowed,
      payment_method_types: allowed ?? ['card'],
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      payment_method: null,
      latest_charge: null,
      last_payment_error: null,
      canceled_at: null,
      cancellation_reason: null,
      created: now(),
      livemode: false,
    };
    this.intents.set(intentId, intent);
    return { status: 200, body: intent };
  }

  private confirm(intentId: string, params: Record<string, unknown>, publishable: boolean): Answer {
    const intent = this.intents.get(intentId);
    if (!intent || (publishable && params.client_secret !== intent.client_secret)) return this.missing('payment_intent', intentId);
    if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
      return stripeError(
        400,
        'invalid_request_error',
        'payment_intent_unexpected_state',
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      );
    }
    const method = String(params.payment_method ?? '');
    const behaviour = TEST_PAYMENT_METHODS[method];
    if (!behaviour) return stripeError(400, 'invalid_request_error', 'resource_missing', `No such PaymentMethod: '${method}'`, { param: 'payment_method' });
    if (behaviour.error) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...behaviour.error };
      return { status: 402, body: { error: { type: 'card_error', ...behaviour.error, payment_intent: intent } } };
    }
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, payment_method: id('pm'), latest_charge: id('ch'), last_payment_error: null });
    return { status: 200, body: intent };
  }

  private refund(params: Record<string, unknown>): Answer {
    const intentId = String(params.payment_intent ?? '');
    const intent = this.intents.get(intentId);
    if (!intent) return this.missing('payment_intent', intentId);
    if (intent.status !== 'succeeded') {
      return stripeError(400, 'invalid_request_error', 'resource_missing', `This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
    }
    if (this.refunds.some((r) => r.payment_intent === intentId)) {
      return stripeError(400, 'invalid_request_error', 'charge_already_refunded', `Charge ${intent.latest_charge} has already been refunded.`);
    }
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: intentId,
      metadata: (params.metadata as Record<string, string>) ?? {},
      status: 'succeeded',
      created: now(),
    };
    this.refunds.push(refund);
    return { status: 200, body: refund };
  }

  private createAccount(params: Record<string, unknown>): Answer {
    const controller = (params.controller as { stripe_dashboard?: { type?: string } } | undefined) ?? null;
    if (controller && params.type !== undefined) {
      return stripeError(400, 'invalid_request_error', 'parameters_exclusive', 'You cannot specify both type and controller.', { param: 'type' });
    }
    const dashboard = controller?.stripe_dashboard?.type ?? (params.type === 'express' ? 'express' : 'full');
    const requested = (params.capabilities as { transfers?: { requested?: string } } | undefined)?.transfers?.requested === 'true';
    // Stripe asks an account without its full Dashboard to request its capabilities up front.
    if (dashboard !== 'full' && !requested) {
      return stripeError(400, 'invalid_request_error', 'parameter_missing', 'Capabilities must be requested for accounts without access to the full Stripe Dashboard.', { param: 'capabilities' });
    }
    const account: FakeAccount = {
      id: id('acct'),
      object: 'account',
      type: dashboard === 'express' ? 'express' : dashboard === 'none' ? 'custom' : 'standard',
      controller: { ...(controller ?? {}), type: 'application', is_controller: true },
      email: (params.email as string) ?? null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      capabilities: requested ? { transfers: 'inactive' } : {},
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      created: now(),
    };
    this.accounts.set(account.id, account);
    return { status: 200, body: account };
  }

  private accountLink(params: Record<string, unknown>): Answer {
    const accountId = String(params.account ?? '');
    if (!this.accounts.has(accountId)) return this.missing('account', accountId, 'account');
    if (params.type !== 'account_onboarding' && params.type !== 'account_update') {
      return stripeError(400, 'invalid_request_error', 'parameter_invalid_string', `Invalid type: ${String(params.type)}`, { param: 'type' });
    }
    const created = now();
    return {
      status: 200,
      body: { object: 'account_link', created, expires_at: created + 300, url: `https://connect.stripe.com/setup/e/${accountId}/${randomBytes(9).toString('hex')}` },
    };
  }

  private transfer(params: Record<string, unknown>): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) return stripeError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid positive integer', { param: 'amount' });
    const destination = String(params.destination ?? '');
    const account = this.accounts.get(destination);
    if (!account) return stripeError(400, 'invalid_request_error', 'resource_missing', `No such destination: '${destination}'`, { param: 'destination' });
    if (account.capabilities.transfers !== 'active') {
      return stripeError(
        400,
        'invalid_request_error',
        'insufficient_capabilities_for_transfer',
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { param: 'destination' },
      );
    }
    const transfer: FakeTransfer = {
      id: id('tr'),
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency: String(params.currency),
      destination,
      transfer_group: (params.transfer_group as string) ?? null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      reversed: false,
      created: now(),
      livemode: false,
    };
    this.transfers.push(transfer);
    return { status: 200, body: transfer };
  }
}
