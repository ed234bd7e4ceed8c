-- Issue 37, hole 2's sibling (found in review): a photo added, described, made the cover or deleted
-- on a pending item changes what the admin would publish, as a change of its row does (migration
-- 0024): the queued version counts it, so that a decision on the gallery the admin saw is the only
-- one that publishes. For an event, any date of its series (a series waits as its first date).
create function photo_subject_changed() returns trigger language plpgsql as $$
declare
  kind text;
  subject uuid;
begin
  if tg_op = 'DELETE' then
    kind := old.subject_type;
    subject := old.subject_id;
  else
    kind := new.subject_type;
    subject := new.subject_id;
  end if;
  update pending_approvals set version = version + 1
    where item_type = kind and status = 'pending'
      and (item_id = subject::text
        or (kind = 'event' and item_id in (
          select e.id::text from events e
          where e.series_id is not null and e.series_id = (select s.series_id from events s where s.id = subject))));
  return null;
end;
$$;
create trigger photos_queued_version after insert or update or delete on photos
  for each row execute function photo_subject_changed();
