-- Account emails: a password reset link, the notice that a password changed, the answer to a reset
-- asked for an account that signs in with Google only. They go through the outbox and its delivery
-- jobs like every email, but belong to no notification: the bell, which anyone signed in to the
-- account reads, must never show a reset link. Such a row names its person itself (user_id) and is
-- sent whatever the person's unsubscribe choice (it is about the account, not news).
alter table email_outbox
  alter column notification_id drop not null,
  add column user_id text references users(id) on delete cascade,
  add constraint email_outbox_notification_or_account check ((notification_id is null) <> (user_id is null));
-- Deleting a user finds their account emails by it.
create index email_outbox_account_idx on email_outbox (user_id) where user_id is not null;
