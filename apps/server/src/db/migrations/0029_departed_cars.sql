-- A car deleted while it was listed (by its seller, by an admin, or with its seller's account) is
-- remembered here, so that its address says plainly that it is no longer listed, rather than that
-- there is no such car, and offers similar cars: the same make and model, near its price. Sold and
-- withdrawn cars keep their own row and need none. Kept two years: a link to a car is seldom
-- followed later than that, and an address older than that is answered as one never seen.
create table departed_cars (
  product_id uuid primary key,
  category_id uuid not null,
  model text,
  resale_price integer not null,
  left_at timestamptz not null default now()
);
create index departed_cars_left_idx on departed_cars (left_at);

create function products_departed() returns trigger language plpgsql as $$
begin
  insert into departed_cars (product_id, category_id, model, resale_price)
    select id, category_id, model, resale_price from removed
    on conflict (product_id) do nothing;
  delete from departed_cars where left_at < now() - interval '2 years';
  return null;
end
$$;
create trigger products_departed after delete on products
  referencing old table as removed for each statement execute function products_departed();
