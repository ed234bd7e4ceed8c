-- Issue 20 item 3: an event may be held at a place (a free-text location stays its address in words).
-- A removed place leaves its events without one; the events of a place, upcoming first, for the place
-- page and for telling organisers of a new closure.
alter table events add column place_id uuid references places (id) on delete set null;
create index events_place_idx on events (place_id, end_date) where place_id is not null;
