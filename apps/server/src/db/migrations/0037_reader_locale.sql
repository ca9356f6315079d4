-- The locale a person reads dates and times in (issue 47, "one clock"): a BCP 47 tag such as en-US
-- or en-GB, taken from the browser with the time zone once the person is signed in and the account
-- has none. None: en-US. Bounded here as in the contract's schema (packages/contract/src/settings.ts).
alter table users add column locale text constraint users_locale_check check (length(locale) <= 35);
