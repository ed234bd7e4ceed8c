-- Discipline sections on real data: the spec's backend fields plus the sample-only shapes of spec §3.

alter table events add column type text not null default 'Meetup' check (type in ('Competition', 'Meetup', 'Festival', 'Workshop'));
-- 0 means free; the web app shows 'Join Event' for free events and 'Register Now' otherwise.
alter table events add column price numeric(10, 2) not null default 0 check (price >= 0);
-- null means no limit.
alter table events add column max_attendees integer check (max_attendees between 1 and 100000);

-- One row per person and event: 'going' holds a place, 'waitlist' waits for one in arrival order.
create table event_attendees (
  event_id uuid not null references events (id) on delete cascade,
  user_id text not null references profiles (id) on delete cascade,
  status text not null check (status in ('going', 'waitlist')),
  created_at timestamptz not null default now(),
  primary key (event_id, user_id)
);
create index event_attendees_queue_idx on event_attendees (event_id, status, created_at);
create index event_attendees_user_idx on event_attendees (user_id);

alter table tricks add column level text not null default 'Beginner' check (level in ('Beginner', 'Intermediate', 'Advanced'));
alter table tricks add column steps jsonb not null default '[]';
alter table tricks add column tips jsonb not null default '[]';

-- A person's progression on a trick.
create table trick_progress (
  trick_id uuid not null references tricks (id) on delete cascade,
  user_id text not null references profiles (id) on delete cascade,
  state text not null check (state in ('learning', 'landed')),
  updated_at timestamptz not null default now(),
  primary key (trick_id, user_id)
);
create index trick_progress_user_idx on trick_progress (user_id, updated_at desc);

alter table reviews add column brand text not null default '';
alter table reviews add column category text not null default 'Accessories' check (category in ('Board', 'Wetsuit', 'Camera', 'Accessories'));
alter table reviews add column price numeric(10, 2) check (price >= 0);
alter table reviews add column release_date date;
alter table reviews add column pros jsonb not null default '[]';
alter table reviews add column cons jsonb not null default '[]';
alter table reviews add column overall_score numeric(3, 1) check (overall_score between 0 and 10);

create table shops (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  discipline_id text not null references disciplines (id) on delete cascade,
  description text not null,
  location text not null,
  established_year integer check (established_year between 1800 and 2100),
  sponsored_athletes integer not null default 0 check (sponsored_athletes >= 0),
  specialties jsonb not null default '[]',
  brands jsonb not null default '[]',
  email text,
  phone text,
  website text,
  image_url text,
  author_id text references profiles (id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index shops_discipline_idx on shops (discipline_id, created_at desc);
create index shops_created_at_idx on shops (created_at desc);
create index shops_author_idx on shops (author_id);

-- Likes, comments and ratings on any content item (item_type: article, event, place, review, trick, shop).
create table likes (
  item_type text not null,
  item_id uuid not null,
  user_id text not null references profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (item_type, item_id, user_id)
);
create index likes_user_idx on likes (user_id);

create table comments (
  id uuid primary key default gen_random_uuid(),
  item_type text not null,
  item_id uuid not null,
  author_id text not null references profiles (id) on delete cascade,
  body text not null check (length(body) between 1 and 2000),
  created_at timestamptz not null default now()
);
create index comments_item_idx on comments (item_type, item_id, created_at desc);
create index comments_author_idx on comments (author_id);

create table ratings (
  item_type text not null,
  item_id uuid not null,
  user_id text not null references profiles (id) on delete cascade,
  score smallint not null check (score between 1 and 5),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (item_type, item_id, user_id)
);
create index ratings_user_idx on ratings (user_id);

-- Reactions have no foreign key to their item (it lives in one of six tables): the item's deletion removes them.
create function delete_item_reactions() returns trigger language plpgsql as $$
begin
  delete from likes where item_type = tg_argv[0] and item_id = old.id;
  delete from comments where item_type = tg_argv[0] and item_id = old.id;
  delete from ratings where item_type = tg_argv[0] and item_id = old.id;
  delete from pending_approvals where item_type = tg_argv[0] and item_id = old.id::text;
  return old;
end;
$$;
create trigger articles_reactions after delete on articles for each row execute function delete_item_reactions('article');
create trigger events_reactions after delete on events for each row execute function delete_item_reactions('event');
create trigger places_reactions after delete on places for each row execute function delete_item_reactions('place');
create trigger reviews_reactions after delete on reviews for each row execute function delete_item_reactions('review');
create trigger tricks_reactions after delete on tricks for each row execute function delete_item_reactions('trick');
create trigger shops_reactions after delete on shops for each row execute function delete_item_reactions('shop');
