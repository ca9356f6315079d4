-- A picture's URL and srcset (what products carry as `image` and `imageSrcSet`) are kept on its
-- row, so that a page of cars can be written out as JSON by PostgreSQL (PRODUCT_JSON in
-- modules/cars/product.ts) without working them out from `widths` for every car of every read.
-- Generated columns: every way a row is written (an upload, the demo data, a fixture) has them.
-- The rule is images/store.ts's imageUrls: the main picture is the last width up to 800 pixels,
-- else the first; the srcset lists every width, and is empty for a single one. A test holds the
-- two equal (modules/cars/product-json.test.ts).
create function image_main_url(key text, widths integer[]) returns text
  language sql immutable strict parallel safe
  return '/uploads/' || key || '-'
    || coalesce((select w from unnest(widths) with ordinality u(w, n) where w <= 800 order by n desc limit 1), widths[1])
    || '.webp';

create function image_src_set(key text, widths integer[]) returns text
  language sql immutable strict parallel safe
  return case when cardinality(widths) > 1
    then array_to_string(array(select '/uploads/' || key || '-' || w || '.webp ' || w || 'w' from unnest(widths) with ordinality u(w, n) order by n), ', ')
    else '' end;

alter table images
  add column url text generated always as (image_main_url(key, widths)) stored,
  add column src_set text generated always as (image_src_set(key, widths)) stored;
