-- Reviews only a completed sale can write (issue 48, decision 042): when a payment is released, its
-- buyer may review the seller and its seller the buyer, once each, within 14 days of the release.
-- Blind: a review shows (to others and to its subject) once both are in, or when the 14 days end.
-- Who may write, and when, is the service's rule (modules/reviews/service.ts), checked in the same
-- statement that writes; what the table keeps whoever writes is below.
create table reviews (
  id uuid primary key default gen_random_uuid(),
  -- The sale: a released payment. A payment is kept for the record, so are its reviews.
  payment_id uuid not null references payments (id) on delete restrict,
  -- The author's side of the sale: the buyer reviews the seller, the seller the buyer. One each.
  author_role text not null check (author_role in ('buyer', 'seller')),
  author_id text references users (id) on delete set null,
  subject_id text references users (id) on delete set null,
  rating smallint not null check (rating between 1 and 5),
  -- As long as a message may be (messageLimits.text).
  body text not null check (length(body) between 1 and 2000),
  created_at timestamptz not null default now(),
  -- When it shows: 14 days after the release when written, brought forward to the moment the other
  -- side's review comes in. Every read that shows reviews asks `shown_at <= now` of it (REVIEW_SHOWN
  -- in modules/cars/seller-rating.ts), so being blind is one indexed comparison, not a join.
  shown_at timestamptz not null,
  -- The subject's one public answer.
  reply text check (length(reply) between 1 and 2000),
  replied_at timestamptz,
  -- An admin's hiding, with the note both parties are told.
  hidden_at timestamptz,
  hidden_note text check (length(hidden_note) between 1 and 1000),
  hidden_by text references users (id) on delete set null,
  unique (payment_id, author_role),
  check (author_id is distinct from subject_id or author_id is null),
  check ((reply is null) = (replied_at is null)),
  -- A reply answers a review the subject could read.
  check (replied_at is null or replied_at >= shown_at),
  check ((hidden_at is null) = (hidden_note is null))
);

-- A person's shown reviews and their rating (the cards' stars: one index-only look-up per car).
create index reviews_subject_idx on reviews (subject_id, shown_at) include (rating) where hidden_at is null;
create index reviews_author_idx on reviews (author_id);

-- Anyone signed in may report a shown review, once; the admins' queue lists the reported ones not hidden.
create table review_reports (
  review_id uuid not null references reviews (id) on delete cascade,
  reporter_id text not null references users (id) on delete cascade,
  reason text not null check (length(reason) between 1 and 500),
  created_at timestamptz not null default now(),
  primary key (review_id, reporter_id)
);

-- The reviews' notifications: a reminder to write one, a review hidden by an admin.
do $$
declare
  allowed text := (select pg_get_constraintdef(oid) from pg_constraint where conrelid = 'notifications'::regclass and conname = 'notifications_kind_check');
begin
  alter table notifications drop constraint notifications_kind_check;
  execute format('alter table notifications add constraint notifications_kind_check check (%s or kind in (%L, %L))',
    substring(allowed from '^CHECK (.*)$'), 'review_reminder', 'review_hidden');
end
$$;

-- The reminders' job looks for payments released a few days ago.
create index payments_released_idx on payments (released_at) where state = 'released';
