-- Issue 39: one job queue (pg-boss, in its own schema `pgboss`, which it creates and migrates itself
-- when the server starts: docs/decisions/0019-job-queue.md). This table is ours: what a job sends to
-- the outside world (a mail, a push to a device), by the job's key. A run claims the key before it
-- sends (claimed_at) and marks it sent after (sent_at): a job run again (a retry after a crash, a dead
-- job retried by an admin, two jobs of one key) finds it sent, or being sent, and sends nothing twice.
create table sent_jobs (
  key text primary key,
  claimed_at timestamptz not null default now(),
  sent_at timestamptz
);
-- The cleanup job forgets keys older than any job can live (server/lib/cleanup.ts).
create index sent_jobs_claimed_at_idx on sent_jobs (claimed_at);
