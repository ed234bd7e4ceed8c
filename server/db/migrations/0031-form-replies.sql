-- Issue 38: a plain form the server refused comes back with what the person typed and each field's
-- error (server/lib/actions.ts). What was typed can be longer than a cookie or an address holds, so it
-- waits here, named by a random id the refusal's flash carries, and the next page takes it (read once,
-- deleted). Passwords are never kept. Rows older than ten minutes are deleted whenever one is written.
create table form_replies (
  id text primary key,
  action text not null,
  reply jsonb not null,
  created_at timestamptz not null default now()
);
create index form_replies_created_at on form_replies (created_at);
