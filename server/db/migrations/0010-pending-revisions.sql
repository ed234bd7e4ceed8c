-- A non-admin's edit of approved content or of an approved team waits here until an admin decides it:
-- the approved row stays what the public sees meanwhile (issue 16). One pending revision per item; a
-- newer edit replaces it. Decided revisions stay as the record of who decided what.
create table pending_revisions (
  id uuid primary key default gen_random_uuid(),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  item_type text not null,
  item_id text not null,
  -- The validated update body (API field names), applied as it is on approval.
  changes jsonb not null,
  submitted_by text references profiles (id) on delete cascade,
  decided_by text references profiles (id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index pending_revisions_item_idx on pending_revisions (item_type, item_id) where status = 'pending';
create index pending_revisions_status_idx on pending_revisions (status, created_at);

create function delete_item_revisions() returns trigger language plpgsql as $$
begin
  delete from pending_revisions where item_type = tg_argv[0] and item_id = old.id::text;
  return old;
end;
$$;
create trigger articles_revisions after delete on articles for each row execute function delete_item_revisions('article');
create trigger events_revisions after delete on events for each row execute function delete_item_revisions('event');
create trigger places_revisions after delete on places for each row execute function delete_item_revisions('place');
create trigger reviews_revisions after delete on reviews for each row execute function delete_item_revisions('review');
create trigger tricks_revisions after delete on tricks for each row execute function delete_item_revisions('trick');
create trigger shops_revisions after delete on shops for each row execute function delete_item_revisions('shop');
create trigger teams_revisions after delete on teams for each row execute function delete_item_revisions('team');
