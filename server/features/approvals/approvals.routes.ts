import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvalDecisionSchema, approvalSchema } from '../../../common/approvals.ts';
import { fail } from '../../lib/errors.ts';
import { requireUser } from '../../lib/session.ts';
import { decideApproval, listPendingApprovals } from './approvals.db.ts';
import { decideRevision, listPendingRevisions } from './revisions.db.ts';

/** Registered behind the admin guard (server/lib/admin-guard.ts): the signed-in user here is an admin. */
export async function approvalsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get('/api/admin/approvals', { schema: { tags, response: { 200: z.array(approvalSchema) } } }, async (request) => {
    const admin = await requireUser(request);
    const [contributions, revisions] = await Promise.all([listPendingApprovals(app.db), listPendingRevisions(app.db, { id: admin.id, role: 'admin' })]);
    return [...contributions, ...revisions].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  });

  r.post(
    '/api/admin/approvals/:id',
    { schema: { tags, params: z.object({ id: z.uuid() }), body: approvalDecisionSchema, response: { 200: z.object({ status: z.string() }) } } },
    async (request) => {
      const admin = await requireUser(request);
      // The id is a new contribution's or else an edit's (pending_revisions).
      let result = await decideApproval(app.db, request.params.id, request.body.decision, admin.id);
      if (result === 'not-found') {
        const revision = await decideRevision(app.db, request.params.id, request.body.decision, { id: admin.id, role: 'admin' });
        if (typeof revision === 'object') await Promise.all(revision.unusedFiles.map((url) => app.storage.remove(url)));
        result = typeof revision === 'object' ? 'done' : revision;
      }
      if (result === 'not-found') fail('NOT_FOUND');
      if (result === 'already-decided') fail('CONFLICT', { message: 'This item was already decided.' });
      return { status: request.body.decision };
    },
  );
}
