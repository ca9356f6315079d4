-- An account that was deleted by its owner or an admin stays as a row without anything that names
-- the person: its paid orders, payments and conversations keep pointing at someone ("Deleted user")
-- instead of losing their other party. deleted_at marks it; its email is replaced by one that can
-- never receive mail, so the address is free for a new sign-up.
alter table users add column deleted_at timestamptz;

-- "Download my data": one JSON file per request, prepared by a job, downloadable by its owner until
-- it expires; an expired file's contents are dropped and the row says so.
create table data_exports (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  state text not null default 'preparing' check (state in ('preparing', 'ready', 'expired')),
  body text,
  requested_at timestamptz not null default now(),
  ready_at timestamptz,
  expires_at timestamptz,
  check ((state = 'ready') = (body is not null)),
  check ((state = 'preparing') = (ready_at is null))
);
create index data_exports_user_idx on data_exports (user_id, requested_at desc);
create index data_exports_expiry_idx on data_exports (expires_at) where state = 'ready';
