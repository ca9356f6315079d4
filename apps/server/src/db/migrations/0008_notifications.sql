-- What people are told: the bell's notifications and, written in the same transaction as the event
-- that caused them, the emails that tell the same thing (the outbox). A notification is once per
-- person and event (`event_key`), so a retried or repeated event adds nothing; an email is once per
-- notification, so a retried delivery can never write a second one.
create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  event_key text not null check (length(event_key) <= 200),
  kind text not null check (kind in (
    'booking_requested', 'booking_accepted', 'booking_declined', 'booking_proposed', 'booking_cancelled',
    'message', 'payment'
  )),
  title text not null check (length(title) <= 200),
  body text not null default '' check (length(body) <= 2000),
  -- A path inside the web app (`/dashboard/bookings`), never another site.
  link text not null check (link like '/%' and link not like '//%'),
  read_at timestamptz,
  created_at timestamptz not null default now(),
  unique (user_id, event_key)
);
create index notifications_recent_idx on notifications (user_id, created_at desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;

create table email_outbox (
  id uuid primary key default gen_random_uuid(),
  notification_id uuid not null unique references notifications (id) on delete cascade,
  to_address text not null,
  subject text not null,
  text_body text not null,
  -- An iCalendar file sent with the email (a meeting's invitation, update or cancellation).
  calendar text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  last_error text
);
create index email_outbox_unsent_idx on email_outbox (created_at) where sent_at is null;

-- People who asked for no more notification emails (the bell still shows them).
create table email_unsubscribes (
  user_id text primary key references users (id) on delete cascade,
  created_at timestamptz not null default now()
);
