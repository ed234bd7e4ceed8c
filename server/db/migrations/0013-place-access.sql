-- Issue 20 item 3: a place's access. The status its stewards set (open unless told), dated closures
-- (a yearly one comes back every year on the same days: a nesting season), the riders an admin names
-- to keep them, and the history of every change, kept after the person who made it is gone.
alter table places add column access_status text not null default 'open'
  check (access_status in ('open', 'restricted', 'permit', 'closed'));
create index places_access_status_idx on places (discipline_id, access_status);

create table place_closures (
  id uuid primary key default gen_random_uuid(),
  place_id uuid not null references places (id) on delete cascade,
  starts_on date not null,
  ends_on date not null,
  reason text not null,
  yearly boolean not null default false,
  created_by text references profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  check (ends_on >= starts_on)
);
create index place_closures_place_idx on place_closures (place_id, starts_on);

create table place_stewards (
  place_id uuid not null references places (id) on delete cascade,
  user_id text not null references profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (place_id, user_id)
);
create index place_stewards_user_idx on place_stewards (user_id);

-- One row per change; what changed is in the columns its kind uses (a status, a closure, a steward).
create table place_access_changes (
  id uuid primary key default gen_random_uuid(),
  place_id uuid not null references places (id) on delete cascade,
  actor_id text references profiles (id) on delete set null,
  kind text not null check (kind in ('status', 'closure-added', 'closure-removed', 'steward-added', 'steward-removed')),
  status text,
  starts_on date,
  ends_on date,
  reason text,
  yearly boolean,
  subject_id text references profiles (id) on delete set null,
  created_at timestamptz not null default now()
);
create index place_access_changes_place_idx on place_access_changes (place_id, created_at desc);
