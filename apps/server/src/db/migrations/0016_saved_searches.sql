-- Saved searches and their alerts (decision 019).
create table saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 60),
  frequency text not null check (frequency in ('Instantly', 'Daily', 'Weekly')),
  paused boolean not null default false,
  -- The search's query string, filter by filter, as the search's schema accepted it.
  filters jsonb not null check (jsonb_typeof(filters) = 'object'),
  created_at timestamptz not null default now(),
  -- Only cars listed after this count: when the search was saved, or last resumed (a paused search
  -- gathers nothing to tell afterwards).
  watch_from timestamptz not null default now()
);
create index saved_searches_user_idx on saved_searches (user_id, created_at);

-- Each car a saved search found, once: the insert that adds the row is the one that tells. A
-- Daily or Weekly search's matches wait here, told_at null, for their digest.
create table saved_search_matches (
  saved_search_id uuid not null references saved_searches (id) on delete cascade,
  product_id uuid not null references products (id) on delete cascade,
  matched_at timestamptz not null default now(),
  told_at timestamptz,
  primary key (saved_search_id, product_id)
);
create index saved_search_matches_untold_idx on saved_search_matches (saved_search_id) where told_at is null;

-- Any write to cars may make one match a saved search (a car listed, edited, its seller verified):
-- each writing statement enqueues a run of the saved searches two seconds later, so a burst of
-- writes is covered by one run. No job key: a key's row would be locked by every writing transaction
-- until it commits, making concurrent listings wait for one another. Instead the job carries its
-- transaction's id, and a run skips when an earlier run already saw that transaction
-- (saved_search_matching.covered_xmin); the jobs' queue runs them one at a time across processes.
create table saved_search_matching (
  only_row boolean primary key default true check (only_row),
  -- Every transaction below this had committed (or ended) when the last run began.
  covered_xmin xid8 not null
);
insert into saved_search_matching (covered_xmin) values ('0');

create function products_match_saved_searches() returns trigger language plpgsql as $$
begin
  perform graphile_worker.add_job('match_saved_searches', json_build_object('txid', pg_current_xact_id()::text),
    queue_name := 'match-saved-searches', run_at := now() + interval '2 seconds');
  return null;
end
$$;
create trigger products_match_saved_searches after insert or update on products
  for each statement execute function products_match_saved_searches();

-- The alerts' two kinds of notification, added to whichever kinds the constraint allows when this
-- runs (another migration of the same issue may have added its own before).
do $$
declare
  allowed text := (select pg_get_constraintdef(oid) from pg_constraint where conrelid = 'notifications'::regclass and conname = 'notifications_kind_check');
begin
  alter table notifications drop constraint notifications_kind_check;
  execute format('alter table notifications add constraint notifications_kind_check check (%s or kind in (%L, %L))',
    substring(allowed from '^CHECK (.*)$'), 'saved_search_match', 'saved_search_digest');
end
$$;
