-- A repeat of a notification (same recipient, kind, actor and subject) folds into the unread one
-- already there (server/lib/notifications.ts). One unread copy at most, enforced here so that two
-- concurrent repeats cannot both insert. actor_id stays bare: notifications from deleted actors
-- (set null) must not collide.
-- Floods recorded before are folded the same way: the newest copy stays.
delete from notifications n
where n.read_at is null
  and n.actor_id is not null
  and exists (
    select 1 from notifications m
    where m.read_at is null
      and m.user_id = n.user_id
      and m.type = n.type
      and m.actor_id = n.actor_id
      and coalesce(m.subject_type, '') = coalesce(n.subject_type, '')
      and coalesce(m.subject_id, '') = coalesce(n.subject_id, '')
      and m.id > n.id
  );
create unique index notifications_unread_once_idx
  on notifications (user_id, type, actor_id, coalesce(subject_type, ''), coalesce(subject_id, ''))
  where read_at is null;
