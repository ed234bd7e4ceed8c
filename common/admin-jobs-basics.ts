import { defineAction } from './actions.ts';

// The admin panel's Jobs tab (issue 39): the job queue's counts, its last failures and its dead jobs,
// each dead one retried or discarded by an admin. Zod-free (decision 0009); the schemas are in ./admin-jobs.ts.

/** Failures and dead jobs listed, newest first: the tab shows what went wrong lately, not a history. */
export const ADMIN_JOBS_LISTED = 20;

/** A dead job back into its queue: a new run, its key kept, so what it had sent is not sent again. */
export const retryDeadJobAction = defineAction<{ id: string }, null>()({
  name: 'admin-job-retry',
  method: 'POST',
  path: '/api/admin/jobs/:id/retry',
  done: { kind: 'success', title: 'admin.jobs.retried' },
  failTitle: 'admin.jobs.actionFailed',
});

/** A dead job forgotten: what it was to do is not done. */
export const discardDeadJobAction = defineAction<{ id: string }, null>()({
  name: 'admin-job-discard',
  method: 'DELETE',
  path: '/api/admin/jobs/:id',
  done: { kind: 'success', title: 'admin.jobs.discarded' },
  failTitle: 'admin.jobs.actionFailed',
});
