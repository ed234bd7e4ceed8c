-- Secret spots (issue 20, item 4): a place is seen by everyone ('public'), by the members of one team
-- ('crew', team_id) or by its author only ('private'); admins see all.
alter table places
  add column visibility text not null default 'public' check (visibility in ('public', 'crew', 'private')),
  -- A crew place whose team is deleted is left to its author alone (no member matches a null team).
  add column team_id uuid references teams (id) on delete set null;

-- A secret place is never 'approved': every public read path, kept count (public_counts), partial
-- index, feed and activity that asks for approved places leaves secret ones out by construction.
-- Secret places skip the approvals queue (never public, nothing to approve) and stay 'pending';
-- made public, they wait in the queue like any new place.
alter table places add constraint places_secret_never_approved check (visibility = 'public' or status <> 'approved');

-- The crew test of the visibility predicate, and a team's secret places.
create index places_team_idx on places (team_id) where team_id is not null;
