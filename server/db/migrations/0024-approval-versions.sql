-- Issue 37, hole 2: an admin's decision names the version of the queued thing it was made on, and a
-- decision on another version is refused, so that nothing the admin never saw is published. A pending
-- revision's version is counted by the edit that rewrites it (server/lib/revisions.ts). A new item's
-- (or team's) is counted here, on every change of the pending item's row, whoever makes it and by
-- whichever path (the section's update, an admin's form, a series edit), so that none can forget to.
alter table pending_approvals add column version integer not null default 1;
alter table pending_revisions add column version integer not null default 1;

-- The queue row's own changes: the name it shows, or the item it stands for (a series' first date deleted).
create function pending_approval_version() returns trigger language plpgsql as $$
begin
  new.version := old.version + 1;
  return new;
end;
$$;
create trigger pending_approvals_version before update of item_id, item_data on pending_approvals
  for each row when (old.status = 'pending' and new.status = 'pending' and (old.item_id, old.item_data) is distinct from (new.item_id, new.item_data))
  execute function pending_approval_version();

-- Any change of a pending item's row. The decision itself (pending to approved or rejected) is not one.
create function queued_item_changed() returns trigger language plpgsql as $$
begin
  update pending_approvals set version = version + 1
    where item_type = tg_argv[0] and item_id = new.id::text and status = 'pending';
  return null;
end;
$$;
create trigger articles_queued_version after update on articles for each row
  when (old.status = 'pending' and new.status = 'pending') execute function queued_item_changed('article');
create trigger places_queued_version after update on places for each row
  when (old.status = 'pending' and new.status = 'pending') execute function queued_item_changed('place');
create trigger reviews_queued_version after update on reviews for each row
  when (old.status = 'pending' and new.status = 'pending') execute function queued_item_changed('review');
create trigger tricks_queued_version after update on tricks for each row
  when (old.status = 'pending' and new.status = 'pending') execute function queued_item_changed('trick');
create trigger shops_queued_version after update on shops for each row
  when (old.status = 'pending' and new.status = 'pending') execute function queued_item_changed('shop');
-- A team's disciplines are rows of their own, but every update of a team touches its row (updated_at).
create trigger teams_queued_version after update on teams for each row
  when (old.status = 'pending' and new.status = 'pending') execute function queued_item_changed('team');

-- A series waits in the queue as its first date (migration 0023): a change of any of its dates is one.
create function queued_event_changed() returns trigger language plpgsql as $$
begin
  update pending_approvals set version = version + 1
    where item_type = 'event' and status = 'pending'
      and (item_id = new.id::text
        or (new.series_id is not null and item_id in (select e.id::text from events e where e.series_id = new.series_id)));
  return null;
end;
$$;
create trigger events_queued_version after update on events for each row
  when (old.status = 'pending' and new.status = 'pending') execute function queued_event_changed();
