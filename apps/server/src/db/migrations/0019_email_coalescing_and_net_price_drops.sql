-- Bounds on the emails one person's actions make the platform send another.

-- Coalescing (notifications/notify.ts): events about one subject (a car and its bookings) told to
-- one person within a few minutes become one email. `fold_key` names the recipient and the subject
-- (null: never folded); `events` counts the events the email tells; `due_at` is when its delivery
-- job runs, at least the coalescing window after the previous email with the same key, so that
-- later events fold into a pending email rather than each sending its own.
alter table email_outbox
  add column fold_key text,
  add column events integer not null default 1,
  add column due_at timestamptz not null default now();
create index email_outbox_fold_idx on email_outbox (fold_key, due_at desc) where fold_key is not null;

-- Price-drop emails (wishlist/alerts.ts) go only for a net drop, at most one a day per car and
-- person: the price a wishlister was last emailed about this car, and when. Null: never emailed,
-- so the drop is measured from the price when they wishlisted it.
alter table wishlist_entries
  add column emailed_price integer,
  add column price_emailed_at timestamptz;
