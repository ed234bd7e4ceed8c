import type { Timestamp } from './schema-columns.ts';

// The job queue (migration 0032), part of ./schema.ts's DB (checked against the migrated database by
// ./schema.test.ts). pg-boss's own tables are in the schema `pgboss`, never read through Kysely.

/** What a job sends to the outside world, by the job's key: claimed before, marked sent after (server/lib/jobs.ts sentOnce). */
export interface SentJobsTable {
  key: string;
  claimed_at: Timestamp;
  sent_at: Date | null;
}
