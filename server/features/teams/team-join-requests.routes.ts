import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UUID_PATTERN } from '../../../common/content.ts';
import { joinRequestSchema } from '../../../common/teams.ts';
import { idParams } from '../../lib/content-routes.ts';
import { fail } from '../../lib/errors.ts';
import { contextOf } from '../../lib/context.ts';
import { read } from '../../lib/reads.ts';
import { requireUser } from '../../lib/session.ts';
import { findTeam, noContent, requestParams, requireTeamManager, tags } from './team-access.ts';
import { cancelJoinRequest, decideJoinRequest, listJoinRequests } from './team-join-requests.db.ts';

/** Requests to join a private team (asking is POST /join, in the membership routes): cancelling one, and the leader's list and answers. */
export async function teamJoinRequestsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.delete('/api/teams/:id/join-request', { schema: { tags, params: idParams, response: noContent } }, async (request, reply) => {
    const user = await requireUser(request);
    await findTeam(app, request.params.id, user);
    if (!(await cancelJoinRequest(app.db, request.params.id, user.id))) fail('NOT_FOUND');
    return reply.status(204).send(null);
  });

  read(app, '/api/teams/:id/join-requests', { tags, cache: 'no-store', params: idParams, response: z.array(joinRequestSchema) }, async (ctx, { params }) => {
    await requireTeamManager(ctx, params.id);
    return listJoinRequests(ctx.db, params.id);
  });

  for (const [action, decision] of [['accept', 'accepted'], ['decline', 'declined']] as const) {
    r.post(
      `/api/teams/:id/join-requests/:requestId/${action}`,
      { schema: { tags, params: requestParams, response: { 200: joinRequestSchema } } },
      async (request) => {
        const user = await requireTeamManager(contextOf(request), request.params.id);
        if (!UUID_PATTERN.test(request.params.requestId)) fail('NOT_FOUND');
        const result = await decideJoinRequest(app.db, request.params.id, request.params.requestId, decision, user.id);
        if (result === 'not-found') fail('NOT_FOUND');
        if (result === 'blocked') fail('BLOCKED');
        if (result === 'already-decided') fail('CONFLICT', { message: 'This request was already decided.' });
        return result;
      },
    );
  }
}
