-- Accounts. The tables better-auth uses (its columns mapped to snake_case in auth/auth.ts), plus the
-- product's user record (docs/product.md): role and seller verification live on the same row.
create table users (
  id text primary key,
  name text not null check (length(name) between 1 and 100),
  email text not null unique check (email = lower(email)),
  email_verified boolean not null default false,
  image text check (length(image) <= 2048),
  role text not null default 'buyer' check (role in ('buyer', 'seller', 'admin')),
  verified boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index users_role_idx on users (role, created_at);

create table sessions (
  id text primary key,
  token text not null unique,
  user_id text not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sessions_user_id_idx on sessions (user_id);

create table accounts (
  id text primary key,
  account_id text not null,
  provider_id text not null,
  user_id text not null references users (id) on delete cascade,
  access_token text,
  refresh_token text,
  id_token text,
  access_token_expires_at timestamptz,
  refresh_token_expires_at timestamptz,
  scope text,
  password text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider_id, account_id)
);
create index accounts_user_id_idx on accounts (user_id);

create table verifications (
  id text primary key,
  identifier text not null,
  value text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index verifications_identifier_idx on verifications (identifier);

-- Failed sign-ins per (email, client address), shared by every app process.
create table sign_in_failures (
  key text primary key,
  failures integer not null check (failures > 0),
  window_started_at timestamptz not null
);

-- Pictures made by POST /images (or the demo seed): stored re-encoded in several widths.
create table images (
  key text primary key check (key ~ '^[A-Za-z0-9_-]{16,64}$'),
  widths integer[] not null check (cardinality(widths) > 0),
  owner_id text references users (id) on delete set null,
  created_at timestamptz not null default now()
);

create table categories (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (length(name) between 1 and 60),
  details text not null,
  image_key text not null references images (key),
  created_at timestamptz not null default now()
);

create table products (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references categories (id),
  -- Null once the seller's account is deleted; the sold car's records stay.
  seller_id text references users (id) on delete set null,
  seller_name text not null,
  seller_email text not null,
  product_name text not null check (length(product_name) between 1 and 120),
  condition text not null check (condition in ('Excellent', 'Good', 'Fair')),
  description text not null check (length(description) between 1 and 5000),
  original_price integer not null check (original_price > 0),
  resale_price integer not null check (resale_price > 0),
  year_of_purchase text not null check (year_of_purchase ~ '^[0-9]{4}$'),
  mobile text not null check (length(mobile) between 1 and 40),
  location text not null check (length(location) between 1 and 120),
  image_key text not null references images (key),
  sales_status text not null default 'available' check (sales_status in ('available', 'sold')),
  paid boolean not null default false,
  advertised boolean not null default false,
  posting_time timestamptz not null default now(),
  check (paid = (sales_status = 'sold'))
);
-- Category pages and the advertised grid list unpaid cars, newest first.
create index products_category_idx on products (category_id, posting_time desc, id desc) where not paid;
create index products_advertised_idx on products (posting_time desc, id desc) where advertised and not paid;
create index products_seller_idx on products (seller_id, posting_time desc);

-- Bookings (a buyer's orders). Name, product and price are copied at booking time from
-- the session and the database, so an order stays readable if the car is later deleted.
create table bookings (
  id uuid primary key default gen_random_uuid(),
  product_id uuid references products (id) on delete set null,
  buyer_id text references users (id) on delete set null,
  buyer_name text not null,
  buyer_email text not null,
  product_name text not null,
  price integer not null check (price > 0),
  image_key text references images (key),
  phone text not null default '' check (length(phone) <= 40),
  location text not null default '' check (length(location) <= 200),
  paid boolean not null default false,
  transaction_id text unique,
  created_at timestamptz not null default now()
);
-- One open booking per buyer and car.
create unique index bookings_open_once_idx on bookings (buyer_id, product_id) where not paid;
create index bookings_buyer_idx on bookings (buyer_id, created_at desc);

-- One row per buyer and car: many buyers may wishlist the same car.
create table wishlist_entries (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references products (id) on delete cascade,
  buyer_id text not null references users (id) on delete cascade,
  paid boolean not null default false,
  transaction_id text unique,
  created_at timestamptz not null default now(),
  unique (buyer_id, product_id)
);
create index wishlist_entries_product_idx on wishlist_entries (product_id);

create table payments (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('order', 'wishlist')),
  booking_id uuid references bookings (id) on delete restrict,
  wishlist_entry_id uuid references wishlist_entries (id) on delete set null,
  product_id uuid references products (id) on delete set null,
  buyer_id text references users (id) on delete set null,
  buyer_email text not null,
  amount integer not null check (amount > 0),
  currency text not null default 'usd',
  transaction_id text not null unique,
  created_at timestamptz not null default now(),
  check ((kind = 'order') = (booking_id is not null))
);
create index payments_buyer_idx on payments (buyer_id, created_at desc);

-- Reports of listings by buyers; once per buyer and car.
create table reports (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references products (id) on delete cascade,
  reporter_id text not null references users (id) on delete cascade,
  reason text not null check (reason in ('Scam or fraud', 'Wrong information', 'Already sold', 'Offensive content', 'Other')),
  note text not null default '' check (length(note) <= 1000),
  created_at timestamptz not null default now(),
  unique (product_id, reporter_id)
);
create index reports_product_idx on reports (product_id, created_at desc);
