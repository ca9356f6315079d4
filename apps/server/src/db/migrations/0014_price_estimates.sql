-- Fair prices (docs/pricing.md): each car on the market with enough comparables has its estimate, range
-- and rating; the others have a row saying how many comparables there were ("Not enough data").
create table price_estimates (
  product_id uuid primary key references products (id) on delete cascade,
  comparables integer not null check (comparables >= 0),
  estimate integer check (estimate > 0),
  low integer check (low > 0),
  high integer check (high > 0),
  rating text check (rating in ('Great price', 'Good price', 'Fair price', 'High price', 'Overpriced')),
  computed_at timestamptz not null default now(),
  constraint price_estimates_whole_check check ((estimate is null) = (rating is null) and (estimate is null) = (low is null) and (low is null) = (high is null))
);

-- How prices move with age, mileage and condition across the market, as last fitted by a repricing:
-- the seller's price guide carries comparables over with it without reading the whole market.
create table price_depreciation (
  only_row boolean primary key default true check (only_row),
  per_year double precision not null,
  per_10000_km double precision not null,
  excellent double precision not null,
  fair double precision not null,
  -- The cars it was fitted over.
  cars integer not null check (cars >= 0),
  fitted_at timestamptz not null default now()
);

-- A car added, changed, sold, withdrawn or deleted changes the estimates of its model's cars: the
-- model is priced again by a job a few seconds later. The job key makes a burst of changes one job,
-- and the job runner runs it once across processes. The job keeps its first time to run
-- (preserve_run_at): under a steady stream of changes to one model a job pushed back by each would
-- never run.
create function products_reprice() returns trigger language plpgsql as $$
declare
  car record;
begin
  for car in
    select distinct category_id, lower(model) as model from (
      select (case when tg_op <> 'INSERT' then old end).* union all select (case when tg_op <> 'DELETE' then new end).*
    ) changed where model is not null
  loop
    perform graphile_worker.add_job('reprice_model', json_build_object('makeId', car.category_id, 'model', car.model),
      run_at := now() + interval '3 seconds', job_key := 'reprice:' || car.category_id || ':' || car.model,
      job_key_mode := 'preserve_run_at');
  end loop;
  return null;
end
$$;
create trigger products_reprice after insert or delete or update of category_id, model, model_year, year_of_purchase, mileage,
  mileage_unit, condition, resale_price, paid, withdrawn_at on products
  for each row execute function products_reprice();
