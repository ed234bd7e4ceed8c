-- Issue 21, item 5: a person's calendar feed of their RSVPs at a secret address. Only a SHA-256 of the
-- token is kept (a database read shows no usable address); making a new one replaces the old, deleting
-- it revokes the address, and deleting the account removes it.
create table calendar_feeds (
  user_id text primary key references profiles (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now()
);
