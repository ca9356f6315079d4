-- A car's views (issue 49, decision 045): one row per car, UTC day and distinct visitor, written in
-- batches by the view counter (modules/performance/view-counter.ts), never on the car page's path.
-- The visitor is a keyed hash: of the account for a signed-in person, of the address and user agent
-- for a visitor, keyed by that day's salt below. No address or account id is kept.
create table car_views (
  product_id uuid not null references products (id) on delete cascade,
  day date not null,
  visitor bytea not null,
  primary key (product_id, day, visitor)
);
-- The pruning job's and My Products' reads by day.
create index car_views_day on car_views (day);

-- Each UTC day's random salt of the visitor keys, shared by every app process. The pruning job
-- deletes a day's salt once the day is over: from then on nobody, holding every secret of the
-- server, can tell whose visit a row was.
create table car_view_salts (
  day date primary key,
  salt bytea not null
);
