-- Days listed, price drops and wishlist alerts.

-- When the car was first listed, for "Listed 3 days ago": its posting time, unless its seller relists
-- the same VIN within 30 days of the earlier listing leaving the market, which keeps that listing's
-- date (taking a car down and putting it up again does not make it new). posting_time stays the
-- time of this listing: the specification's "Posted" and the lists' newest-first order.
alter table products add column listed_at timestamptz;
update products set listed_at = posting_time;
alter table products alter column listed_at set not null;

-- A car with a VIN that left the market (sold, withdrawn or deleted while for sale), kept 30 days
-- for the seller's relisting of it: the deleted car's own row is gone by then.
create table listing_departures (
  seller_id text not null references users (id) on delete cascade,
  vin text not null,
  listed_at timestamptz not null,
  left_at timestamptz not null default now()
);
create index listing_departures_car_idx on listing_departures (seller_id, vin, left_at desc);
create index listing_departures_left_idx on listing_departures (left_at);

create function products_listing_departed() returns trigger language plpgsql as $$
declare
  car products;
begin
  car := case when tg_op = 'DELETE' then old else new end;
  if car.vin is not null and car.seller_id is not null then
    insert into listing_departures (seller_id, vin, listed_at) values (car.seller_id, car.vin, car.listed_at);
  end if;
  -- The table holds 30 days of departures; older ones can no longer keep a date.
  delete from listing_departures where left_at < now() - interval '30 days';
  return null;
end
$$;
create trigger products_listing_departed after update of paid, withdrawn_at on products
  for each row when (not old.paid and old.withdrawn_at is null and (new.paid or new.withdrawn_at is not null))
  execute function products_listing_departed();
create trigger products_listing_deleted after delete on products
  for each row when (not old.paid and old.withdrawn_at is null)
  execute function products_listing_departed();

-- On listing, and when the seller gives a VIN later (a car first listed without one keeps no new date).
create function products_keep_listing_date() returns trigger language plpgsql as $$
declare
  earlier timestamptz;
begin
  new.listed_at := coalesce(new.listed_at, new.posting_time);
  if new.vin is not null and new.seller_id is not null then
    select d.listed_at into earlier from listing_departures d
     where d.seller_id = new.seller_id and d.vin = new.vin and d.left_at >= now() - interval '30 days'
     order by d.left_at desc limit 1;
    if earlier < new.listed_at then
      new.listed_at := earlier;
    end if;
  end if;
  return new;
end
$$;
create trigger products_keep_listing_date before insert or update of vin on products
  for each row execute function products_keep_listing_date();

-- Wishlist alerts: a price drop, a sale or a withdrawal of a wishlisted car is told to the buyers
-- who wishlisted it by a job (jobs/wishlist-alerts.ts), enqueued in the transaction of the change so
-- it exists exactly when the change does. One job key per car: a burst of edits is one job, which
-- tells every change not told yet (the notifications' event keys make telling twice add nothing).
-- The job keeps its first time to run, so a stream of edits cannot postpone it.
create function wishlist_alerts_enqueue(car uuid) returns void language plpgsql as $$
begin
  if exists (select 1 from wishlist_entries w where w.product_id = car) then
    perform graphile_worker.add_job('wishlist_alerts', json_build_object('productId', car),
      run_at := now() + interval '2 seconds', job_key := 'wishlist-alerts:' || car, job_key_mode := 'preserve_run_at');
  end if;
end
$$;

create function price_changes_wishlist_alert() returns trigger language plpgsql as $$
begin
  perform wishlist_alerts_enqueue(new.product_id);
  return null;
end
$$;
create trigger price_changes_wishlist_alert after insert on price_changes
  for each row when (new.new_price < new.old_price) execute function price_changes_wishlist_alert();

create function products_wishlist_alert() returns trigger language plpgsql as $$
begin
  perform wishlist_alerts_enqueue(new.id);
  return null;
end
$$;
create trigger products_wishlist_alert after update of paid, withdrawn_at on products
  for each row when (not old.paid and old.withdrawn_at is null and (new.paid or new.withdrawn_at is not null))
  execute function products_wishlist_alert();

alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'booking_requested', 'booking_accepted', 'booking_declined', 'booking_proposed', 'booking_cancelled',
  'message', 'payment', 'wishlist_price_drop', 'wishlist_sold'
));
