-- The search sorts by best deal and filters to great or good prices, so a car's fair
-- price is part of what the search's copy knows of it (decision 018): a new, changed or dropped
-- estimate stamps its car, as every write to the car itself does (migration 0013). Repricing a
-- model rewrites every one of its estimates in one statement; only the cars whose figures moved
-- are stamped, by one statement and none when nothing moved, so the triggers on writes to cars
-- (the saved searches' matching, migration 0016) run once for a whole repricing, not once a car.
create function price_estimates_search_stamp() returns trigger language plpgsql as $$
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
    update products set search_txid = pg_current_xact_id() where id = any (cars);
  end if;
  return null;
end
$$;
create trigger price_estimates_search_stamp_added after insert on price_estimates
  referencing new table as moved for each statement execute function price_estimates_search_stamp();
create trigger price_estimates_search_stamp_moved after update on price_estimates
  referencing old table as before new table as moved for each statement execute function price_estimates_search_stamp();
create trigger price_estimates_search_stamp_dropped after delete on price_estimates
  referencing old table as before for each statement execute function price_estimates_search_stamp();
