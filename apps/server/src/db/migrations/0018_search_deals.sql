-- The search sorts by best deal and filters to great or good prices (issue 19), so a car's fair
-- price is part of what the search's copy knows of it (decision 018): a new, changed or dropped
-- estimate stamps its car, as every write to the car itself does (migration 0013). Repricing a
-- model rewrites every one of its estimates; only those whose figures moved stamp their car.
create function price_estimates_search_stamp() returns trigger language plpgsql as $$
begin
  update products set search_txid = pg_current_xact_id()
   where id = (case when tg_op = 'DELETE' then old.product_id else new.product_id end);
  return null;
end
$$;
create trigger price_estimates_search_stamp after insert or delete on price_estimates
  for each row execute function price_estimates_search_stamp();
create trigger price_estimates_search_stamp_moved after update on price_estimates
  for each row when ((old.estimate, old.rating) is distinct from (new.estimate, new.rating))
  execute function price_estimates_search_stamp();
