-- Fair prices (issue 19): each car on the market with enough comparables has its estimate, range
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
