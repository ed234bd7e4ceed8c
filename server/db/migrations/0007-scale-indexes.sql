-- Public reads at 100k people / 1M follows / 100k content items: each list walks an index in its own
-- order and stops at its page; each count reads an index alone (index-only scans), never the table.

-- A discipline's approved items newest first (the section lists), and their count (hub and section totals).
create index places_approved_idx on places (discipline_id, created_at desc, id desc) where status = 'approved';
create index events_approved_idx on events (discipline_id, created_at desc, id desc) where status = 'approved';
create index tricks_approved_idx on tricks (discipline_id, created_at desc, id desc) where status = 'approved';
create index reviews_approved_idx on reviews (discipline_id, created_at desc, id desc) where status = 'approved';
create index shops_approved_idx on shops (discipline_id, created_at desc, id desc) where status = 'approved';
create index articles_approved_idx on articles (discipline_id, created_at desc, id desc) where status = 'approved';

-- Searches match a substring anywhere (lower(column) like '%text%'): trigram indexes find the few matching
-- rows, and the count of matches, without reading every team or place.
create extension if not exists pg_trgm;
create index teams_search_idx on teams using gin (lower(name) gin_trgm_ops, lower(location) gin_trgm_ops);
create index places_search_idx on places using gin (lower(name) gin_trgm_ops, lower(location) gin_trgm_ops);

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

-- Counts shown on every visit (home figures, hub figures, list totals) kept exact by triggers in the
-- writing transaction, instead of counting up to 100k rows per request. Keys: 'athletes' (confirmed,
-- non-banned people), 'athletes:<discipline id>' (such people following the discipline), and below.
create table public_counts (
  key text primary key,
  n integer not null default 0
);

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

-- Approved items per section and discipline ('approved:<table>:<discipline id>'), approved places overall
-- ('spots'): the hub figures and the public section totals.
create function public_counts_content() returns trigger language plpgsql as $$
declare
  was boolean := tg_op <> 'INSERT' and old.status = 'approved';
  now_is boolean := tg_op <> 'DELETE' and new.status = 'approved';
begin
  if was and now_is and old.discipline_id = new.discipline_id then
    return null;
  end if;
  if was then
    perform public_counts_add('approved:' || tg_table_name || ':' || old.discipline_id, -1);
    if tg_table_name = 'places' then
      perform public_counts_add('spots', -1);
    end if;
  end if;
  if now_is then
    perform public_counts_add('approved:' || tg_table_name || ':' || new.discipline_id, 1);
    if tg_table_name = 'places' then
      perform public_counts_add('spots', 1);
    end if;
  end if;
  return null;
end;
$$;
create trigger public_counts_content after insert or delete or update of status, discipline_id on places
  for each row execute function public_counts_content();
create trigger public_counts_content after insert or delete or update of status, discipline_id on events
  for each row execute function public_counts_content();
create trigger public_counts_content after insert or delete or update of status, discipline_id on tricks
  for each row execute function public_counts_content();
create trigger public_counts_content after insert or delete or update of status, discipline_id on reviews
  for each row execute function public_counts_content();
create trigger public_counts_content after insert or delete or update of status, discipline_id on shops
  for each row execute function public_counts_content();
create trigger public_counts_content after insert or delete or update of status, discipline_id on articles
  for each row execute function public_counts_content();

-- Approved teams ('teams'): the public teams list's total.
create function public_counts_team() returns trigger language plpgsql as $$
declare
  delta integer := (case when tg_op <> 'DELETE' and new.status = 'approved' then 1 else 0 end)
                 - (case when tg_op <> 'INSERT' and old.status = 'approved' then 1 else 0 end);
begin
  if delta <> 0 then
    perform public_counts_add('teams', delta);
  end if;
  return null;
end;
$$;
create trigger public_counts_team after insert or delete or update of status on teams
  for each row execute function public_counts_team();

-- A discipline's members (its hub figure): distinct people who follow it or belong to one of its approved
-- teams. Each such person has a row here saying why (a follow, how many teams); the count 'members:<id>'
-- moves when a row appears or goes. Triggers on follows, memberships, team disciplines and team status keep
-- both exact; the team's row is locked (for share) so a concurrent approval and join count once.
create table discipline_members (
  discipline_id text not null,
  user_id text not null,
  follows boolean not null default false,
  teams integer not null default 0,
  primary key (discipline_id, user_id)
);
-- Adds (+1) or removes (-1) a reason for each (discipline, person) pair given; follow says which kind.
-- Callers pass pairs sorted by discipline, so concurrent writers lock counters in one order (no deadlock).
create function discipline_members_change(pairs jsonb, follow boolean, delta integer) returns void language plpgsql as $$
declare
  pair record;
  row_ discipline_members;
  team_delta integer := case when follow then 0 else 1 end;
begin
  for pair in select e->>'d' as d, e->>'u' as u from jsonb_array_elements(pairs) e loop
    if delta > 0 then
      insert into discipline_members as m (discipline_id, user_id, follows, teams)
      values (pair.d, pair.u, follow, team_delta)
      on conflict (discipline_id, user_id) do update
        set follows = m.follows or follow, teams = m.teams + team_delta
      returning * into row_;
      -- Still exactly what a new row holds: the person just became a member.
      if row_.follows = follow and row_.teams = team_delta then
        perform public_counts_add('members:' || pair.d, 1);
      end if;
    else
      update discipline_members as m
        set follows = m.follows and not follow, teams = m.teams - team_delta
      where m.discipline_id = pair.d and m.user_id = pair.u
      returning * into row_;
      if found and not row_.follows and row_.teams <= 0 then
        delete from discipline_members where discipline_id = pair.d and user_id = pair.u;
        perform public_counts_add('members:' || pair.d, -1);
      end if;
    end if;
  end loop;
