-- The admin's moderation list of condition reports, newest first (issue 20): one index range
-- instead of sorting every report (a million in bench:scale's largest size).
create index condition_reports_created_idx on condition_reports (created_at desc);
