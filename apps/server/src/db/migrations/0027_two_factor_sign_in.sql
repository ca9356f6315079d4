-- Two-factor sign-in (better-auth's twoFactor plugin, auth/two-factor.ts): whether an account asks for
-- a code after its password, and the account's authenticator secret and backup codes, both
-- encrypted under the auth secret by better-auth. A row whose `verified` is false is a setup that
-- was begun (a QR code shown) and not yet confirmed with a code: it turns nothing on.
alter table users add column two_factor_enabled boolean not null default false;

create table two_factors (
  id text primary key,
  user_id text not null unique references users (id) on delete cascade,
  secret text not null,
  backup_codes text not null,
  verified boolean not null default true,
  -- better-auth's own count of failed codes; the limits that answer 429 are auth_rate_limits' (auth-limits.ts).
  failed_verification_count integer not null default 0,
  locked_until timestamptz
);
