-- Counts behind the sign-in and sign-up limits (auth/rate-limits.ts), in the database so that they
-- hold across every app process. One row per counted thing (an e-mail and client address, or a
-- client address alone) and fixed window; a row whose window has ended is deleted by the next
-- count, so nothing is kept for longer than its window.
create table auth_rate_limits (
  key text primary key,
  hits integer not null check (hits >= 0),
  window_ends_at timestamptz not null
);
create index auth_rate_limits_window_ends_at_idx on auth_rate_limits (window_ends_at);

-- Replaced by the table above; its counts lasted 15 minutes, so nothing worth keeping is lost.
drop table sign_in_failures;

-- An absolute session lifetime: however often better-auth extends a session on use, it ends 30
-- days after it began. Enforced here, whoever writes the row.
create function cap_session_lifetime() returns trigger
language plpgsql as $$
begin
  new.expires_at := least(new.expires_at, new.created_at + interval '30 days');
  return new;
end;
$$;

create trigger sessions_absolute_lifetime before insert or update on sessions
  for each row execute function cap_session_lifetime();
