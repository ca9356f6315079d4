-- Search answers from a copy of the cars on the market kept in each server process
-- (decision 018). This is how a process learns what changed since it last looked, exactly and
-- without missing a transaction that committed late: every write to a car stamps the car with its
-- transaction's id, and a process asks for the cars stamped at or after the oldest transaction that
-- was still running when it last looked (pg_snapshot_xmin).
alter table products add column search_txid xid8 not null default pg_current_xact_id();
create index products_search_txid_idx on products (search_txid);

create function products_search_stamp() returns trigger language plpgsql as $$
begin
  new.search_txid := pg_current_xact_id();
  return new;
end
$$;
create trigger products_search_stamp before insert or update on products
  for each row execute function products_search_stamp();

-- A seller's verification is part of their cars' search ("Verified sellers only").
create function users_search_stamp() returns trigger language plpgsql as $$
begin
  update products set search_txid = pg_current_xact_id() where seller_id = new.id;
  return null;
end
$$;
create trigger users_search_stamp after update of verified on users
  for each row when (old.verified is distinct from new.verified) execute function users_search_stamp();

-- A deleted car leaves no row to stamp: its id is kept here for a day, longer than any process
-- goes without looking (one that has not looked for an hour reads everything again).
create table search_removals (
  product_id uuid not null,
  txid xid8 not null default pg_current_xact_id(),
  removed_at timestamptz not null default now()
);
create index search_removals_txid_idx on search_removals (txid);

create function products_search_removed() returns trigger language plpgsql as $$
begin
  insert into search_removals (product_id) select id from removed;
  delete from search_removals where removed_at < now() - interval '1 day';
  return null;
end
$$;
create trigger products_search_removed after delete on products
  referencing old table as removed for each statement execute function products_search_removed();

-- The indexes of migration 0012 served searches run in PostgreSQL; nothing reads them now, and
-- every write to a car paid for them.
drop index products_search_newest_idx, products_search_price_idx, products_search_mileage_idx, products_search_year_idx,
  products_search_make_idx, products_search_text_idx, products_search_location_idx;
