-- Listing checks (decision 020): each uploaded picture's perceptual hash (sharp-phash, 64 bits, set as the
-- picture is stored; pictures stored before this migration have none and are not compared), and the
-- outcome of each check per car, replaced whole every time the car is checked again.
alter table images add column phash bit(64);

create table listing_checks (
  product_id uuid not null references products (id) on delete cascade,
  name text not null check (name in ('photos', 'vin', 'price', 'seller')),
  outcome text not null check (outcome in ('passed', 'flagged', 'not checked')),
  -- What was found, as a fact a buyer and an admin can both read ("This VIN decodes to a 2015 car; the listing says 2019.").
  detail text not null check (length(detail) between 1 and 300),
  checked_at timestamptz not null default now(),
  -- Set when an admin dismisses the car in Reported Items; kept while the same finding is made again.
  dismissed_at timestamptz,
  primary key (product_id, name)
);
-- Reported Items lists the flagged cars an admin has not dismissed.
create index listing_checks_flagged_idx on listing_checks (product_id) where outcome = 'flagged' and dismissed_at is null;
-- What the checks look up: the hashed pictures uploaded before a car's, the cars showing a picture,
-- and every listing of a VIN (sold and withdrawn ones too, which products_vin_on_market_idx leaves out).
create index images_hashed_idx on images (created_at) where phash is not null;
create index products_image_key_idx on products (image_key);
create index product_photos_image_key_idx on product_photos (image_key);
create index products_vin_idx on products (vin) where vin is not null;

-- Checks a car again in the background, in the transaction of the change: the job key makes a burst
-- of changes (a listing, then its photos and VIN; a model repriced) one job, and the job runner runs
-- it once. It runs a second after the first change of a burst (the key keeps that run time, so a
-- steady stream of edits cannot postpone it), so that the rest of the burst joins the waiting job
-- rather than meeting one being picked up.
-- (plpgsql, so that graphile_worker's schema, installed after the migrations, is looked up when it runs.)
create function enqueue_listing_check(car uuid) returns void language plpgsql as $$
begin
  perform graphile_worker.add_job('check_listing', json_build_object('productId', car), run_at := now() + interval '1 second',
    job_key := 'check:' || car, job_key_mode := 'preserve_run_at');
end
$$;

-- A car listed, or its photos, VIN, price, make, model or year edited. The car that takes a seller
-- whose account is under a week old past 5 cars on sale also changes the "new seller with many cars"
-- check of their other cars (the cars after it are checked with the count as it is then).
create function products_check_listing() returns trigger language plpgsql as $$
declare
  car record;
begin
  perform enqueue_listing_check(new.id);
  if tg_op = 'INSERT' and exists (select 1 from users u where u.id = new.seller_id and u.created_at > now() - interval '7 days')
     and (select count(*) from products p where p.seller_id = new.seller_id and not p.paid and p.withdrawn_at is null) = 6 then
    for car in
      select p.id from products p where p.seller_id = new.seller_id and p.id <> new.id and not p.paid and p.withdrawn_at is null
    loop
      perform enqueue_listing_check(car.id);
    end loop;
  end if;
  return null;
end
$$;
create trigger products_check_listing after insert or update of image_key, vin, resale_price, category_id, model, model_year, year_of_purchase
  on products for each row execute function products_check_listing();

create function product_photos_check_listing() returns trigger language plpgsql as $$
begin
  perform enqueue_listing_check(case when tg_op = 'DELETE' then old.product_id else new.product_id end);
  return null;
end
$$;
create trigger product_photos_check_listing after insert or delete or update on product_photos
  for each row execute function product_photos_check_listing();

-- The fair price arrives seconds after the listing (migration 0014's job) and moves as the model's
-- market does: the price check follows it.
create function price_estimates_check_listing() returns trigger language plpgsql as $$
begin
  perform enqueue_listing_check(new.product_id);
  return null;
end
$$;
create trigger price_estimates_check_listing_insert after insert on price_estimates
  for each row execute function price_estimates_check_listing();
create trigger price_estimates_check_listing_update after update of estimate, low, high on price_estimates
  for each row when (old.estimate is distinct from new.estimate or old.low is distinct from new.low or old.high is distinct from new.high)
  execute function price_estimates_check_listing();
