-- Condition reports on places (issue 20, item 2). expires_at is fixed when the report is made
-- (now + CONDITIONS_TTL_HOURS), so every read (place card, marker, place page) tests one column
-- without knowing the setting; a changed setting applies to new reports.
create table condition_reports (
  id uuid primary key default gen_random_uuid(),
  place_id uuid not null references places (id) on delete cascade,
  author_id text not null references profiles (id) on delete cascade,
  kind text not null check (kind in ('water', 'snow', 'sky', 'ground')),
  "values" jsonb not null,
  note text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
-- The latest current report of a place (cards, markers) and its recent list: one index range each.
create index condition_reports_place_idx on condition_reports (place_id, created_at desc);
-- The count on the reporter's profile.
create index condition_reports_author_idx on condition_reports (author_id);

-- Likes of a report: its own table, so deleting a report (or its place) takes them along.
create table condition_report_likes (
  report_id uuid not null references condition_reports (id) on delete cascade,
  user_id text not null references profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (report_id, user_id)
);
create index condition_report_likes_user_idx on condition_report_likes (user_id);
