-- A discipline's athletes (confirmed, non-banned people following it), one row per person and discipline,
-- carrying what the athletes list sorts and searches by. Walking profiles in ranking order and probing each
-- person's follow reads ~1 / (share of people following the discipline) profiles per athlete, and a search's
-- count (up to COUNT_CAP + 1 matches) read tens of thousands of profiles; here a discipline's athletes sit
-- together in ranking order in one index, whose entries alone find a page's people and answer the count.
-- Kept exact by triggers in the writing transaction, like the counts of migration 0007.
create table discipline_athletes (
  user_id text not null,
  discipline_id text not null,
  followers_count integer not null,
  name text not null,
  athlete_level text,
  -- lower(name), lower(location): the search tests these, stored so that the index holds them.
  name_lower text not null,
  location_lower text,
  primary key (user_id, discipline_id),
  -- An unfollow, a deleted person or discipline removes the row with its follow.
  foreign key (user_id, discipline_id) references discipline_followers (user_id, discipline_id) on delete cascade
);

-- The list's order (profiles_athletes_rank_idx's, within the discipline); the included columns let a
-- search or level filter, and its count, read the index alone.
create index discipline_athletes_rank_idx on discipline_athletes (discipline_id, followers_count desc, name, user_id)
  include (name_lower, location_lower, athlete_level);

-- Searches of 3 characters or more that match few people: the trigram index finds them without walking
-- the discipline (1 or 2 characters have no trigram; a common text is found soonest by the walk above).
create index discipline_athletes_search_idx on discipline_athletes using gin (name_lower gin_trgm_ops, location_lower gin_trgm_ops);

-- How many of a discipline's athletes have each 1- or 2-character text in their lower-cased name or
-- location: the total of a 1- or 2-character search, which no trigram index can narrow and whose count
-- would otherwise test ~COUNT_CAP / (share of athletes matching) index entries (~4,700 for "ka" in surfing
-- at 100k people). Kept per statement from the changed rows (transition tables), so a bulk insert adds its
-- texts in one pass, and counters are locked in (discipline, text) order whatever the writer (no deadlock).
create table discipline_athlete_texts (
  discipline_id text not null,
  text text not null,
  n integer not null,
  primary key (discipline_id, text)
);

-- Each distinct 1- and 2-character substring of the two texts (characters, as length() and like count them).
create function athlete_search_texts(name_lower text, location_lower text) returns setof text language sql immutable as $$
  select distinct substr(s, i, k)
  from unnest(array[name_lower, location_lower]) s, generate_series(1, 2) k, generate_series(1, length(s) - k + 1) i
$$;

create function discipline_athlete_texts_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into discipline_athlete_texts as c (discipline_id, text, n)
    select a.discipline_id, x.text, count(*)::int
    from added a cross join lateral athlete_search_texts(a.name_lower, a.location_lower) x(text)
    group by 1, 2 order by 1, 2
    on conflict (discipline_id, text) do update set n = c.n + excluded.n;
  elsif tg_op = 'DELETE' then
    insert into discipline_athlete_texts as c (discipline_id, text, n)
    select r.discipline_id, x.text, -count(*)::int
    from removed r cross join lateral athlete_search_texts(r.name_lower, r.location_lower) x(text)
    group by 1, 2 order by 1, 2
    on conflict (discipline_id, text) do update set n = c.n + excluded.n;
  else
    -- Most updates change followers_count only: their texts are left alone.
    insert into discipline_athlete_texts as c (discipline_id, text, n)
    select d.discipline_id, d.text, sum(d.delta)::int
    from (
      select a.discipline_id, x.text, 1 as delta
      from added a join removed r on r.user_id = a.user_id and r.discipline_id = a.discipline_id
        cross join lateral athlete_search_texts(a.name_lower, a.location_lower) x(text)
      where (a.name_lower, a.location_lower) is distinct from (r.name_lower, r.location_lower)
      union all
      select r.discipline_id, x.text, -1
      from removed r join added a on r.user_id = a.user_id and r.discipline_id = a.discipline_id
        cross join lateral athlete_search_texts(r.name_lower, r.location_lower) x(text)
      where (a.name_lower, a.location_lower) is distinct from (r.name_lower, r.location_lower)
    ) d
    group by 1, 2 having sum(d.delta) <> 0 order by 1, 2
    on conflict (discipline_id, text) do update set n = c.n + excluded.n;
  end if;
  return null;
