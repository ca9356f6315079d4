-- An account's address is copied onto what it wrote: its cars (products.seller_email, the contact
-- buyers see), its bookings (bookings.buyer_email) and its payments (payments.buyer_email), and
-- onto the notification emails waiting to be sent to it (email_outbox.to_address). An email change
-- is written by better-auth when the link sent to the new address is opened (/verify-email,
-- auth/auth.ts): users.email alone, in no transaction of ours, and its after-update hook runs once
-- that write has committed. So the copies follow here, in the write's own statement, whatever
-- path changes the address: no one ever reads the old address on a living account's records, and
-- whoever signs up with it next finds it on nothing (issue 46). Who owns what is decided by ids
-- (modules/catalog/car-page.ts); these copies are what is shown.
--
-- Leaving anonymises an account (account/leaving.ts), blanking its copies itself and setting
-- deleted_at with the new address: they stay blank. Mail already sent stays as it went, and an
-- account email goes where it was written to (the notice to the address being left, notably).
create function users_email_copies() returns trigger language plpgsql as $$
begin
  update products set seller_email = new.email where seller_id = new.id;
  update bookings set buyer_email = new.email where buyer_id = new.id;
  update payments set buyer_email = new.email where buyer_id = new.id;
  update email_outbox o set to_address = new.email
    from notifications n
   where n.id = o.notification_id and n.user_id = new.id and o.sent_at is null and o.given_up_at is null;
  return null;
end
$$;
create trigger users_email_copies after update of email on users
  for each row when (old.email is distinct from new.email and new.deleted_at is null)
  execute function users_email_copies();

-- Accounts that changed their address before this still have copies of the old one.
update products p set seller_email = u.email from users u where u.id = p.seller_id and u.deleted_at is null and p.seller_email <> u.email;
update bookings b set buyer_email = u.email from users u where u.id = b.buyer_id and u.deleted_at is null and b.buyer_email <> u.email;
update payments pay set buyer_email = u.email from users u where u.id = pay.buyer_id and u.deleted_at is null and pay.buyer_email <> u.email;
update email_outbox o set to_address = u.email
  from notifications n join users u on u.id = n.user_id
 where n.id = o.notification_id and u.deleted_at is null and o.sent_at is null and o.given_up_at is null and o.to_address <> u.email;
