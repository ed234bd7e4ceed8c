-- Sessions (check-ins) at places (issue 20, item 1). The table is ride_sessions because `sessions`
-- holds sign-in sessions (better-auth).
create table ride_sessions (
  id uuid primary key default gen_random_uuid(),
  author_id text not null references profiles (id) on delete cascade,
  place_id uuid not null references places (id) on delete cascade,
  -- The place's discipline when the session was logged: per-discipline stats and the trick check
  -- read it without joining places, and a place moved to another discipline keeps its history.
  discipline_id text not null references disciplines (id) on delete cascade,
  started_at timestamptz not null,
  -- Minutes; null for a session logged "now" that is still going.
  duration_minutes integer check (duration_minutes between 1 and 1440),
  note text check (char_length(note) <= 1000),
  -- public: everyone who may see the place; followers: the author's followers; private: the author.
  -- A session at a secret place is never public (checked by the API: SESSION_PLACE_NOT_PUBLIC).
  visibility text not null default 'public' check (visibility in ('public', 'followers', 'private')),
  created_at timestamptz not null default now()
);
-- "Out now" (the last 3 hours) and a place's recent sessions: one index range each.
create index ride_sessions_place_idx on ride_sessions (place_id, started_at desc);
-- A rider's log, streak and stats.
create index ride_sessions_author_idx on ride_sessions (author_id, started_at desc);
-- Followers' feeds and the admin's moderation list, newest first.
create index ride_sessions_created_idx on ride_sessions (created_at desc);

-- Tricks landed in a session (each also marks the trick landed in the rider's progression).
create table ride_session_tricks (
  session_id uuid not null references ride_sessions (id) on delete cascade,
  trick_id uuid not null references tricks (id) on delete cascade,
  primary key (session_id, trick_id)
);
create index ride_session_tricks_trick_idx on ride_session_tricks (trick_id);

-- Companions tagged by the author among people they follow; shown only once they accept.
create table ride_session_companions (
  session_id uuid not null references ride_sessions (id) on delete cascade,
  user_id text not null references profiles (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'accepted')),
  created_at timestamptz not null default now(),
  primary key (session_id, user_id)
);
create index ride_session_companions_user_idx on ride_session_companions (user_id, status);
