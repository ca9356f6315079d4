-- Every app process keeps signed-in people's sessions in memory for a short while
-- (auth/session-cache.ts). The database announces each change that could make such a memory wrong
-- (a session ended or changed, a user deleted, promoted or verified) on one channel, with the
-- user's id as the payload, whoever made it: the app, better-auth, `npm run admin` or a person at
-- psql. The notification is sent when the transaction commits, and not at all if it rolls back.
create function notify_auth_change() returns trigger
language plpgsql as $$
begin
  -- tg_argv[0] names the column holding the user's id (`id` in users, `user_id` in sessions).
  perform pg_notify('second_gear_auth_changes', to_jsonb(old) ->> tg_argv[0]);
  return null;
end;
$$;

create trigger users_auth_change after update or delete on users
  for each row execute function notify_auth_change('id');

create trigger sessions_auth_change after update or delete on sessions
  for each row execute function notify_auth_change('user_id');
