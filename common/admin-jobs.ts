import { z } from 'zod';
import { withInput } from './actions.ts';
import { discardDeadJobAction, retryDeadJobAction } from './admin-jobs-basics.ts';

const count = z.number().int().min(0);

export const jobQueueCountsSchema = z.object({ queue: z.string(), waiting: count, active: count, failed: count, dead: count });

/** A failed run, or a dead job with the error of its last run: its message only, never a stack. */
export const jobFailureSchema = z.object({
  id: z.string(),
  queue: z.string(),
  key: z.string().nullable(),
  error: z.string(),
  at: z.iso.datetime(),
  attempts: count,
});

export const adminJobsSchema = z.object({
  queues: z.array(jobQueueCountsSchema),
  failures: z.array(jobFailureSchema),
  dead: z.array(jobFailureSchema),
});
export type AdminJobs = z.infer<typeof adminJobsSchema>;
export type JobFailureItem = z.infer<typeof jobFailureSchema>;

// pg-boss's job ids are UUIDs: anything else names no job and is refused before the database is asked.
const jobId = z.uuid();

export const retryDeadJobWithInput = withInput(retryDeadJobAction, z.object({ id: jobId }));
export const discardDeadJobWithInput = withInput(discardDeadJobAction, z.object({ id: jobId }));
