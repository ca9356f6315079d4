-- The development mailbox: outside production, with no SMTP_URL, the server sends its emails over
-- SMTP to a server of its own (src/mail/dev-mailbox.ts), which keeps each message here, so every app
-- process and a restart show the same mail at /dev/mailbox. Production never writes to it.
create table dev_mailbox (
  id uuid primary key default gen_random_uuid(),
  received_at timestamptz not null default now(),
  from_address text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  -- The headers that matter, by their lower-case name.
  headers jsonb not null,
  -- [{ filename, contentType, content (base64) }]
  attachments jsonb not null default '[]'
);
create index dev_mailbox_recent_idx on dev_mailbox (received_at desc);
