-- Money held until the handover (docs/product.md, "The money's states"). A recorded payment is
-- held by the platform; it ends released to the seller or refunded to the buyer, each at most
-- once: the state moves only from 'held', in one conditional UPDATE (modules/money/decisions.ts).

-- A paid car is reserved while its money is held and sold once it is released; `paid` stays the
-- flag of "off the market by a payment" that every list reads (ON_MARKET), so a reserved car is
-- off it, and back on it when the payment is refunded.
alter table products drop constraint products_sales_status_check;
alter table products add constraint products_sales_status_check check (sales_status in ('available', 'reserved', 'sold'));
alter table products drop constraint products_check;
alter table products add constraint products_paid_is_reserved_or_sold check (paid = (sales_status <> 'available'));

alter table payments
  add column seller_id text references users (id) on delete set null,
  add column state text not null default 'held' check (state in ('held', 'released', 'refunded')),
  add column released_at timestamptz,
  add column released_by text check (released_by in ('buyer', 'automatic', 'admin')),
  add column refunded_at timestamptz,
  add column refunded_by text check (refunded_by in ('seller', 'buyer', 'admin')),
  add column refund_reason text check (length(refund_reason) <= 500),
  add constraint payments_released_when check ((state = 'released') = (released_at is not null and released_by is not null)),
  add constraint payments_refunded_when check ((state = 'refunded') = (refunded_at is not null and refunded_by is not null));

-- Payments recorded before money was held went to their sellers as sales: released then.
update payments pay
   set state = 'released', released_at = pay.created_at, released_by = 'automatic',
       seller_id = (select seller_id from products where id = pay.product_id);

-- The automatic release looks for held payments past their date (modules/money/jobs.ts).
create index payments_held_idx on payments (created_at) where state = 'held';
create index payments_seller_idx on payments (seller_id, created_at desc) where seller_id is not null;

-- A buyer's "Report a problem" on a held payment: one case per payment, decided once by an admin.
create table disputes (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null unique references payments (id) on delete cascade,
  opened_by text references users (id) on delete set null,
  reason text not null check (reason in ('not_as_described', 'not_handed_over', 'seller_unreachable', 'other')),
  details text not null check (length(details) between 1 and 2000),
  opened_at timestamptz not null default now(),
  decision text check (decision in ('refund', 'release')),
  note text check (length(note) between 1 and 1000),
  decided_by text references users (id) on delete set null,
  decided_at timestamptz,
  check ((decision is null) = (decided_at is null) and (decision is null) = (note is null))
);
create index disputes_open_idx on disputes (opened_at) where decision is null;

-- Where a seller's released money goes: one account a seller, at the provider it was made with
-- (an account of the test processor means nothing to Stripe, and the other way round).
create table payout_accounts (
  seller_id text primary key references users (id) on delete cascade,
  provider text not null check (provider in ('test', 'stripe')),
  account_id text not null unique,
  details_submitted boolean not null default false,
  payouts_enabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- What the provider is to do for a decision: give a payment back, or transfer the seller's share.
-- Written in the decision's transaction, carried out after it (modules/money/moves.ts) with an
-- idempotency key per payment and kind, so a retry after a crash never moves money twice.
-- A transfer 'waits' while its seller has no account able to receive; 'due' ones are sent.
create table money_moves (
  payment_id uuid not null references payments (id) on delete restrict,
  kind text not null check (kind in ('refund', 'transfer')),
  -- What leaves the platform: the whole payment for a refund, the seller's net for a transfer.
  amount integer not null check (amount > 0),
  fee integer not null default 0 check (fee >= 0),
  state text not null default 'due' check (state in ('waiting', 'due', 'done')),
  destination text,
  provider_ref text,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  done_at timestamptz,
  primary key (payment_id, kind),
  check ((state = 'done') = (done_at is not null))
);
create index money_moves_due_idx on money_moves (created_at) where state = 'due';
