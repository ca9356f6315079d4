-- Places (issue 48): a car sits at a ZIP code's centre, never at an address. `zip` is the ZIP code the
-- car is placed at: the one its seller gave, or the one its Location ("City, ST") names; `zip_given`
-- says which, so an edit of the Location re-places only a car its seller did not place by hand.
-- lat/lon are that ZIP code's centre from the offline gazetteer, copied here so that the search's
-- in-memory copy and a page's rows read them without the gazetteer; null: not placed (a Location
-- that names no US city).
alter table products
  add column zip text constraint products_zip_check check (zip ~ '^[0-9]{5}$'),
  add column zip_given boolean not null default false,
  add column lat double precision constraint products_lat_check check (lat between -90 and 90),
  add column lon double precision constraint products_lon_check check (lon between -180 and 180),
  add constraint products_place_check check ((zip is null) = (lat is null) and (lat is null) = (lon is null)),
  add constraint products_zip_given_check check (not zip_given or zip is not null);

-- `/search`'s Near and Distance kept for a signed-in person (Settings); null: none chosen.
alter table users
  add column near_zip text constraint users_near_zip_check check (near_zip ~ '^[0-9]{5}$'),
  add column search_radius integer constraint users_search_radius_check check (search_radius in (10, 25, 50, 100, 250));
