-- Issue 21, item 5: recurring events. A series is a rule (weekly, every two weeks, monthly on a day or
-- on a weekday of the month, a number of times, on the organiser's wall clock in their time zone) and
-- one event row per date, so that each date has its own RSVPs, waiting list, comments and page. A date
-- deleted from the series is an exception (the rule's date with no row: EXDATE in the .ics); a date
-- edited on its own is `detached`, and later edits of the series leave it as it is.
create table event_series (
  id uuid primary key default gen_random_uuid(),
  frequency text not null check (frequency in ('weekly', 'biweekly', 'monthly-day', 'monthly-weekday')),
  date_count integer not null check (date_count between 1 and 52),
  time_zone text not null,
  -- The rule's first date (DTSTART): it moves when the series' dates are moved.
  starts_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A series goes only with its last date (below); the cascade keeps the pair of columns whole regardless.
alter table events add column series_id uuid references event_series (id) on delete cascade;
-- The date's place in the rule (0 for its first date): the key of RECURRENCE-ID and EXDATE.
alter table events add column series_index integer;
alter table events add column detached boolean not null default false;
alter table events add constraint events_series_index check ((series_id is null) = (series_index is null));
create unique index events_series_idx on events (series_id, series_index) where series_id is not null;

-- A series is approved or rejected as one: its first date waits in the approvals queue, and the
-- decision reaches every date. (The update below fires this trigger again on each sibling, which then
-- finds nothing left to change.)
create function event_series_status() returns trigger language plpgsql as $$
begin
  update events set status = new.status, updated_at = now()
    where series_id = new.series_id and id <> new.id and status <> new.status;
  return new;
end;
$$;
create trigger event_series_status after update of status on events
  for each row when (new.series_id is not null and old.status is distinct from new.status)
  execute function event_series_status();

-- Deleting the date that waits in the queue hands its place there to the next date of the series, so
-- that the others are still decided.
create function event_series_delete() returns trigger language plpgsql as $$
begin
  update pending_approvals set item_id = (
      select e.id::text from events e where e.series_id = old.series_id and e.id <> old.id order by e.series_index limit 1)
    where item_type = 'event' and item_id = old.id::text and status = 'pending'
      and exists (select 1 from events e where e.series_id = old.series_id and e.id <> old.id);
  return old;
end;
$$;
create trigger event_series_delete before delete on events
  for each row when (old.series_id is not null) execute function event_series_delete();

-- Deleting a date is an edit of its series (a calendar app takes the new version: SEQUENCE). Deleting
-- its last date shortens its rule (a calendar app then ends the series there instead of listing an
-- exception), and deleting its only date left takes the series with it.
create function event_series_gone() returns trigger language plpgsql as $$
declare
  last_index integer;
begin
  select max(e.series_index) into last_index from events e where e.series_id = old.series_id;
  if last_index is null then
    delete from event_series s where s.id = old.series_id;
  else
    update event_series s set date_count = case when old.series_index > last_index then last_index + 1 else s.date_count end, updated_at = now()
      where s.id = old.series_id;
  end if;
  return old;
end;
$$;
create trigger event_series_gone after delete on events
  for each row when (old.series_id is not null) execute function event_series_gone();
