-- A price drop counts only from a price that stood at least 3 days (issue 47): a seller who raised
-- the price for an hour and then lowered it, or who lowered a listing an hour old, earned the
-- `Price dropped` badge for a drop no buyer ever had the time to see. The drop stays the net
-- reduction over the last 14 days (decision 025), but measured from the first price of the window
-- that stood at least 3 days: the price the window began with when it did, otherwise the first
-- later one that did (none: no drop). A price's time runs from the change that set it, or the car's
-- posting for its first price, to the change that ended it; the price in force now is the one the
-- drop is measured to, not from. `as_of` is now but for tests, which hold the rule to fixed times.
--
-- What the answer depends on still changes with time only when the window's oldest change leaves
-- it (every earlier price's time is over and fixed), so `window_ends` and the hourly refresh stay.
drop function price_drop_of(uuid);
create function price_drop_of(car uuid, as_of timestamptz default now())
returns table (price_before integer, dropped_at timestamptz, window_ends timestamptz)
language sql stable as $$
  with changes as (
    select pc.id, pc.old_price, pc.new_price, pc.changed_at,
           -- When the price this change ended was set.
           coalesce(lag(pc.changed_at) over (order by pc.changed_at, pc.id), p.posting_time) as old_set_at
      from price_changes pc join products p on p.id = pc.product_id
     where pc.product_id = car and pc.changed_at <= as_of
  )
  select (array_agg(c.old_price order by c.changed_at, c.id) filter (where c.changed_at - c.old_set_at >= interval '3 days'))[1],
         max(c.changed_at) filter (where c.new_price < c.old_price),
         min(c.changed_at) + interval '14 days'
    from changes c where c.changed_at > as_of - interval '14 days'
$$;

-- The cars already listed, by the new rule. A new database has none, and no job runner's schema
-- yet for the triggers of a write to cars (migration 0016): it skips this.
do $$
begin
  if exists (select 1 from products) then
    perform refresh_price_drops(array(select distinct product_id from price_changes where changed_at > now() - interval '14 days'));
  end if;
end
$$;
