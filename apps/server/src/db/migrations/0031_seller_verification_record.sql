-- Verifying a seller leaves a record: which admin verified (or removed the verification of) which
-- seller, when, and the admin's note on the evidence they looked at. The specification's one-click
-- Make Verified records an empty note; the evidence panel asks for one.
create table seller_verifications (
  id uuid primary key default gen_random_uuid(),
  seller_id text not null references users(id) on delete cascade,
  -- The admin may leave; the record of what was decided stays.
  admin_id text references users(id) on delete set null,
  verified boolean not null,
  note text not null default '' check (length(note) <= 500),
  created_at timestamptz not null default now()
);
create index seller_verifications_seller_idx on seller_verifications (seller_id, created_at desc);

-- The seller is told when they are verified, when the verification is removed, and when an admin
-- deletes one of their cars: three kinds added to whichever kinds the constraint allows when this runs.
do $$
declare
  allowed text := (select pg_get_constraintdef(oid) from pg_constraint where conrelid = 'notifications'::regclass and conname = 'notifications_kind_check');
begin
  alter table notifications drop constraint notifications_kind_check;
  execute format('alter table notifications add constraint notifications_kind_check check (%s or kind in (%L, %L, %L))',
    substring(allowed from '^CHECK (.*)$'), 'seller_verified', 'seller_unverified', 'car_deleted_by_admin');
end
$$;