end;
$$;

create function discipline_members_follow() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform discipline_members_change(jsonb_build_array(jsonb_build_object('d', new.discipline_id, 'u', new.user_id)), true, 1);
  else
    perform discipline_members_change(jsonb_build_array(jsonb_build_object('d', old.discipline_id, 'u', old.user_id)), true, -1);
  end if;
  return null;
end;
$$;
create trigger discipline_members_follow after insert or delete on discipline_followers
  for each row execute function discipline_members_follow();

create function discipline_members_membership() returns trigger language plpgsql as $$
declare
  m team_members := case when tg_op = 'INSERT' then new else old end;
begin
  -- A team being deleted is already gone here; its before-delete trigger removed its members.
  perform 1 from teams t where t.id = m.team_id and t.status = 'approved' for share;
  if found then
    perform discipline_members_change(
      (select coalesce(jsonb_agg(jsonb_build_object('d', td.discipline_id, 'u', m.user_id) order by td.discipline_id), '[]') from team_disciplines td where td.team_id = m.team_id),
      false, case when tg_op = 'INSERT' then 1 else -1 end);
  end if;
  return null;
end;
$$;
create trigger discipline_members_membership after insert or delete on team_members
  for each row execute function discipline_members_membership();

create function discipline_members_team_discipline() returns trigger language plpgsql as $$
declare
  l team_disciplines := case when tg_op = 'INSERT' then new else old end;
begin
  perform 1 from teams t where t.id = l.team_id and t.status = 'approved' for share;
  if found then
    perform discipline_members_change(
      (select coalesce(jsonb_agg(jsonb_build_object('d', l.discipline_id, 'u', tm.user_id) order by tm.user_id), '[]') from team_members tm where tm.team_id = l.team_id),
      false, case when tg_op = 'INSERT' then 1 else -1 end);
  end if;
  return null;
end;
$$;
create trigger discipline_members_team_discipline after insert or delete on team_disciplines
  for each row execute function discipline_members_team_discipline();

-- Approval adds the team's members to its disciplines; leaving 'approved' (or deletion) removes them.
create function discipline_members_team() returns trigger language plpgsql as $$
declare
  was boolean := tg_op <> 'INSERT' and old.status = 'approved';
  now_is boolean := tg_op = 'UPDATE' and new.status = 'approved';
begin
  if was <> now_is then
    perform discipline_members_change(
      (select coalesce(jsonb_agg(jsonb_build_object('d', td.discipline_id, 'u', tm.user_id) order by td.discipline_id, tm.user_id), '[]')
       from team_members tm join team_disciplines td on td.team_id = tm.team_id where tm.team_id = old.id),
      false, case when now_is then 1 else -1 end);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
create trigger discipline_members_team_status after update of status on teams
  for each row execute function discipline_members_team();
create trigger discipline_members_team_delete before delete on teams
  for each row execute function discipline_members_team();

-- Recomputes every kept count from the rows themselves: here for existing data, and after a bulk load
-- that ran with triggers off (bench/lib/generate.ts).
create function rebuild_counts() returns void language plpgsql as $$
begin
  update profiles p set followers_count = c.n
  from (select p2.id, count(uf.followee_id)::int as n from profiles p2 left join user_follows uf on uf.followee_id = p2.id group by p2.id) c
  where c.id = p.id and p.followers_count <> c.n;

  delete from discipline_members;
  insert into discipline_members (discipline_id, user_id, follows, teams)
  select discipline_id, user_id, bool_or(follows), sum(teams)::int
  from (
    select discipline_id, user_id, true as follows, 0 as teams from discipline_followers
    union all
    select td.discipline_id, tm.user_id, false, 1
    from team_members tm join team_disciplines td on td.team_id = tm.team_id join teams t on t.id = tm.team_id and t.status = 'approved'
  ) s
  group by discipline_id, user_id;

  delete from public_counts;
  insert into public_counts (key, n)
  select 'athletes', count(*)::int from profiles where email_verified and not banned
  union all
  select 'spots', count(*)::int from places where status = 'approved'
  union all
  select 'teams', count(*)::int from teams where status = 'approved'
  union all
  select 'approved:places:' || discipline_id, count(*)::int from places where status = 'approved' group by discipline_id
  union all
  select 'approved:events:' || discipline_id, count(*)::int from events where status = 'approved' group by discipline_id
  union all
  select 'approved:tricks:' || discipline_id, count(*)::int from tricks where status = 'approved' group by discipline_id
  union all
  select 'approved:reviews:' || discipline_id, count(*)::int from reviews where status = 'approved' group by discipline_id
  union all
  select 'approved:shops:' || discipline_id, count(*)::int from shops where status = 'approved' group by discipline_id
  union all
  select 'approved:articles:' || discipline_id, count(*)::int from articles where status = 'approved' group by discipline_id
  union all
  select 'athletes:' || df.discipline_id, count(*)::int
  from discipline_followers df join profiles p on p.id = df.user_id and p.email_verified and not p.banned
  group by df.discipline_id
  union all
  select 'members:' || discipline_id, count(*)::int from discipline_members group by discipline_id;
end;
$$;
select rebuild_counts();
