-- People following people (public profile Follow/Unfollow, real Followers and Following counts).
create table user_follows (
  follower_id text not null references profiles (id) on delete cascade,
  followee_id text not null references profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (follower_id, followee_id),
  check (follower_id <> followee_id)
);
create index user_follows_followee_idx on user_follows (followee_id, created_at desc);

alter table profiles add column achievements jsonb not null default '[]';

-- Activity feeds read these by user, newest first.
create index discipline_followers_user_idx on discipline_followers (user_id, created_at desc);
create index team_members_user_joined_idx on team_members (user_id, joined_at desc);
