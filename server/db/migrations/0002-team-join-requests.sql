-- Requests to join a private team, decided by its leader or an admin; decided rows stay as history.
create table team_join_requests (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references teams (id) on delete cascade,
  user_id text not null references profiles (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined')),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by text references profiles (id) on delete set null
);
create unique index team_join_requests_one_pending_idx on team_join_requests (team_id, user_id) where status = 'pending';
create index team_join_requests_team_pending_idx on team_join_requests (team_id, created_at) where status = 'pending';
create index team_join_requests_user_idx on team_join_requests (user_id, team_id, created_at desc);

-- The teams list: visible teams newest first, filtered by type.
create index teams_status_created_at_idx on teams (status, created_at desc);
create index teams_lower_type_idx on teams (lower(type));
