-- One row per picture upload a seller starts, stored or refused, for the per-seller upload limit
-- (images/upload-limit.ts). Refused uploads count too: decoding a damaged picture costs as much as
-- a good one. Rows older than the window are deleted as the seller's next upload is counted.
create table image_uploads (
  owner_id text not null references users (id) on delete cascade,
  started_at timestamptz not null default now()
);

create index image_uploads_owner_idx on image_uploads (owner_id, started_at);
