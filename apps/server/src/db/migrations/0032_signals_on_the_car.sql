-- What the lists show of a car beside its own fields (its seller's verification, its deal rating,
-- whether a listing check flagged it, its price drop) is kept on the car by the writes that change
-- it, instead of being looked up in four other tables for every car of every page read. A category
-- page read them per car: a subquery over users, a join to price_estimates, an exists over
-- listing_checks and a lateral aggregate over price_changes, which together were half of the
-- statement's time (docs/performance.md, "The floor"). The triggers below are the ones that already
-- stamp a car for the search's copy when these change (migrations 0013, 0018, 0030); they now also
-- write the value, so no write path can forget it.
alter table products
  add column seller_verified boolean not null default false,
  add column deal_rating text,
  add column open_flag boolean not null default false,
  -- The price drop (price_drop_of, below). Once the window's oldest change has left it, a read
  -- works the drop out again until the hourly refresh writes it (modules/cars/price-drops.ts).
  add column price_before_drop integer,
  add column price_dropped_at timestamptz,
  add column price_window_ends timestamptz;

-- A new car takes its seller's verification as it is now.
create function products_seller_verified() returns trigger language plpgsql as $$
begin
  new.seller_verified := coalesce((select verified from users where id = new.seller_id), false);
  return new;
end
$$;
create trigger products_seller_verified before insert on products
  for each row execute function products_seller_verified();

create or replace function users_search_stamp() returns trigger language plpgsql as $$
begin
  update products set search_txid = pg_current_xact_id(), seller_verified = new.verified where seller_id = new.id;
  return null;
end
$$;

create or replace function price_estimates_search_stamp() returns trigger language plpgsql as $$
declare
  cars uuid[];
begin
  if tg_op = 'UPDATE' then
    cars := array(select n.product_id from moved n join before o using (product_id)
                   where (o.estimate, o.rating) is distinct from (n.estimate, n.rating));
  elsif tg_op = 'INSERT' then
    cars := array(select product_id from moved);
  else
    cars := array(select product_id from before);
  end if;
  if cardinality(cars) > 0 then
    update products p set search_txid = pg_current_xact_id(), deal_rating = (select e.rating from price_estimates e where e.product_id = p.id)
      where p.id = any (cars);
  end if;
  return null;
end
$$;

create or replace function listing_checks_search_stamp() returns trigger language plpgsql as $$
declare
  cars uuid[];
begin
  if tg_op = 'UPDATE' then
    cars := array(select distinct n.product_id from moved n join before o using (product_id, name)
                   where (o.outcome = 'flagged' and o.dismissed_at is null) is distinct from (n.outcome = 'flagged' and n.dismissed_at is null));
  elsif tg_op = 'INSERT' then
    cars := array(select distinct product_id from moved where outcome = 'flagged' and dismissed_at is null);
  else
    cars := array(select distinct product_id from before where outcome = 'flagged' and dismissed_at is null);
  end if;
  if cardinality(cars) > 0 then
    update products p set search_txid = pg_current_xact_id(),
      open_flag = exists (select 1 from listing_checks f where f.product_id = p.id and f.outcome = 'flagged' and f.dismissed_at is null)
      where p.id = any (cars);
  end if;
  return null;
end
$$;

-- A car's price drop as of now, over the last 14 days (PRICE_DROP_DAYS in modules/cars/product.ts):
-- the price the window began with (the old price of its first change), the last reduction's time,
-- and when the window's oldest change leaves it. A single select, so PostgreSQL inlines it where a
-- read joins it laterally.
create function price_drop_of(car uuid) returns table (price_before integer, dropped_at timestamptz, window_ends timestamptz)
language sql stable as $$
  select (array_agg(pc.old_price order by pc.changed_at, pc.id))[1],
         max(pc.changed_at) filter (where pc.new_price < pc.old_price),
         min(pc.changed_at) + interval '14 days'
    from price_changes pc where pc.product_id = car and pc.changed_at > now() - interval '14 days'
$$;

-- Writes the price drop of each of `cars` where it moved.
create function refresh_price_drops(cars uuid[]) returns void language sql as $$
  update products p set price_before_drop = d.price_before, price_dropped_at = d.dropped_at, price_window_ends = d.window_ends
    from unnest(cars) car(id) cross join lateral price_drop_of(car.id) d
   where p.id = car.id
     and (p.price_before_drop, p.price_dropped_at, p.price_window_ends) is distinct from (d.price_before, d.dropped_at, d.window_ends)
$$;

create function price_changes_refresh_drops() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform refresh_price_drops(array(select distinct product_id from before));
  else
    perform refresh_price_drops(array(select distinct product_id from moved));
  end if;
  return null;
end
$$;
create trigger price_changes_refresh_drops_added after insert on price_changes
  referencing new table as moved for each statement execute function price_changes_refresh_drops();
create trigger price_changes_refresh_drops_moved after update on price_changes
  referencing new table as moved for each statement execute function price_changes_refresh_drops();
create trigger price_changes_refresh_drops_dropped after delete on price_changes
  referencing old table as before for each statement execute function price_changes_refresh_drops();

-- The hourly refresh (modules/cars/price-drops.ts) finds the cars whose window moved by this.
create index products_price_window_ends_idx on products (price_window_ends) where price_window_ends is not null;

-- The cars already listed. A new database has none, and no job runner's schema yet for the
-- triggers of a write to cars (migration 0016): it skips this.
do $$
begin
  if exists (select 1 from products) then
    update products p set seller_verified = coalesce(s.verified, false) from users s where s.id = p.seller_id;
    update products p set deal_rating = e.rating from price_estimates e where e.product_id = p.id and e.rating is not null;
    update products p set open_flag = true
     where exists (select 1 from listing_checks f where f.product_id = p.id and f.outcome = 'flagged' and f.dismissed_at is null);
    perform refresh_price_drops(array(select distinct product_id from price_changes where changed_at > now() - interval '14 days'));
  end if;
end
$$;
