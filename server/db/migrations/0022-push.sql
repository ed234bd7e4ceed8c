-- Issue 21, item 4: Web Push. A type's channel may be 'push': the bell, and the person's devices.
alter table notification_preferences drop constraint notification_preferences_channel_check;
alter table notification_preferences add constraint notification_preferences_channel_check
  check (channel in ('in_app', 'email', 'push', 'off'));

-- One row per browser that accepted push for a person. It belongs to the session it was made in:
-- logging out (or the session expiring) ends the device's pushes with it. An endpoint is one
-- browser's, so a second account signing in on it takes it over (unique endpoint).
create table push_subscriptions (
  id bigserial primary key,
  user_id text not null references profiles (id) on delete cascade,
  session_id text not null references sessions (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  -- Read off the User-Agent when it subscribed (product names, not translated); null when unknown.
  browser text,
  system text,
  created_at timestamptz not null default now(),
  last_push_at timestamptz
);
create index push_subscriptions_user_idx on push_subscriptions (user_id);
create index push_subscriptions_session_idx on push_subscriptions (session_id);

-- New notifications of a type the person gets by push, waiting for the sender (server/features/push).
-- A queue rather than a column of notifications: most notifications are never pushed.
create table push_queue (
  notification_id bigint primary key references notifications (id) on delete cascade,
  queued_at timestamptz not null default now()
);
