-- Car-grade listings: a car's details, more photos, its price history, and taking a car
-- off the market without deleting it. Every new column is optional: the specification's listing
-- is complete without them.
alter table products
  add column model text check (length(model) between 1 and 60),
  add column model_year integer check (model_year between 1900 and 2100),
  add column mileage integer check (mileage between 0 and 2000000),
  add column mileage_unit text check (mileage_unit in ('km', 'mi')),
  add column fuel text check (fuel in ('Petrol', 'Diesel', 'Hybrid', 'Electric', 'LPG', 'Other')),
  add column transmission text check (transmission in ('Automatic', 'Manual')),
  add column body_type text check (body_type in ('Sedan', 'Hatchback', 'SUV', 'Coupe', 'Convertible', 'Wagon', 'Van', 'Pickup')),
  add column colour text check (length(colour) between 1 and 40),
  add column vin text check (vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
  -- Set when the seller takes the car off the market; a withdrawn car is never sold here.
  add column withdrawn_at timestamptz,
  add constraint products_mileage_has_unit_check check ((mileage is null) = (mileage_unit is null)),
  add constraint products_withdrawn_unsold_check check (withdrawn_at is null or not paid);

-- A VIN is on at most one car on the market; a sold or withdrawn car keeps its VIN for the record.
create unique index products_vin_on_market_idx on products (vin) where vin is not null and not paid and withdrawn_at is null;

-- The photos after the cover (products.image_key), in the seller's order; at most 19, so 20 in all.
create table product_photos (
  product_id uuid not null references products (id) on delete cascade,
  position smallint not null check (position between 1 and 19),
  image_key text not null references images (key),
  primary key (product_id, position),
  unique (product_id, image_key)
);

-- Every change of a car's resale price, for the car's page.
create table price_changes (
  id bigint generated always as identity primary key,
  product_id uuid not null references products (id) on delete cascade,
  old_price integer not null check (old_price > 0),
  new_price integer not null check (new_price > 0 and new_price <> old_price),
  changed_at timestamptz not null default now()
);
create index price_changes_product_idx on price_changes (product_id, changed_at);

-- A seller's cars on the market, counted on every car page of theirs.
create index products_seller_on_market_idx on products (seller_id) where not paid and withdrawn_at is null;
