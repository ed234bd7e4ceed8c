-- Nobody becomes a member because someone else chose them: a leader's or an admin's addition is an
-- invitation the person accepts or declines. Decided rows are deleted, so only pending ones are kept.
create table team_invitations (
  team_id uuid not null references teams (id) on delete cascade,
  user_id text not null references profiles (id) on delete cascade,
  invited_by text references profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (team_id, user_id)
);
create index team_invitations_user_idx on team_invitations (user_id);
