-- Public reads at 100k people / 1M follows / 100k content items: each list walks an index in its own
-- order and stops at its page; each count reads an index alone (index-only scans), never the table.

-- A discipline's approved items newest first (the section lists), and their count (hub and section totals).
create index places_approved_idx on places (discipline_id, created_at desc, id desc) where status = 'approved';
create index events_approved_idx on events (discipline_id, created_at desc, id desc) where status = 'approved';
create index tricks_approved_idx on tricks (discipline_id, created_at desc, id desc) where status = 'approved';
create index reviews_approved_idx on reviews (discipline_id, created_at desc, id desc) where status = 'approved';
create index shops_approved_idx on shops (discipline_id, created_at desc, id desc) where status = 'approved';
create index articles_approved_idx on articles (discipline_id, created_at desc, id desc) where status = 'approved';

-- The public teams list: approved teams newest first, ties by id.
create index teams_approved_created_idx on teams (created_at desc, id desc) where status = 'approved';

-- Home counts: confirmed, non-banned people; approved events running now or within 30 days.
create index profiles_athletes_idx on profiles (id) where email_verified and not banned;
create index events_approved_dates_idx on events (end_date, start_date) where status = 'approved';

-- A discipline's followers by person, so counting them (athletes total, hub members) reads this index alone.
create index discipline_followers_discipline_user_idx on discipline_followers (discipline_id, user_id);

-- Athletes are listed most followed first: the count is kept on the person, exact, by the same
-- statement that adds or removes a follow, so the list walks one index instead of counting everyone's followers.
alter table profiles add column followers_count integer not null default 0;
update profiles p set followers_count = c.n
from (select followee_id, count(*)::int as n from user_follows group by followee_id) c
where c.followee_id = p.id;

create function user_follows_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update profiles set followers_count = followers_count + 1 where id = new.followee_id;
  else
    update profiles set followers_count = followers_count - 1 where id = old.followee_id;
  end if;
  return null;
end;
$$;
create trigger user_follows_count after insert or delete on user_follows for each row execute function user_follows_count();

create index profiles_athletes_rank_idx on profiles (followers_count desc, name, id) where email_verified and not banned;
drop index discipline_followers_discipline_idx;

-- Counts shown on every visit (home figures, a discipline's athletes total) kept exact by triggers in the
-- writing transaction, instead of counting 100k people per request. Keys: 'athletes' (confirmed, non-banned
-- people), 'spots' (approved places), 'athletes:<discipline id>' (such people following the discipline).
create table public_counts (
  key text primary key,
  n integer not null default 0
);
insert into public_counts (key, n)
select 'athletes', count(*)::int from profiles where email_verified and not banned
union all
select 'spots', count(*)::int from places where status = 'approved'
union all
select 'athletes:' || df.discipline_id, count(*)::int
from discipline_followers df join profiles p on p.id = df.user_id and p.email_verified and not p.banned
group by df.discipline_id;

create function public_counts_add(counter text, delta integer) returns void language sql as $$
  insert into public_counts (key, n) values (counter, delta) on conflict (key) do update set n = public_counts.n + excluded.n;
$$;

-- A person becoming (or ceasing to be) an athlete moves the total and each followed discipline's count.
-- Deletion runs before the row goes: the follows are still there, and their cascade then finds no athlete.
create function public_counts_profile() returns trigger language plpgsql as $$
declare
  was boolean := tg_op <> 'INSERT' and old.email_verified and not old.banned;
  now_is boolean := tg_op <> 'DELETE' and new.email_verified and not new.banned;
  delta integer;
begin
  if was = now_is then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  delta := case when now_is then 1 else -1 end;
  perform public_counts_add('athletes', delta);
  if tg_op <> 'INSERT' then
    perform public_counts_add('athletes:' || f.discipline_id, delta) from discipline_followers f where f.user_id = old.id;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
create trigger public_counts_profile_change after insert or update of email_verified, banned on profiles
  for each row execute function public_counts_profile();
create trigger public_counts_profile_delete before delete on profiles
  for each row execute function public_counts_profile();

-- The person's row is locked (for share) so a concurrent confirmation or ban counts this follow exactly once.
create function public_counts_follow() returns trigger language plpgsql as $$
declare
  f discipline_followers := case when tg_op = 'INSERT' then new else old end;
begin
  perform 1 from profiles p where p.id = f.user_id and p.email_verified and not p.banned for share;
  if found then
    perform public_counts_add('athletes:' || f.discipline_id, case when tg_op = 'INSERT' then 1 else -1 end);
  end if;
  return null;
end;
$$;
create trigger public_counts_follow after insert or delete on discipline_followers
  for each row execute function public_counts_follow();

create function public_counts_place() returns trigger language plpgsql as $$
declare
  delta integer := (case when tg_op <> 'DELETE' and new.status = 'approved' then 1 else 0 end)
                 - (case when tg_op <> 'INSERT' and old.status = 'approved' then 1 else 0 end);
begin
  if delta <> 0 then
    perform public_counts_add('spots', delta);
  end if;
  return null;
end;
$$;
create trigger public_counts_place after insert or delete or update of status on places
  for each row execute function public_counts_place();
