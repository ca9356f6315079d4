-- The built-in test processor learns Stripe Connect's side of payouts (separate charges and
-- transfers): a payment carries its purchase's transfer group, sellers get connected accounts that
-- receive transfers once onboarded, and the platform transfers released money to them.

-- Stripe's `transfer_group`: the payment and its later transfer to the seller share it.
alter table test_processor_intents add column transfer_group text;

-- A seller's connected account, as Stripe Connect Express keeps it. Only test bank details are
-- taken (see testPayoutAccountNumbers in the contract package), and of the account number only
-- its last four digits, as Stripe shows them.
create table test_processor_accounts (
  id text primary key check (id ~ '^acct_[A-Za-z0-9]{16}$'),
  email text not null,
  -- Stripe's metadata[sellerId]: the processor is not part of the app, so no reference to users.
  seller_id text not null,
  -- Same key, same account (Stripe's Idempotency-Key).
  idempotency_key text not null unique,
  holder_name text,
  routing_number text check (routing_number ~ '^\d{9}$'),
  account_last4 text check (account_last4 ~ '^\d{4}$'),
  -- The seller has given every detail asked for.
  details_submitted boolean not null default false,
  -- Transfers can reach the account (Stripe: its `transfers` capability is active).
  payouts_enabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (details_submitted or not payouts_enabled)
);

-- Money moved from the platform's balance to a connected account. One per idempotency key: a retried
-- transfer answers the first one and never pays twice.
create table test_processor_transfers (
  id text primary key check (id ~ '^tr_[A-Za-z0-9]{24}$'),
  -- Integer cents.
  amount integer not null check (amount > 0),
  currency text not null check (currency = 'usd'),
  destination text not null references test_processor_accounts (id),
  transfer_group text,
  idempotency_key text not null unique,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index test_processor_transfers_destination_idx on test_processor_transfers (destination, created_at);
