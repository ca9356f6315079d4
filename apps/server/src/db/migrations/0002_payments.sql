-- Card payments. Three parts: the built-in test processor's own state (it plays Stripe's side when
-- PAYMENTS=test), the Stripe webhook log, and our record of which intents belong to which purchase.

-- The test processor's payment intents. Kept in the database rather than in memory so that an
-- intent survives a restart and every app process on one database sees the same ones, as with Stripe.
create table test_processor_intents (
  id text primary key check (id ~ '^pi_[A-Za-z0-9]{24}$'),
  -- `pi_…_secret_…`: the browser's only capability to confirm this intent.
  client_secret text not null unique,
  -- Integer cents, within Stripe's limit for one card payment.
  amount integer not null check (amount between 50 and 99999999),
  currency text not null check (currency = 'usd'),
  status text not null default 'requires_payment_method'
    check (status in ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled')),
  metadata jsonb not null default '{}',
  description text not null default '',
  receipt_email text,
  -- Same key, same intent (Stripe's Idempotency-Key); the request's amount is kept to refuse a reuse with another one.
  idempotency_key text unique,
  -- Brand, last four digits, expiry and billing details of the card that paid; never the number or CVC.
  payment_method jsonb,
  -- Stripe's `last_payment_error`: { type, code, decline_code?, message } of the latest refused card.
  last_error jsonb,
  -- Refused cards so far; many of them cancel the intent (card-testing guard, see test-processor.ts).
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  refunded boolean not null default false,
  refunded_at timestamptz,
  refund_reason text,
  created_at timestamptz not null default now(),
  check (refunded = (refunded_at is not null)),
  check (not refunded or status = 'succeeded')
);

-- Stripe webhook events already handled: Stripe delivers at least once, so each id is processed once.
create table stripe_events (
  id text primary key check (length(id) <= 255),
  type text not null,
  processed_at timestamptz not null default now()
);

-- The intents made for each order or wishlist entry, numbered per purchase. The number is part of
-- the idempotency key (`order-<id>-<n>`): a reloaded payment page reuses the open intent, and a new
-- one is made only when the last one can no longer be paid.
create table payment_attempts (
  intent_id text primary key,
  kind text not null check (kind in ('order', 'wishlist')),
  booking_id uuid references bookings (id) on delete cascade,
  wishlist_entry_id uuid references wishlist_entries (id) on delete cascade,
  buyer_id text not null references users (id) on delete cascade,
  attempt integer not null check (attempt > 0),
  amount integer not null check (amount > 0),
  created_at timestamptz not null default now(),
  check ((kind = 'order') = (booking_id is not null)),
  check ((kind = 'wishlist') = (wishlist_entry_id is not null))
);
create unique index payment_attempts_booking_idx on payment_attempts (booking_id, attempt) where booking_id is not null;
create unique index payment_attempts_wishlist_idx on payment_attempts (wishlist_entry_id, attempt) where wishlist_entry_id is not null;

-- Payments we gave back because the car could not be sold to that buyer any more (sold to someone
-- else, removed, or already paid through another intent). One row per intent: refunds happen once.
create table payment_refunds (
  transaction_id text primary key,
  kind text not null check (kind in ('order', 'wishlist')),
  booking_id uuid references bookings (id) on delete set null,
  product_id uuid references products (id) on delete set null,
  buyer_id text references users (id) on delete set null,
  amount integer not null check (amount > 0),
  reason text not null,
  created_at timestamptz not null default now()
);

-- Looking a recorded payment up by its order or wishlist entry.
create index payments_booking_idx on payments (booking_id) where booking_id is not null;
create index payments_wishlist_entry_idx on payments (wishlist_entry_id) where wishlist_entry_id is not null;
