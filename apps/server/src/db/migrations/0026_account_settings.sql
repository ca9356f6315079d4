-- What a person sets in Settings beyond the sign-up's name and photo: a phone number (the booking
-- modal starts with it) and the time zone the emails and calendar files about them are written in
-- (none: UTC, as before). Bounded here as in the contract's schema (packages/contract/src/settings.ts).
alter table users
  add column phone text constraint users_phone_check check (length(phone) <= 40),
  add column time_zone text constraint users_time_zone_check check (length(time_zone) <= 64);
