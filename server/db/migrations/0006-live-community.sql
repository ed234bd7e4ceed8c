-- Notifications: what happened to a user, newest first; ids only grow, so a client resumes from the last it saw.
create table notifications (
  id bigserial primary key,
  user_id text not null references profiles (id) on delete cascade,
  -- join_request, join_answer, team_added, team_leader, comment, like, approval, follower, event_changed, waitlist_promoted
  type text not null,
  actor_id text references profiles (id) on delete set null,
  -- What it is about: a team, a content item (item_type: article, event, …) or a person.
  subject_type text,
  subject_id text,
  -- Names and details to show without another query (item name, team name, decision, discipline).
  data jsonb not null default '{}',
  read_at timestamptz,
  -- Set when the e-mail digest included it.
  emailed_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_user_idx on notifications (user_id, id desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;
create index notifications_digest_idx on notifications (user_id) where emailed_at is null;

-- Per-type delivery chosen on the own profile; no row means in_app.
create table notification_preferences (
  user_id text not null references profiles (id) on delete cascade,
  type text not null,
  channel text not null check (channel in ('in_app', 'email', 'off')),
  primary key (user_id, type)
);

-- A blocker neither receives messages from nor is followed by the blocked person (and vice versa).
create table user_blocks (
  blocker_id text not null references profiles (id) on delete cascade,
  blocked_id text not null references profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id),
  check (blocker_id <> blocked_id)
);
create index user_blocks_blocked_idx on user_blocks (blocked_id);

-- One-to-one conversations: the pair is stored ordered (user_a < user_b), so there is one per pair.
create table conversations (
  id uuid primary key default gen_random_uuid(),
  user_a text not null references profiles (id) on delete cascade,
  user_b text not null references profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_message_at timestamptz,
  -- What each side has read up to (a message id).
  a_read_id bigint not null default 0,
  b_read_id bigint not null default 0,
  check (user_a < user_b),
  unique (user_a, user_b)
);
create index conversations_user_b_idx on conversations (user_b);

create table messages (
  id bigserial primary key,
  conversation_id uuid not null references conversations (id) on delete cascade,
  sender_id text not null references profiles (id) on delete cascade,
  body text not null check (length(body) between 1 and 2000),
  created_at timestamptz not null default now()
);
create index messages_conversation_idx on messages (conversation_id, id desc);

-- The feed reads new events of followed disciplines and new members of a team, newest first.
create index events_discipline_created_idx on events (discipline_id, created_at desc);
create index team_members_team_joined_idx on team_members (team_id, joined_at desc);
