-- Admins manage brand categories (a production database starts with none). "Toyota" and "toyota"
-- are one brand: names are unique whatever their case, which replaces the case-sensitive unique
-- constraint of 0001. The details get the bound the contract gives them (categoryLimits), so no
-- other path can store more.
alter table categories drop constraint categories_name_key;
create unique index categories_name_lower_idx on categories (lower(name));
alter table categories add constraint categories_details_length check (length(details) between 1 and 500);
