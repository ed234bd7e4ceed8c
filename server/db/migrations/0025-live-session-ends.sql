-- Issue 37: a live stream outlived its session by up to the periodic check (2 s), and a notification
-- sent right after a sign-out reached it. The end of a session, and a change of an account that ends
-- its streams (a ban, a change of role), is now published on the live channel (server/lib/live.ts)
-- by the database itself, whichever path made it (better-auth's sign-out, a password change or reset
-- revoking sessions, an account deleted, an admin's ban or demotion). NOTIFYs reach each listener in
-- commit order: every process closes the streams before anything published after it is delivered.

create function live_session_ended() returns trigger language plpgsql as $$
begin
  perform pg_notify('stoked_live', json_build_object('event', 'session-end', 'userId', old.user_id, 'sessionId', old.id)::text);
  return null;
end $$;
create trigger sessions_live_end after delete on sessions for each row execute function live_session_ended();

-- A session made to expire now (not better-auth's extension of one, which moves the date forward).
create function live_session_expired() returns trigger language plpgsql as $$
begin
  if new.expires_at <= now() and old.expires_at > now() then
    perform pg_notify('stoked_live', json_build_object('event', 'session-end', 'userId', new.user_id, 'sessionId', new.id)::text);
  end if;
  return null;
end $$;
create trigger sessions_live_expired after update of expires_at on sessions for each row execute function live_session_expired();

-- The account's role and whether it is banned now (a ban whose end has passed does not count, as in
-- server/features/live/live.db.ts): each process ends the streams opened otherwise.
create function live_account_changed() returns trigger language plpgsql as $$
begin
  if new.role is distinct from old.role or new.banned is distinct from old.banned or new.ban_expires is distinct from old.ban_expires then
    perform pg_notify('stoked_live', json_build_object(
      'event', 'account', 'userId', new.id, 'role', new.role,
      'banned', coalesce(new.banned, false) and (new.ban_expires is null or new.ban_expires > now())
    )::text);
  end if;
  return null;
end $$;
create trigger profiles_live_account after update of role, banned, ban_expires on profiles for each row execute function live_account_changed();
