-- Booking requests the seller answers. A booking is pending until its car's seller
-- confirms a meeting time (confirmed), declines it, or the buyer cancels it. The seller may counter
-- with another time (proposed_time) while it stays pending. calendar_sequence is the .ics SEQUENCE:
-- raised on every change of a confirmed meeting, so calendars replace the event instead of adding one.
alter table bookings
  add column status text not null default 'pending' check (status in ('pending', 'confirmed', 'declined', 'cancelled')),
  add column preferred_time timestamptz,
  add column meeting_time timestamptz,
  add column proposed_time timestamptz,
  add column decline_reason text check (length(decline_reason) <= 500),
  add column status_changed_at timestamptz,
  add column calendar_sequence integer not null default 0,
  add constraint bookings_confirmed_has_time check (status <> 'confirmed' or meeting_time is not null);

-- The seller's Booking Requests list: bookings on a car, newest first.
create index bookings_product_idx on bookings (product_id, created_at desc);

-- One open booking per buyer and car, where open now means unpaid and still pending or confirmed:
-- after a decline or a cancellation the buyer may book the car again.
drop index bookings_open_once_idx;
create unique index bookings_open_once_idx on bookings (buyer_id, product_id) where not paid and status in ('pending', 'confirmed');
