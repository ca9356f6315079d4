-- A car with an open listing-check flag (flagged, not dismissed by an admin) earns no deal rating and
-- sorts after every unflagged car in Best deal, so the search's copy of the cars must know it: a
-- check or a dismissal that opens or clears a car's flag stamps the car, as every write to the car
-- itself does (migration 0013) and as its fair price does (0018). Only the cars whose flag opened or
-- cleared are stamped, by one statement per write of checks: a check that finds again what it found
-- before stamps nothing.
create function listing_checks_search_stamp() returns trigger language plpgsql as $$
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
    update products set search_txid = pg_current_xact_id() where id = any (cars);
  end if;
  return null;
end
$$;
create trigger listing_checks_search_stamp_added after insert on listing_checks
  referencing new table as moved for each statement execute function listing_checks_search_stamp();
create trigger listing_checks_search_stamp_moved after update on listing_checks
  referencing old table as before new table as moved for each statement execute function listing_checks_search_stamp();
create trigger listing_checks_search_stamp_dropped after delete on listing_checks
  referencing old table as before for each statement execute function listing_checks_search_stamp();

-- The fifth check: details that are possible but unlikely (a resale price far above the original, a
-- mileage far from the car's age, a model year after the year of purchase).
alter table listing_checks drop constraint listing_checks_name_check;
alter table listing_checks add constraint listing_checks_name_check check (name in ('photos', 'vin', 'price', 'seller', 'plausibility'));
