import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvalDecisionSchema, approvalSchema, approvalStaleSchema } from '../../../common/approvals.ts';
import { ERROR_MESSAGES } from '../../../common/error-codes.ts';
import { fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';
import { requireUser } from '../../lib/session.ts';
import { queueApprovedShareCard } from '../../lib/share-card-jobs.ts';
import { decideApproval, listPendingApprovals } from './approvals.db.ts';
import { decideRevision, listPendingRevisions } from './revisions.db.ts';

/** Registered behind the admin guard (server/lib/admin-guard.ts): the signed-in user here is an admin. */
export async function approvalsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  read(app, '/api/admin/approvals', { tags, response: z.array(approvalSchema) }, async (ctx) => {
    const admin = await ctx.requireUser();
    const [contributions, revisions] = await Promise.all([listPendingApprovals(ctx.db), listPendingRevisions(ctx.db, { id: admin.id, role: 'admin' })]);
    return [...contributions, ...revisions].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  });

  r.post(
    '/api/admin/approvals/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid() }),
        body: approvalDecisionSchema,
        response: { 200: z.object({ status: z.string() }), 409: z.union([approvalStaleSchema, z.object({ code: z.string(), message: z.string() })]) },
      },
    },
    async (request, reply) => {
      const admin = await requireUser(request);
      const { id } = request.params;
      // The id is a new contribution's or else an edit's (pending_revisions).
      let result = await decideApproval(app.db, id, request.body, admin.id);
      let revision = false;
      if (result === 'not-found') {
        revision = true;
        const decided = await decideRevision(app.db, id, request.body, { id: admin.id, role: 'admin' });
        if (typeof decided === 'object') await Promise.all(decided.unusedFiles.map((url) => app.storage.remove(url)));
        result = typeof decided === 'object' ? 'done' : decided;
      }
      if (result === 'not-found') fail('NOT_FOUND');
      if (result === 'already-decided') fail('CONFLICT', { message: 'This item was already decided.' });
      if (result === 'stale') {
        // What waits now, for the admin to review before deciding again.
        const [current] = revision ? await listPendingRevisions(app.db, { id: admin.id, role: 'admin' }, id) : await listPendingApprovals(app.db, id);
        return reply.status(409).send({ code: 'APPROVAL_STALE' as const, message: ERROR_MESSAGES.APPROVAL_STALE, current: current ?? null });
      }
      if (request.body.decision === 'approved') await queueApprovedShareCard(app, id);
      return { status: request.body.decision };
    },
  );
}
