import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_JOBS_LISTED } from '../../../common/admin-jobs-basics.ts';
import { adminJobsSchema, discardDeadJobWithInput, retryDeadJobWithInput } from '../../../common/admin-jobs.ts';
import { serveAction } from '../../lib/actions.ts';
import { fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';

const tags = ['admin'];

/**
 * The Jobs tab (issue 39, docs/decisions/0019-job-queue.md): per queue its waiting, active, failed
 * and dead jobs, the last failures with their error, and a dead job retried or discarded. Behind the
 * admin guard (server/app.ts adminApi); the actions' plain forms (/actions/…) are not under
 * /api/admin/, so their function asks for an admin itself.
 */
export async function adminJobsRoutes(app: FastifyInstance): Promise<void> {
  read(app, '/api/admin/jobs', { tags, cache: 'no-store', response: adminJobsSchema }, async (ctx) => {
    await ctx.requireAdmin();
    const [queues, failures, dead] = await Promise.all([app.jobs.counts(), app.jobs.failures(ADMIN_JOBS_LISTED), app.jobs.dead(ADMIN_JOBS_LISTED)]);
    return { queues, failures, dead };
  });

  serveAction(app, retryDeadJobWithInput, { tags, response: z.null(), status: 204, cache: 'no-store' }, async (ctx, { id }) => {
    await ctx.requireAdmin();
    if (!(await app.jobs.retryDead(id))) fail('NOT_FOUND');
    return null;
  });

  serveAction(app, discardDeadJobWithInput, { tags, response: z.null(), status: 204, cache: 'no-store' }, async (ctx, { id }) => {
    await ctx.requireAdmin();
    if (!(await app.jobs.discardDead(id))) fail('NOT_FOUND');
    return null;
  });
}