end;
$$;
create trigger discipline_athlete_texts_insert after insert on discipline_athletes
  referencing new table as added for each statement execute function discipline_athlete_texts_change();
create trigger discipline_athlete_texts_delete after delete on discipline_athletes
  referencing old table as removed for each statement execute function discipline_athlete_texts_change();
create trigger discipline_athlete_texts_update after update on discipline_athletes
  referencing old table as removed new table as added for each statement execute function discipline_athlete_texts_change();

-- The athletes list was the only reader of profiles' own ranking index; every follow no longer updates it.
drop index profiles_athletes_rank_idx;

-- A new follow of an athlete. The person's row is locked (for share) so that a concurrent confirmation or
-- ban either waits for this follow and then sees it, or is seen by it.
create function discipline_athletes_follow() returns trigger language plpgsql as $$
begin
  insert into discipline_athletes (user_id, discipline_id, followers_count, name, athlete_level, name_lower, location_lower)
  select p.id, new.discipline_id, p.followers_count, p.name, p.athlete_level, lower(p.name), lower(p.location)
  from profiles p where p.id = new.user_id and p.email_verified and not p.banned
  for share of p;
  return null;
end;
$$;
create trigger discipline_athletes_follow after insert on discipline_followers
  for each row execute function discipline_athletes_follow();

-- A person becoming or ceasing to be an athlete, or an athlete's ranking or searched fields changing.
create function discipline_athletes_profile() returns trigger language plpgsql as $$
declare
  was boolean := old.email_verified and not old.banned;
  now_is boolean := new.email_verified and not new.banned;
begin
  if was and not now_is then
    delete from discipline_athletes where user_id = old.id;
  elsif now_is and not was then
    insert into discipline_athletes (user_id, discipline_id, followers_count, name, athlete_level, name_lower, location_lower)
    select new.id, f.discipline_id, new.followers_count, new.name, new.athlete_level, lower(new.name), lower(new.location)
    from discipline_followers f where f.user_id = new.id;
  elsif now_is and (old.followers_count, old.name, old.athlete_level, old.location)
                is distinct from (new.followers_count, new.name, new.athlete_level, new.location) then
    update discipline_athletes
    set followers_count = new.followers_count, name = new.name, athlete_level = new.athlete_level,
        name_lower = lower(new.name), location_lower = lower(new.location)
    where user_id = new.id;
  end if;
  return null;
end;
$$;
create trigger discipline_athletes_profile
  after update of email_verified, banned, followers_count, name, athlete_level, location on profiles
  for each row execute function discipline_athletes_profile();

-- rebuild_counts() (the generator's bulk load runs with triggers off) also refills these tables, after the
-- followers counts it copies (the insert's trigger counts the texts).
alter function rebuild_counts() rename to rebuild_public_counts;
create function rebuild_counts() returns void language plpgsql as $$
begin
  perform rebuild_public_counts();
  truncate discipline_athletes, discipline_athlete_texts;
  insert into discipline_athletes (user_id, discipline_id, followers_count, name, athlete_level, name_lower, location_lower)
  select p.id, f.discipline_id, p.followers_count, p.name, p.athlete_level, lower(p.name), lower(p.location)
  from discipline_followers f join profiles p on p.id = f.user_id and p.email_verified and not p.banned;
end;
$$;

insert into discipline_athletes (user_id, discipline_id, followers_count, name, athlete_level, name_lower, location_lower)
select p.id, f.discipline_id, p.followers_count, p.name, p.athlete_level, lower(p.name), lower(p.location)
from discipline_followers f join profiles p on p.id = f.user_id and p.email_verified and not p.banned;
