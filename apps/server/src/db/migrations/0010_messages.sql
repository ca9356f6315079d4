-- Messages between a buyer and the seller of one car: one conversation per buyer and car, so that
-- "Message Seller" finds the conversation already started instead of opening a second one.
create table conversations (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references products (id) on delete cascade,
  buyer_id text not null references users (id) on delete cascade,
  seller_id text not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now(),
  -- The last message each party has read (0: none); unread = their party's messages after it.
  buyer_read_id bigint not null default 0,
  seller_read_id bigint not null default 0,
  unique (product_id, buyer_id),
  check (buyer_id <> seller_id)
);
-- Each person's list, latest activity first, as buyer and as seller.
create index conversations_buyer_idx on conversations (buyer_id, last_message_at desc);
create index conversations_seller_idx on conversations (seller_id, last_message_at desc);

create table messages (
  -- Ordered and increasing: a thread's order, and the live stream's event id (Last-Event-ID).
  id bigint generated always as identity primary key,
  conversation_id uuid not null references conversations (id) on delete cascade,
  sender_id text not null references users (id) on delete cascade,
  body text not null check (length(body) between 1 and 2000),
  -- Scam signals found in the body (scam-signals.ts); the message is delivered all the same.
  warnings text[] not null default '{}',
  created_at timestamptz not null default now()
);
create index messages_conversation_idx on messages (conversation_id, id);
-- The admins' queue of flagged messages, newest first.
create index messages_flagged_idx on messages (id desc) where warnings <> '{}';
